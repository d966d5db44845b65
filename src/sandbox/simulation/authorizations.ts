import type { CardEvent, SimulatedAuthorization, Transaction } from '../../shared/service';
import { DECLINE, declineReasonFor, type Attempt } from '../cards/authorization-rules';
import { requireCard } from '../cards/lookups';
import { cardsOfGroup } from '../cards/utilization';
import { rawMerchantDescription } from '../transactions/card-profiles';
import type { CardRecord, MerchantRecord, VirtualAccountRecord } from '../world/records';
import type { World } from '../world/world';

export interface AuthorizationOutcome {
  approved: boolean;
  declineReason?: string;
  transaction: Transaction;
  event: CardEvent;
}

/**
 * The merchant of the attempt: a seeded one matched by name (case-insensitively) supplies MCC,
 * country and location; an unknown name is taken as given (MCC 5999, US); no name picks a seeded
 * merchant at random. An explicit mcc or country always wins.
 */
function merchantFor(world: World, input: SimulatedAuthorization): { merchant: MerchantRecord; known: boolean } {
  const merchants = [...world.merchants.values()];
  if (input.merchantName === undefined) return { merchant: world.rng.pick(merchants), known: true };
  const wanted = input.merchantName.toLowerCase();
  const found = merchants.find((m) => m.name.toLowerCase() === wanted);
  if (found) return { merchant: found, known: true };
  const merchant: MerchantRecord = {
    id: '',
    name: input.merchantName,
    url: '',
    categoryCode: '5999',
    city: 'San Francisco',
    state: 'CA',
    country: 'US',
    zip: '94105',
  };
  return { merchant, known: false };
}

/** The balance the card spends from: its own virtual account, else its group's, else the primary. */
function fundingAccount(world: World, card: CardRecord): VirtualAccountRecord | undefined {
  const group = card.cardGroupId ? world.cardGroups.get(card.cardGroupId) : undefined;
  const id = card.virtualAccountId ?? group?.virtualAccountId ?? world.primaryVirtualAccountId;
  return world.virtualAccounts.get(id);
}

function decide(
  world: World,
  card: CardRecord,
  va: VirtualAccountRecord | undefined,
  a: Attempt,
  nowMs: number,
): string | undefined {
  if (card.status !== 'active') return DECLINE.cardNotActive;
  const own = declineReasonFor(world, card.spendingConstraint, [card.id], a, nowMs);
  if (own) return own;
  const group = card.cardGroupId ? world.cardGroups.get(card.cardGroupId) : undefined;
  if (group) {
    const ids = cardsOfGroup(world, group.id).map((c) => c.id);
    const reason = declineReasonFor(world, group.spendingConstraint, ids, a, nowMs);
    if (reason) return reason;
  }
  if (!va || va.closedAt !== null) return DECLINE.accountClosed;
  if (world.transactions.totals(va.id).availableCents < a.amountCents) return DECLINE.funds;
  return undefined;
}

/**
 * Simulates one card authorization: checks the card's status, its own and its group's constraints,
 * then the funds of the virtual account it spends from. An approval books a pending debit; a
 * decline books a failed `declined` transaction (which moves no balance). Either way the card gets
 * an authorization event, and a single-use card closes after the attempt, approved or not.
 * Runs without awaiting, so no other request can interleave between the checks and the booking.
 */
export function authorize(world: World, input: SimulatedAuthorization): AuthorizationOutcome {
  const card = requireCard(world, input.cardId);
  const now = world.clock.now();
  const at = new Date(now).toISOString();
  const { merchant, known } = merchantFor(world, input);
  const attempt: Attempt = {
    amountCents: input.amountCents,
    merchantName: merchant.name,
    ...(known ? { merchantId: merchant.id } : {}),
    mcc: input.mcc ?? merchant.categoryCode,
    country: input.country ?? merchant.country,
  };
  const va = fundingAccount(world, card);
  const declineReason = decide(world, card, va, attempt, now);
  const account = world.accounts.get(card.accountId);
  const description = rawMerchantDescription({ ...merchant, country: attempt.country });

  const tx: Transaction = {
    id: world.ids.next('txn'),
    date: at,
    description: merchant.name,
    amountCents: -input.amountCents,
    status: declineReason ? 'failed' : 'pending',
    detailedStatus: declineReason ? 'declined' : 'pending',
    accountId: card.accountId,
    accountSubtype: account?.type === 'charge_card' ? 'credit' : 'cash',
    ...(va ? { virtualAccountId: va.id } : {}),
    merchantDescription: description,
    merchantData: {
      description,
      categoryCode: attempt.mcc,
      location: { city: merchant.city, state: merchant.state, country: attempt.country, zip: merchant.zip },
    },
    cardId: card.id,
    authorizedAt: at,
    // The network's reference comes with an approval; a decline has none (as in the seeded history).
    ...(declineReason ? { declineReason } : { referenceNumber: world.rng.digits(16) }),
  };
  world.transactions.insert({ tx, dateMs: now, authorizedAtMs: now, kind: 'card' });

  const event: CardEvent = {
    id: world.ids.next('cev'),
    cardId: card.id,
    type: 'authorization',
    approved: declineReason === undefined,
    amountCents: input.amountCents,
    merchantName: merchant.name,
    merchantCategoryCode: attempt.mcc,
    country: attempt.country,
    ...(declineReason ? { declineReason } : {}),
    transactionId: tx.id,
    createdAt: at,
  };
  const events = world.cardEvents.get(card.id) ?? [];
  events.push(event);
  world.cardEvents.set(card.id, events);

  if (card.isSingleUse) card.status = 'closed';
  return {
    approved: declineReason === undefined,
    ...(declineReason ? { declineReason } : {}),
    transaction: structuredClone(tx),
    event,
  };
}

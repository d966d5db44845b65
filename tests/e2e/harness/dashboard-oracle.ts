import { expect } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';
import type { Transaction } from '../../../src/shared/service';
import { allTransactions } from './expected';

/**
 * The Dashboard's card figures computed from the sandbox's own transactions, cards, groups and
 * accounts, by docs/features/cash-position.md's Dashboard section written here apart from the app (no forecast
 * module, no card utilization):
 * - card spend is money out with a card that went through: a debit naming a card whose detailed
 *   status is pending, settled or dispute (a disputed purchase's money stays out until a credit
 *   comes back; a fee charged to a card counts too); declines, refunds and reversals are not;
 * - months and days are UTC;
 * - an account's projected card spend a day is its card spend over the 28 full UTC days before
 *   today, divided by 28, to the nearest cent (halves up); a purchase that names no virtual
 *   account counts for the account its card spends from: its own, else its group's, else the
 *   primary.
 */

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 28;

export function isCardSpend(t: Transaction): boolean {
  return (
    t.cardId !== undefined &&
    t.amountCents < 0 &&
    (t.detailedStatus === 'pending' || t.detailedStatus === 'settled' || t.detailedStatus === 'dispute')
  );
}

/** Card spend (positive cents) of the rows dated in [fromMs, toMs). */
export function cardSpendBetween(txs: readonly Transaction[], fromMs: number, toMs: number): number {
  return txs
    .filter((t) => isCardSpend(t) && Date.parse(t.date) >= fromMs && Date.parse(t.date) < toMs)
    .reduce((sum, t) => sum - t.amountCents, 0);
}

/** This UTC month so far and the whole one before it, for the instant `nowMs`. */
export function cardSpendByMonth(sandbox: Sandbox, nowMs: number): { thisMonth: number; lastMonth: number } {
  const now = new Date(nowMs);
  const [last, current, next] = [-1, 0, 1].map((m) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + m, 1)) as [
    number,
    number,
    number,
  ];
  const txs = allTransactions(sandbox);
  return { thisMonth: cardSpendBetween(txs, current, next), lastMonth: cardSpendBetween(txs, last, current) };
}

/** The virtual account a card spends from, as the sandbox holds the card and its group. */
export function spendingAccountOf(sandbox: Sandbox, cardId: string): string {
  const card = sandbox.world.cards.get(cardId);
  const group = card?.cardGroupId ? sandbox.world.cardGroups.get(card.cardGroupId) : undefined;
  return card?.virtualAccountId ?? group?.virtualAccountId ?? sandbox.world.primaryVirtualAccountId;
}

/** Each account's projected card spend a day (cents), for the UTC day holding `nowMs`; absent: none. */
export function projectedDailySpend(sandbox: Sandbox, nowMs: number): Map<string, number> {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const history = new Map<string, number>();
  for (const t of allTransactions(sandbox)) {
    const at = Date.parse(t.date);
    if (!isCardSpend(t) || at < today - HISTORY_DAYS * DAY_MS || at >= today) continue;
    const account = t.virtualAccountId ?? spendingAccountOf(sandbox, t.cardId ?? '');
    history.set(account, (history.get(account) ?? 0) - t.amountCents);
  }
  // Whole cents over 28 are never within a float's error of a half: Math.round is exact here.
  return new Map([...history].map(([account, cents]) => [account, Math.round(cents / HISTORY_DAYS)]));
}

/** "$1,234.56" / "-$1,234.56", as a person reads dollars. */
async function service(
  sandbox: Sandbox,
  method: 'POST' | 'PATCH',
  path: string,
  body: object,
): Promise<{ id: string }> {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return (await res.json()) as { id: string };
}

/** A new card through the service (POST /card), moved into `groupId` afterwards when given (PATCH keeps its virtual account). */
export async function newCard(
  sandbox: Sandbox,
  body: { accountId: string; name: string },
  groupId?: string,
): Promise<string> {
  const { id } = await service(sandbox, 'POST', '/card', { ...body, type: 'virtual' });
  if (groupId) await moveCard(sandbox, id, groupId);
  return id;
}

export async function moveCard(sandbox: Sandbox, cardId: string, groupId: string): Promise<void> {
  await service(sandbox, 'PATCH', `/card/${cardId}`, { cardGroupId: groupId });
}

/**
 * A settled purchase on `cardId` that names no virtual account (the field is optional: docs/service.md,
 * "Transactions"), put straight into the sandbox's store: the sandbox names one on every purchase it makes,
 * and a service that does not is what the rule for such purchases is for.
 */
/** Disputes a settled card purchase through the sandbox's admin route, over HTTP (the money stays out). */
export async function disputePurchase(sandbox: Sandbox, transactionId: string): Promise<void> {
  const res = await fetch(`${sandbox.apiUrl}/__sandbox/transactions/${transactionId}/follow-up`, {
    method: 'POST',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'dispute' }),
  });
  expect(res.status).toBe(200);
}

export function purchaseNamingNoAccount(sandbox: Sandbox, cardId: string, amountCents: number, atMs: number): void {
  const card = sandbox.world.cards.get(cardId);
  if (!card) throw new Error(`the sandbox has no card ${cardId}`);
  const iso = new Date(atMs).toISOString();
  sandbox.world.transactions.insert({
    tx: {
      id: `txn_unnamed_${cardId}`,
      date: iso,
      description: 'Unnamed account purchase',
      amountCents,
      status: 'posted',
      detailedStatus: 'settled',
      accountId: card.accountId,
      accountSubtype: 'credit',
      merchantData: {
        description: 'UNNAMED ACCOUNT PURCHASE',
        categoryCode: '5734',
        location: { city: 'Austin', state: 'TX', country: 'US', zip: '78701' },
      },
      cardId,
      authorizedAt: iso,
    },
    dateMs: atMs,
    authorizedAtMs: atMs,
    kind: 'card',
  });
}

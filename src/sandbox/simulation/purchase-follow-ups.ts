import { z } from 'zod';
import type { CardEvent, Transaction } from '../../shared/service';
import { badRequest, notFound } from '../http/errors';
import type { TransactionRecord } from '../world/records';
import type { World } from '../world/world';

/** Sandbox-only (admin route): what happens to an approved card purchase after its authorization. */
export const PurchaseFollowUp = z.strictObject({ kind: z.enum(['reversal', 'dispute', 'refund', 'fee']) });
export type PurchaseFollowUp = z.infer<typeof PurchaseFollowUp>;

/** Which purchases each follow-up applies to (by detailedStatus). */
const APPLIES_TO: Record<PurchaseFollowUp['kind'], readonly string[]> = {
  reversal: ['pending'],
  dispute: ['settled'],
  refund: ['settled', 'dispute'],
  fee: ['pending', 'settled', 'dispute'],
};

/** The fee charged to a card for a purchase: 3% of it, at least a cent (as the seed's foreign transaction fee). */
const FEE_SHARE = 0.03;

function requirePurchase(world: World, id: string, kind: PurchaseFollowUp['kind']): TransactionRecord {
  const r = world.transactions.get(id);
  if (!r) throw notFound('transaction', id);
  const wanted = APPLIES_TO[kind];
  if (r.kind !== 'card' || r.tx.amountCents >= 0 || !r.tx.cardId || !wanted.includes(r.tx.detailedStatus)) {
    throw badRequest(
      `a ${kind} applies to a card purchase that is ${wanted.join(' or ')}; ${id} is a ${r.kind} transaction that is ${r.tx.detailedStatus}`,
      {
        transactionId: id,
        detailedStatus: r.tx.detailedStatus,
      },
    );
  }
  return r;
}

function recordReversal(world: World, purchase: Transaction, at: string): void {
  const event: CardEvent = {
    id: world.ids.next('cev'),
    cardId: purchase.cardId as string,
    type: 'reversal',
    approved: true,
    amountCents: -purchase.amountCents,
    merchantName: purchase.description,
    transactionId: purchase.id,
    createdAt: at,
  };
  const events = world.cardEvents.get(event.cardId) ?? [];
  events.push(event);
  world.cardEvents.set(event.cardId, events);
}

/** A new card transaction that follows `purchase`: a full refund, or the fee charged for it. */
function follower(
  world: World,
  purchase: Transaction,
  kind: 'refund' | 'fee',
  nowMs: number,
): Omit<TransactionRecord, 'seq'> {
  const at = new Date(nowMs).toISOString();
  const feeCents = Math.max(1, Math.round(-purchase.amountCents * FEE_SHARE));
  const common = {
    id: world.ids.next('txn'),
    date: at,
    status: 'posted' as const,
    accountId: purchase.accountId,
    accountSubtype: purchase.accountSubtype,
    ...(purchase.virtualAccountId ? { virtualAccountId: purchase.virtualAccountId } : {}),
    cardId: purchase.cardId as string,
  };
  if (kind === 'refund') {
    const tx: Transaction = {
      ...common,
      description: `Refund: ${purchase.description}`,
      amountCents: -purchase.amountCents,
      detailedStatus: 'refund',
      ...(purchase.merchantData
        ? { merchantData: purchase.merchantData, merchantDescription: purchase.merchantData.description }
        : {}),
      authorizedAt: at,
    };
    return { tx, dateMs: nowMs, authorizedAtMs: nowMs, kind: 'card' };
  }
  const tx: Transaction = {
    ...common,
    description: 'Card transaction fee',
    amountCents: -feeCents,
    detailedStatus: 'settled',
    feeInfo: { relatedTransaction: { id: purchase.id, amount: purchase.amountCents } },
  };
  world.feeDetails.set(tx.id, [
    {
      id: world.ids.next('fee'),
      dateCharged: at,
      feeAmountCents: feeCents,
      feeType: 'card_transaction_fee',
      accountId: purchase.accountId,
      originalTransactionId: purchase.id,
      cardId: tx.cardId as string,
    },
  ]);
  return { tx, dateMs: nowMs, kind: 'fee' };
}

/**
 * Applies a follow-up to an approved card purchase, as the contract's statuses describe them
 * (docs/service.md, "Statuses and what they do to balances"): the
 * merchant reverses a pending purchase (`reversed`, the hold released, a reversal event on the
 * card); a settled one is disputed (`dispute`, the money stays out) or refunded in full (a new
 * `refund` credit on the card); or a fee is charged to the card for it (a fee row with feeInfo and
 * its fee detail). Answers the purchase as it is now and the transaction written, if any.
 */
export function followUpPurchase(
  world: World,
  transactionId: string,
  body: PurchaseFollowUp,
): { purchase: Transaction; transaction?: Transaction } {
  const record = requirePurchase(world, transactionId, body.kind);
  const nowMs = world.clock.now();
  if (body.kind === 'reversal' || body.kind === 'dispute') {
    const updated = world.transactions.update(transactionId, (tx) => {
      if (body.kind === 'reversal') tx.status = 'failed';
      tx.detailedStatus = body.kind === 'reversal' ? 'reversed' : 'dispute';
    });
    if (body.kind === 'reversal') recordReversal(world, updated.tx, new Date(nowMs).toISOString());
    return { purchase: structuredClone(updated.tx) };
  }
  const written = world.transactions.insert(follower(world, record.tx, body.kind, nowMs));
  return { purchase: structuredClone(record.tx), transaction: structuredClone(written.tx) };
}

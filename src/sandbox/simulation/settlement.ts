import type { TransactionKind } from '../world/records';
import type { World } from '../world/world';

/** How long a pending item waits before it posts. */
export const SETTLEMENT_DELAY_MS = 2 * 86_400_000;

/** Card purchases settle; so do the seed's pending ACH and wires (nothing else would ever move them). */
const SETTLING_KINDS: ReadonlySet<TransactionKind> = new Set(['card', 'ach', 'wire']);

/**
 * Posts every pending card (and ACH / wire) transaction created at least two days before `nowMs`.
 * The posted date is the moment it became due (creation + 2 days), not the moment this runs, so the
 * result depends only on the clock and not on how often the clock was looked at. The row moves
 * in date order (the store re-places it). `pending_approval` and `in_review` items stay as they are.
 * Returns how many transactions settled.
 */
export function settlePending(world: World, nowMs: number): number {
  let settled = 0;
  for (const r of world.transactions.pendingCreatedBefore(nowMs - SETTLEMENT_DELAY_MS)) {
    if (!SETTLING_KINDS.has(r.kind) || r.tx.detailedStatus !== 'pending') continue;
    const postedAt = new Date(r.dateMs + SETTLEMENT_DELAY_MS).toISOString();
    world.transactions.update(r.tx.id, (tx) => {
      tx.status = 'posted';
      tx.detailedStatus = 'settled';
      tx.date = postedAt;
      // The network assigns its reference when the purchase clears.
      if (r.kind === 'card' && tx.referenceNumber === undefined)
        tx.referenceNumber = `74${String(r.seq).padStart(14, '0')}`;
    });
    settled++;
  }
  return settled;
}

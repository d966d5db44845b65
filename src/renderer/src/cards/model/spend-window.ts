import { utilizationLimitsOf, type SpendingConstraintView, type VirtualAccountView } from '../../../../shared/service';
import { currentPeriod } from '../../../../shared/spending/periods';
import type { TxQuery } from '../../model/tx-query';

/**
 * How far back the cached transactions must be read to measure every limit of the given
 * constraints now: the earliest start of their current periods. `null` when some limit has no
 * start (a collective limit without a start date counts all time); `undefined` when there is no
 * limit at all, so nothing needs reading.
 */
export function spendWindowStart(
  constraints: readonly (SpendingConstraintView | null | undefined)[],
  nowMs: number,
): number | null | undefined {
  let earliest: number | undefined;
  for (const c of constraints) {
    for (const limit of utilizationLimitsOf(c)) {
      const start = currentPeriod(limit, nowMs).startMs;
      if (start === undefined) return null;
      earliest = earliest === undefined ? start : Math.min(earliest, start);
    }
  }
  return earliest;
}

/**
 * The cached debits to read for limits whose earliest period starts at `since` (spendWindowStart),
 * made with `cardIds`; null when there is nothing to read (no limit, or no card). A group's limits
 * count the cards that are in the group now, as the service counts them (its transactions name a
 * card, never the group it was in), so a group's query lists its members rather than filtering by
 * the group each row was indexed under: a card that joins brings the period's purchases with it,
 * and one that leaves takes them away.
 */
export function spendQuery(cardIds: readonly string[], since: number | null | undefined): TxQuery | null {
  if (since === undefined || cardIds.length === 0) return null;
  return { cardIds: [...cardIds].sort(), maxCents: -1, ...(since !== null ? { fromMs: since } : {}) };
}

/**
 * The virtual account a card spends from, as the service picks it: its own, else its group's,
 * else the primary one.
 */
export function fundingAccountOf(
  card: { virtualAccountId?: string | undefined },
  group: { virtualAccountId?: string | undefined } | undefined,
  accounts: readonly VirtualAccountView[],
): VirtualAccountView | undefined {
  const id = card.virtualAccountId ?? group?.virtualAccountId;
  if (id) return accounts.find((v) => v.virtualAccount.id === id);
  return accounts.find((v) => v.virtualAccount.accountType === 'primary');
}

import { utilizationLimitsOf, type SpendingConstraintView, type VirtualAccountView } from '../../../../shared/service';
import { currentPeriod } from '../../../../shared/spending/periods';

/**
 * How far back the cached transactions must be read to measure every limit of the given
 * constraints now: the earliest start of their current periods. `null` when some limit has no
 * start (a collective limit without a start date counts all time); `undefined` when there is no
 * limit at all, so nothing needs reading.
 */
export function spendWindowStart(constraints: readonly (SpendingConstraintView | null | undefined)[], nowMs: number): number | null | undefined {
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

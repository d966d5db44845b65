import {
  utilizationLimitsOf,
  type SpendingConstraint,
  type SpendingConstraintView,
  type Transaction,
  type UtilizationLimit,
} from '../../../../shared/service';
import { currentPeriod, type Period } from '../../../../shared/spending/periods';

/**
 * What a card (or every card of a group) has spent against each limit, from the transactions the
 * app has cached, with the same periods the service uses. Works offline; only as fresh as the cache.
 */

/** A disputed purchase still counts: its money stays out until a credit comes back, and that credit, like a refund, gives no limit back. */
const SPENDING = new Set(['pending', 'settled', 'dispute']);

/**
 * Whether a cached transaction is card spend that counts against a limit: an approved card purchase
 * (a pending, settled or disputed debit). Card purchases carry merchantData (card transactions
 * only: docs/service.md, "Transactions"); a fee charged to a card carries feeInfo instead and does not count, nor do
 * refunds, reversals, declines or failed items.
 */
export function isCountedCardSpend(tx: Transaction): boolean {
  return (
    tx.cardId !== undefined &&
    tx.amountCents < 0 &&
    SPENDING.has(tx.detailedStatus) &&
    tx.merchantData !== undefined &&
    tx.feeInfo === undefined
  );
}

/** When a purchase counts: when it was authorized (a settled purchase is re-dated to its posting). */
function spendInstant(tx: Transaction): number {
  return Date.parse(tx.authorizedAt ?? tx.date);
}

/** Cents spent by the transactions within [startMs, endMs) (an open end is unbounded). */
export function spentInPeriod(transactions: readonly Transaction[], period: Period): number {
  let total = 0;
  for (const tx of transactions) {
    if (!isCountedCardSpend(tx)) continue;
    const at = spendInstant(tx);
    if (period.startMs !== undefined && at < period.startMs) continue;
    if (period.endMs !== undefined && at >= period.endMs) continue;
    total -= tx.amountCents;
  }
  return total;
}

/** A spend counter for the purchase rules: what `transactions` spent in a limit's current period. */
export function spendCounter(transactions: readonly Transaction[], nowMs: number): (limit: UtilizationLimit) => number {
  return (limit) => spentInPeriod(transactions, currentPeriod(limit, nowMs));
}

export interface LimitMeter {
  /** Position among the constraint's limits (utilizationLimit first, then utilizationLimitV2). */
  index: number;
  limit: UtilizationLimit;
  period: Period;
  spentCents: number;
  /** What is left before the limit declines; 0 once reached or passed. */
  remainingCents: number;
  /** Spend past the limit (possible when the limit was lowered after spending); 0 otherwise. */
  overCents: number;
  /** When the limit next resets, as ISO 8601; absent for `collective` (it never resets). */
  nextResetAt?: string;
}

/** One meter per limit of `constraint`, at `nowMs`. No limits: an empty list. */
export function limitMeters(
  constraint: SpendingConstraint | SpendingConstraintView | null | undefined,
  transactions: readonly Transaction[],
  nowMs: number,
): LimitMeter[] {
  return utilizationLimitsOf(constraint).map((limit, index) => {
    const period = currentPeriod(limit, nowMs);
    const spentCents = spentInPeriod(transactions, period);
    const cap = limit.limitAmount.amountCents;
    return {
      index,
      limit,
      period,
      spentCents,
      remainingCents: Math.max(0, cap - spentCents),
      overCents: Math.max(0, spentCents - cap),
      ...(period.endMs !== undefined ? { nextResetAt: new Date(period.endMs).toISOString() } : {}),
    };
  });
}

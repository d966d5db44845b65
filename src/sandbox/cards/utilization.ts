import {
  utilizationLimitsOf,
  type SpendingConstraint,
  type Utilization,
  type UtilizationLimit,
} from '../../shared/service';
import type { CardRecord } from '../world/records';
import type { World } from '../world/world';
import { calendarMonthUtc, currentPeriod, type Period } from '../../shared/spending/periods';

const SCAN_PAGE = 500;
/** A disputed purchase still counts: its money stays out until a credit comes back, and that credit, like a refund, gives no limit back. */
const SPENDING = new Set(['pending', 'settled', 'dispute']);

/**
 * What a card spent in [startMs, endMs): its approved card purchases (pending, settled or
 * disputed), placed in time by when they were authorized. Refunds, fees charged to the card,
 * reversals, declines and failed items do not count.
 */
export function cardSpendCents(world: World, cardId: string, period: Period): number {
  let total = 0;
  let cursor: string | undefined;
  do {
    const page = world.transactions.list({ cardId }, cursor, SCAN_PAGE);
    for (const tx of page.items) {
      const dateMs = Date.parse(tx.date);
      // Newest first by date, and a debit is never dated before it was authorized: nothing older counts.
      if (period.startMs !== undefined && dateMs < period.startMs) return total;
      if (tx.amountCents >= 0 || !SPENDING.has(tx.detailedStatus)) continue;
      if (world.transactions.get(tx.id)?.kind !== 'card') continue;
      const at = tx.authorizedAt ? Date.parse(tx.authorizedAt) : dateMs;
      if (period.startMs !== undefined && at < period.startMs) continue;
      if (period.endMs !== undefined && at >= period.endMs) continue;
      total -= tx.amountCents;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return total;
}

export function cardsSpendCents(world: World, cardIds: readonly string[], period: Period): number {
  let total = 0;
  for (const id of cardIds) total += cardSpendCents(world, id, period);
  return total;
}

export function cardsOfGroup(world: World, groupId: string): CardRecord[] {
  return [...world.cards.values()].filter((c) => c.cardGroupId === groupId);
}

/** How much of one limit the cards have used in its current period. */
export function limitUsage(world: World, cardIds: readonly string[], limit: UtilizationLimit, nowMs: number) {
  const period = currentPeriod(limit, nowMs);
  const spendCents = cardsSpendCents(world, cardIds, period);
  return { period, spendCents, remainingCents: Math.max(0, limit.limitAmount.amountCents - spendCents) };
}

/**
 * The utilization answer for a set of cards under a constraint: the first limit decides the period;
 * without any limit, spend of the current UTC calendar month and no available balance or reset.
 */
export function utilizationOf(
  world: World,
  cardIds: readonly string[],
  constraint: SpendingConstraint | undefined,
): Utilization {
  const now = world.clock.now();
  const limit = utilizationLimitsOf(constraint)[0];
  if (!limit) return { spend: { amountCents: cardsSpendCents(world, cardIds, calendarMonthUtc(now)) } };
  const usage = limitUsage(world, cardIds, limit, now);
  return {
    spend: { amountCents: usage.spendCents },
    availableBalance: { amountCents: usage.remainingCents },
    ...(usage.period.endMs !== undefined ? { nextResetDate: new Date(usage.period.endMs).toISOString() } : {}),
  };
}

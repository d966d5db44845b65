import type { TxQuery } from '../../search/model/query';
import { DAY_MS, monthWindows, utcDayStart } from './days';
import { HISTORY_DAYS } from './forecast';

/**
 * What counts as card spend on the dashboard: debits made with a card that went through (pending
 * or settled), a fee charged to a card included (the index cannot tell it from a purchase without
 * reading rows); declines, refunds and reversals do not count. Over the search index's
 * filters, so the worker answers the totals (bounds there are inclusive, hence the `- 1`).
 */
function cardSpend(cardIds: readonly string[], fromMs: number, toMs: number, extra: Partial<TxQuery> = {}): TxQuery {
  return { cardIds: [...cardIds], detailedStatuses: ['pending', 'settled'], maxCents: -1, fromMs, toMs: toMs - 1, ...extra };
}

/**
 * The spend queries the dashboard asks, keyed: `thisMonth`, `lastMonth` and `history:<account>`
 * (the HISTORY_DAYS full UTC days before today). Null when no card is cached: an empty card
 * filter would not filter, and with no card there is no card spend.
 */
export function spendQueries(cardIds: readonly string[], accountIds: readonly string[], now: number): Record<string, TxQuery> | null {
  if (cardIds.length === 0) return null;
  const { thisMonth, lastMonth } = monthWindows(now);
  const today = utcDayStart(now);
  const queries: Record<string, TxQuery> = {
    thisMonth: cardSpend(cardIds, thisMonth.fromMs, thisMonth.toMs),
    lastMonth: cardSpend(cardIds, lastMonth.fromMs, lastMonth.toMs),
  };
  for (const id of accountIds) queries[`history:${id}`] = cardSpend(cardIds, today - HISTORY_DAYS * DAY_MS, today, { virtualAccountIds: [id] });
  return queries;
}

/** Spend (positive cents) per key, from the answers' debit totals; 0 for a key not answered. */
export function spendOf(outByKey: Readonly<Record<string, number>>, key: string): number {
  return -(outByKey[key] ?? 0);
}

import { CARD_SPEND_STATUSES } from '../../model/card-spend';
import type { TxQuery } from '../../model/tx-query';
import { DAY_MS, monthWindows, utcDayStart } from './days';
import { HISTORY_DAYS } from './forecast';

/**
 * Card spend (model/card-spend.ts) of some cards over [fromMs, toMs), as the search index's
 * filters, so the worker answers the totals (bounds there are inclusive, hence the `- 1`).
 */
function cardSpend(cardIds: readonly string[], fromMs: number, toMs: number, extra: Partial<TxQuery> = {}): TxQuery {
  return {
    cardIds: [...cardIds],
    detailedStatuses: [...CARD_SPEND_STATUSES],
    maxCents: -1,
    fromMs,
    toMs: toMs - 1,
    ...extra,
  };
}

/** A cached card and the virtual account it spends from (cards/model/spend-window.ts fundingAccountOf). */
export interface FundedCard {
  id: string;
  fundedBy?: string;
}

/**
 * The spend queries the dashboard asks, keyed: `thisMonth`, `lastMonth`, and per account over the
 * HISTORY_DAYS full UTC days before today: `history:<account>` (transactions that name it) and,
 * for an account that funds cards, `funded:<account>` (those cards' transactions) and
 * `fundedNamed:<account>` (those of them naming any of our accounts); the same per account over
 * this UTC month with `month` before each key (`monthhistory:<account>`, ...). A transaction need
 * not name its virtual account (the field is optional), so one that does not is counted for the
 * account funding its card: see historyOf. Null when no card is cached: an empty card filter
 * would not filter, and with no card there is no card spend.
 */
export function spendQueries(
  cards: readonly FundedCard[],
  accountIds: readonly string[],
  now: number,
): Record<string, TxQuery> | null {
  if (cards.length === 0) return null;
  const cardIds = cards.map((c) => c.id);
  const { thisMonth, lastMonth } = monthWindows(now);
  const today = utcDayStart(now);
  const from = today - HISTORY_DAYS * DAY_MS;
  const queries: Record<string, TxQuery> = {
    thisMonth: cardSpend(cardIds, thisMonth.fromMs, thisMonth.toMs),
    lastMonth: cardSpend(cardIds, lastMonth.fromMs, lastMonth.toMs),
  };
  for (const [prefix, fromMs, toMs] of [
    ['', from, today],
    [MONTH, thisMonth.fromMs, thisMonth.toMs],
  ] as const) {
    for (const id of accountIds) {
      queries[`${prefix}history:${id}`] = cardSpend(cardIds, fromMs, toMs, { virtualAccountIds: [id] });
      const funded = cards.filter((c) => c.fundedBy === id).map((c) => c.id);
      if (funded.length === 0) continue;
      queries[`${prefix}funded:${id}`] = cardSpend(funded, fromMs, toMs);
      queries[`${prefix}fundedNamed:${id}`] = cardSpend(funded, fromMs, toMs, { virtualAccountIds: [...accountIds] });
    }
  }
  return queries;
}

/** Spend (positive cents) per key, from the answers' debit totals; 0 for a key not answered. */
export function spendOf(outByKey: Readonly<Record<string, number>>, key: string): number {
  return -(outByKey[key] ?? 0);
}

/** The key prefix of the per-account queries over this UTC month. */
const MONTH = 'month';

/**
 * An account's card spend over the history (or, with `prefix` 'month', over this UTC month): what
 * names it, plus what its cards spent without naming any of our accounts (the service charges a
 * card's funding account).
 */
export function historyOf(
  outByKey: Readonly<Record<string, number>>,
  accountId: string,
  prefix: '' | typeof MONTH = '',
): number {
  return (
    spendOf(outByKey, `${prefix}history:${accountId}`) +
    spendOf(outByKey, `${prefix}funded:${accountId}`) -
    spendOf(outByKey, `${prefix}fundedNamed:${accountId}`)
  );
}

/** An account's card spend this UTC month (model/card-spend.ts), attributed as historyOf does. */
export function monthSpendOf(outByKey: Readonly<Record<string, number>>, accountId: string): number {
  return historyOf(outByKey, accountId, MONTH);
}

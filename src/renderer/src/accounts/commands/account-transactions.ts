import { useMemo } from 'react';
import { useCachedTransactions, type CachedTransactions } from '../../transactions/commands/cached-transactions';
import { utcDayStart } from '../model/balance-series';

const DAY_MS = 86_400_000;
/** Rows read for the chart's window; an account busier than this gets a chart marked partial. */
const MAX_WINDOW_ROWS = 20_000;

export interface AccountTransactions {
  /** Every cached transaction of the account: count, totals and the newest rows. */
  all: CachedTransactions;
  /** Those of the last `days` UTC days (the balance chart's window), every row when `complete`. */
  recent: CachedTransactions;
}

/**
 * A virtual account's cached transactions, read through the search index (so offline too, and
 * again after each sync): the newest rows with the totals of all, and the rows of the chart's
 * window. `nowMs` is passed in so that the window does not move while the screen is open.
 */
export function useAccountTransactions(
  profileId: string,
  virtualAccountId: string,
  newest: number,
  nowMs: number,
  days: number,
): AccountTransactions {
  const allQuery = useMemo(() => ({ virtualAccountIds: [virtualAccountId] }), [virtualAccountId]);
  const fromMs = utcDayStart(nowMs) - (days - 1) * DAY_MS;
  const windowQuery = useMemo(() => ({ virtualAccountIds: [virtualAccountId], fromMs }), [virtualAccountId, fromMs]);
  const all = useCachedTransactions(profileId, allQuery, newest);
  const recent = useCachedTransactions(profileId, windowQuery, MAX_WINDOW_ROWS);
  return { all, recent };
}

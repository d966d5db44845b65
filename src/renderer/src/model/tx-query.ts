import type { DetailedStatus, TransactionStatus } from '../../../shared/service';

/**
 * A search over the cached transactions: free text plus filters. Every engine (ours, and the
 * peers the benchmark measures) answers it with the same semantics, defined here and in
 * text.ts, so their answers can be compared row for row.
 *
 * - `text`: words separated by white space; every word must match (AND). See text.ts.
 * - Date and amount bounds are inclusive; amounts are signed cents (money out is negative).
 *   A bound that is NaN does not filter (as if absent); -Infinity and Infinity are ordinary bounds.
 * - A set filter (statuses, cards, ...) matches a row whose value is in the set; an empty or
 *   missing set does not filter. `cardGroupIds` matches through the row's card (the index host
 *   asks for the cards in the groups now: model/group-filter.ts).
 * - `currencies`: the original currency code (upper case), USD when the transaction has none.
 * - `hasFee`: true keeps fees and transactions a fee was charged for; false keeps the others. A
 *   row is "with a fee" when it carries one itself (`hasFee` of search-row.ts), or when a row of
 *   the index names it as what it was charged for (`feeFor`), whichever of the two came first.
 * - Results are ordered newest first: date descending, then id descending (plain string order).
 */
export interface TxQuery {
  text?: string;
  fromMs?: number;
  toMs?: number;
  minCents?: number;
  maxCents?: number;
  statuses?: TransactionStatus[];
  detailedStatuses?: DetailedStatus[];
  cardIds?: string[];
  cardGroupIds?: string[];
  virtualAccountIds?: string[];
  accountIds?: string[];
  currencies?: string[];
  /** The merchant's name as the row carries it (search-row.ts). */
  merchants?: string[];
  hasFee?: boolean;
}

/** What a query answers besides its rows: the exact count and the totals of the whole result. */
export interface TxSummary {
  count: number;
  /** Sum of the positive amounts (cents). */
  inCents: number;
  /** Sum of the negative amounts (cents, negative or zero). */
  outCents: number;
  /** inCents + outCents. */
  netCents: number;
}

/** Longest text a query may carry; longer input is cut (and the person told), never a crash. */
export const MAX_QUERY_TEXT = 500;
/** Most words a query uses; the rest are ignored (and the person told). */
export const MAX_QUERY_WORDS = 16;

/** Newest first: date descending, then id descending. Negative when `a` comes first. */
export function compareNewestFirst(aDateMs: number, aId: string, bDateMs: number, bId: string): number {
  if (aDateMs !== bDateMs) return bDateMs - aDateMs;
  return aId < bId ? 1 : aId > bId ? -1 : 0;
}

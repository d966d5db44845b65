import type {
  TransactionAggregation,
  TransactionListQuery,
  TransactionStatus,
  DetailedStatus,
} from '../../shared/service';
import type { TransactionRecord } from './records';

/** The filters of GET /transaction, parsed: dates as unix ms. */
export interface TransactionFilter {
  accountId?: string;
  virtualAccountId?: string;
  cardId?: string;
  status?: TransactionStatus;
  detailedStatus?: DetailedStatus;
  fromDateMs?: number;
  toDateMs?: number;
  fromAuthorizedAtMs?: number;
  toAuthorizedAtMs?: number;
}

export function filterFromQuery(q: Omit<TransactionListQuery, 'cursor'>): TransactionFilter {
  const ms = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  return {
    accountId: q['filter:accountId'] ?? q.accountId,
    virtualAccountId: q['filter:virtualAccountId'],
    cardId: q['filter:cardId'],
    status: q['filter:status'],
    detailedStatus: q['filter:detailed_status'],
    fromDateMs: ms(q['filter:from_date']),
    toDateMs: ms(q['filter:to_date']),
    fromAuthorizedAtMs: ms(q['filter:from_authorized_at']),
    toAuthorizedAtMs: ms(q['filter:to_authorized_at']),
  };
}

/** Balances and spend of one virtual account, derived from its transactions. */
export interface AccountTotals {
  /** pending + posted (what can be spent). */
  availableCents: number;
  /** posted only. */
  postedCents: number;
  /** total of debits by card and payment that are pending or posted, as a positive number. */
  spendCents: number;
}

/**
 * Where transactions live. Lists are newest first (date, then insertion order) with a keyset
 * cursor, so walking pages while new transactions arrive neither skips nor repeats any.
 * It keeps per-virtual-account totals up to date on every insert and update, so balances always
 * agree with the transactions a client can list.
 */
export interface TransactionStore {
  readonly size: number;
  insert(record: Omit<TransactionRecord, 'seq'>): TransactionRecord;
  /**
   * Inserts many records at once (the seed). Fast when they come in date order and are newer
   * than everything stored; otherwise it falls back to one insert per record. Same result either way.
   */
  bulkLoad(records: readonly Omit<TransactionRecord, 'seq'>[]): void;
  /** Applies a change (status, date, note, ...) and re-indexes the record. */
  update(id: string, change: (tx: TransactionRecord['tx']) => void): TransactionRecord;
  get(id: string): TransactionRecord | undefined;
  /**
   * One page, newest first. The cursor is opaque (a keyset on date and insertion order); a
   * cursor this store did not issue is a 400. Pages cost about O(log n + rows skipped) in the
   * smallest posting list among the filters given.
   */
  list(
    filter: TransactionFilter,
    cursor: string | undefined,
    pageSize: number,
  ): {
    items: TransactionRecord['tx'][];
    nextCursor?: string;
  };
  /**
   * Count, money in, money out and net change of every matching transaction, whatever its status.
   * As in the reference contract, money out is negative (like amountCents) and netChange is
   * totalIn + totalOut.
   */
  aggregate(filter: TransactionFilter): TransactionAggregation;
  /** Pending transactions created at or before `ms` (for settlement by the simulated clock). */
  pendingCreatedBefore(ms: number): TransactionRecord[];
  totals(virtualAccountId: string): AccountTotals;
}

import {
  DETAILED_STATUSES,
  type DetailedStatus,
  type Transaction,
  type TransactionStatus,
} from '../../../../shared/service';
import { movesBalance } from './balance-series';

/**
 * Which of an account's transactions an accounting export carries, for OFX and CSV alike: the
 * rows that move the balance, by the same rule as the balance chart (balance-series.ts
 * movesBalance), so the file and the chart of one account agree. Failed, declined and canceled
 * attempts never touched the balance, and rows held for approval or in review do not yet
 * (docs/service.md, "Statuses and what they do to balances"); an accounting package would book them as real money and the books would no
 * longer match the bank. The CSV follows the same rule (rather than listing everything with a
 * status column) so the two files of one range always reconcile to each other; its status
 * column still tells posted from pending.
 */
export const EXPORTED_STATUSES: readonly TransactionStatus[] = ['posted', 'pending'];
export const EXPORTED_DETAILED_STATUSES: readonly DetailedStatus[] = DETAILED_STATUSES.filter((detailedStatus) =>
  EXPORTED_STATUSES.some((status) => movesBalance({ status, detailedStatus })),
);

export function movesMoney(tx: Pick<Transaction, 'status' | 'detailedStatus'>): boolean {
  return movesBalance(tx);
}

/** Oldest first (date, then id), the order a statement reads in. Negative when `a` comes first. */
export function compareOldestFirst(a: Pick<Transaction, 'date' | 'id'>, b: Pick<Transaction, 'date' | 'id'>): number {
  const da = Date.parse(a.date);
  const db = Date.parse(b.date);
  if (da !== db) return da - db;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

import { DETAILED_STATUSES, type DetailedStatus, type Transaction, type TransactionStatus } from '../../../../shared/service';

/**
 * Which of an account's transactions an accounting export carries, for OFX and CSV alike: the
 * rows that move money, posted or still pending. Failed, declined and canceled attempts never
 * touched the balance; an accounting package would book them as real money and the books would no
 * longer match the bank. The CSV follows the same rule (rather than listing everything with a
 * status column) so the two files of one range always reconcile to each other; its status
 * column still tells posted from pending.
 */
export const EXPORTED_STATUSES: readonly TransactionStatus[] = ['posted', 'pending'];
const LEFT_OUT: readonly DetailedStatus[] = ['failed', 'declined', 'canceled'];
export const EXPORTED_DETAILED_STATUSES: readonly DetailedStatus[] = DETAILED_STATUSES.filter((s) => !LEFT_OUT.includes(s));

export function movesMoney(tx: Pick<Transaction, 'status' | 'detailedStatus'>): boolean {
  return EXPORTED_STATUSES.includes(tx.status) && EXPORTED_DETAILED_STATUSES.includes(tx.detailedStatus);
}

/** Oldest first (date, then id), the order a statement reads in. Negative when `a` comes first. */
export function compareOldestFirst(a: Pick<Transaction, 'date' | 'id'>, b: Pick<Transaction, 'date' | 'id'>): number {
  const da = Date.parse(a.date);
  const db = Date.parse(b.date);
  if (da !== db) return da - db;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

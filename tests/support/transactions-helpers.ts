import type { Transaction } from '../../src/shared/service';

export type Query = Record<string, string>;

/** The brute-force meaning of GET /transaction's filters, applied to the unfiltered list. */
export function bruteFilter(items: readonly Transaction[], q: Query, ownLegalEntityId?: string): Transaction[] {
  const le = q['filter:legalEntityId'];
  if (le !== undefined && le !== ownLegalEntityId) return [];
  const account = q['filter:accountId'] ?? q.accountId;
  const num = (k: string) => (q[k] === undefined ? undefined : Number(q[k]));
  const from = num('filter:from_date');
  const to = num('filter:to_date');
  const fromA = num('filter:from_authorized_at');
  const toA = num('filter:to_authorized_at');
  return items.filter((tx) => {
    const d = Date.parse(tx.date);
    const a = tx.authorizedAt === undefined ? undefined : Date.parse(tx.authorizedAt);
    if (account !== undefined && tx.accountId !== account) return false;
    if (q['filter:virtualAccountId'] !== undefined && tx.virtualAccountId !== q['filter:virtualAccountId'])
      return false;
    if (q['filter:cardId'] !== undefined && tx.cardId !== q['filter:cardId']) return false;
    if (q['filter:status'] !== undefined && tx.status !== q['filter:status']) return false;
    if (q['filter:detailed_status'] !== undefined && tx.detailedStatus !== q['filter:detailed_status']) return false;
    if (from !== undefined && d < from) return false;
    if (to !== undefined && d > to) return false;
    if (fromA !== undefined && (a === undefined || a < fromA)) return false;
    if (toA !== undefined && (a === undefined || a > toA)) return false;
    return true;
  });
}

export function bruteAggregate(items: readonly Transaction[]): {
  count: number;
  totalIn: number;
  totalOut: number;
  netChange: number;
} {
  let totalIn = 0;
  let totalOut = 0;
  for (const tx of items) {
    if (tx.amountCents >= 0) totalIn += tx.amountCents;
    else totalOut += tx.amountCents;
  }
  // The reference contract: money out is negative, like amountCents; netChange is totalIn + totalOut.
  return { count: items.length, totalIn, totalOut, netChange: totalIn + totalOut };
}

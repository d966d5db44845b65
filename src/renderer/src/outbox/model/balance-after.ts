/** Older than this, a cached balance is said with its age: the sync re-reads balances every 5 minutes while online. */
export const BALANCE_FRESH_MS = 10 * 60_000;

export interface BalanceAfter {
  /** The account's cached balance. */
  balanceCents: number;
  /** The cached balance less this amount; null until a valid amount is typed. */
  afterCents: number | null;
  /** Whether to say when the balance was read: offline, never synced, or older than BALANCE_FRESH_MS. */
  stale: boolean;
}

/**
 * What a new transfer or payment leaves in the account it comes from, by the cache. Only an
 * estimate: other items in the outbox and the service's own movements since the sync are not in
 * it, and the service decides.
 */
export function balanceAfter(balanceCents: number, amountCents: number | null, cached: { asOf: number | null; online: boolean }, now: number): BalanceAfter {
  const stale = !cached.online || cached.asOf === null || now - cached.asOf > BALANCE_FRESH_MS;
  return { balanceCents, afterCents: amountCents === null ? null : balanceCents - amountCents, stale };
}

import type { OutboxRow, OutboxState } from '../../../../shared/outbox';

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
 * estimate: the service's own movements since the sync are not in it (the outbox's other items
 * are counted apart, by othersFromAccount), and the service decides.
 */
export function balanceAfter(balanceCents: number, amountCents: number | null, cached: { asOf: number | null; online: boolean }, now: number): BalanceAfter {
  const stale = !cached.online || cached.asOf === null || now - cached.asOf > BALANCE_FRESH_MS;
  return { balanceCents, afterCents: amountCents === null ? null : balanceCents - amountCents, stale };
}

/** Rows whose money the cached balance does not show yet, though it is on its way or has gone. */
const NOT_IN_THE_BALANCE: ReadonlySet<OutboxState> = new Set<OutboxState>(['draft', 'awaiting-approval', 'approved', 'sending']);

export interface OthersFromAccount {
  count: number;
  cents: number;
}

/**
 * The other transfers and payments that take money from the same account and that the cached
 * balance cannot show: those still in the queue (drafts, awaiting approval, approved, being
 * sent) and those sent after the balance was read (`sentSince`). Rows in review or failed are
 * left out: whether they moved money is not known, or they did not. `sourceOf` says which
 * account a row draws from (undefined when the cache cannot tell: it is left out too).
 */
export function othersFromAccount(queue: readonly OutboxRow[], sentSince: readonly OutboxRow[], accountId: string, sourceOf: (row: OutboxRow) => string | undefined): OthersFromAccount {
  let count = 0;
  let cents = 0;
  const seen = new Set<string>();
  for (const row of [...queue.filter((r) => NOT_IN_THE_BALANCE.has(r.state)), ...sentSince.filter((r) => r.state === 'sent')]) {
    if (row.kind === 'note' || seen.has(row.id) || sourceOf(row) !== accountId) continue;
    seen.add(row.id);
    count++;
    cents += row.payload.amountCents;
  }
  return { count, cents };
}

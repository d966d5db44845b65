import type { OutboxRow } from '../../../../shared/outbox';
import type { SvcHandle, VirtualAccountView } from '../../../../shared/service';

/**
 * The account a payment is drawn from, as far as the cache can tell: a handle sends from its
 * `accountId` (the service's "account used to send and receive funds"), whose balance is that of
 * the main account's primary virtual account. Without a chosen handle it is the key's own: the
 * company's only handle, or failing that its only primary account. Undefined when unknown.
 */
export function paymentSourceAccount(
  sources: readonly SvcHandle[],
  accounts: readonly VirtualAccountView[],
  sourceId: string,
): VirtualAccountView | undefined {
  const primaries = accounts.filter((v) => v.virtualAccount.accountType === 'primary' && !v.virtualAccount.closedAt);
  const handle = sourceId ? sources.find((h) => h.id === sourceId) : sources.length === 1 ? sources[0] : undefined;
  if (handle) return primaries.find((v) => v.virtualAccount.accountId === handle.accountId);
  return !sourceId && primaries.length === 1 ? primaries[0] : undefined;
}

/** What a transfer or payment names as where it draws from: a transfer's source account, a payment's source handle (undefined: the key's own). */
export interface Draws {
  kind: 'transfer' | 'payment';
  account: string | undefined;
}

/** The account an item draws from, as far as the cache can tell; `sources` are the key's own handles. */
export function drawnAccount(
  sources: readonly SvcHandle[],
  accounts: readonly VirtualAccountView[],
): (draws: Draws) => string | undefined {
  return ({ kind, account }) =>
    kind === 'transfer' ? account : paymentSourceAccount(sources, accounts, account ?? '')?.virtualAccount.id;
}

/** What an outbox row draws from; undefined for a note. */
export function drawsOfRow(row: OutboxRow): Draws | undefined {
  if (row.kind === 'transfer') return { kind: 'transfer', account: row.payload.source };
  if (row.kind === 'payment') return { kind: 'payment', account: row.payload.sourceSvcHandleId };
  return undefined;
}

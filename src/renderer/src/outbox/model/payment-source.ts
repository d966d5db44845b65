import type { SvcHandle, VirtualAccountView } from '../../../../shared/service';

/**
 * The account a payment is drawn from, as far as the cache can tell: a handle sends from its
 * `accountId` (the service's "account used to send and receive funds"), whose balance is that of
 * the main account's primary virtual account. Without a chosen handle it is the key's own: the
 * company's only handle, or failing that its only primary account. Undefined when unknown.
 */
export function paymentSourceAccount(sources: readonly SvcHandle[], accounts: readonly VirtualAccountView[], sourceId: string): VirtualAccountView | undefined {
  const primaries = accounts.filter((v) => v.virtualAccount.accountType === 'primary' && !v.virtualAccount.closedAt);
  const handle = sourceId ? sources.find((h) => h.id === sourceId) : sources.length === 1 ? sources[0] : undefined;
  if (handle) return primaries.find((v) => v.virtualAccount.accountId === handle.accountId);
  return !sourceId && primaries.length === 1 ? primaries[0] : undefined;
}

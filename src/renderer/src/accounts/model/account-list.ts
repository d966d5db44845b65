import type { VirtualAccountView } from '../../../../shared/service';

/** The primary account first (it funds the others), then by name, then by id for a stable order. */
export function sortAccounts(views: readonly VirtualAccountView[]): VirtualAccountView[] {
  return [...views].sort((a, b) => {
    const pa = a.virtualAccount.accountType === 'primary' ? 0 : 1;
    const pb = b.virtualAccount.accountType === 'primary' ? 0 : 1;
    if (pa !== pb) return pa - pb;
    return (
      a.virtualAccount.name.localeCompare(b.virtualAccount.name, 'en', { sensitivity: 'base' }) ||
      (a.virtualAccount.id < b.virtualAccount.id ? -1 : 1)
    );
  });
}

export function isClosed(view: VirtualAccountView): boolean {
  return Boolean(view.virtualAccount.closedAt);
}

/** What the list shows: closed accounts only when asked, as the service's `filter:includeClosedAccounts` does. */
export function visibleAccounts(views: readonly VirtualAccountView[], includeClosed: boolean): VirtualAccountView[] {
  return sortAccounts(includeClosed ? views : views.filter((v) => !isClosed(v)));
}

export interface AccountTotals {
  balanceCents: number;
  spendCents: number;
}

/** Sums of what is shown, in integer cents. */
export function totalsOf(views: readonly VirtualAccountView[]): AccountTotals {
  let balanceCents = 0;
  let spendCents = 0;
  for (const v of views) {
    balanceCents += v.balance.amountCents;
    spendCents += v.spend.amountCents;
  }
  return { balanceCents, spendCents };
}

/** Open accounts a balance can move to, primary first: every open account but `exceptId`. */
export function transferDestinations(views: readonly VirtualAccountView[], exceptId: string): VirtualAccountView[] {
  return sortAccounts(views.filter((v) => !isClosed(v) && v.virtualAccount.id !== exceptId));
}

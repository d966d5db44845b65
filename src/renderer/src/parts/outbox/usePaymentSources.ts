import { useMemo } from 'react';
import type { Account, SvcHandle, VirtualAccountView } from '../../../../shared/service';
import { handlesOfAccounts, sortHandles } from '../../directory/model/handles';
import { paymentSourceAccount } from '../../outbox/model/payment-source';
import { useEntities } from '../../repos/entities-hooks';

const NO_HANDLES: SvcHandle[] = [];
const NO_ACCOUNTS: Account[] = [];
const NO_VIRTUAL_ACCOUNTS: VirtualAccountView[] = [];

export interface PaymentSources {
  /** Every cached handle, sorted as the directory lists them. */
  handles: SvcHandle[];
  /** The handles a payment can be sent from: only the key's own legal entity's (the service refuses any other). */
  sources: SvcHandle[];
  virtualAccounts: VirtualAccountView[];
  /** The account a payment from this handle (or from the key's own, with '') draws from. */
  accountOf(sourceId: string): VirtualAccountView | undefined;
}

/** The profile's cached handles and the accounts payments draw from. */
export function usePaymentSources(profileId: string): PaymentSources {
  const cached = useEntities<SvcHandle>(profileId, 'svcHandle')?.items ?? NO_HANDLES;
  const accounts = useEntities<Account>(profileId, 'account')?.items ?? NO_ACCOUNTS;
  const virtualAccounts = useEntities<VirtualAccountView>(profileId, 'virtualAccount')?.items ?? NO_VIRTUAL_ACCOUNTS;
  return useMemo(() => {
    const handles = sortHandles(cached);
    const own = handlesOfAccounts(
      handles,
      accounts.map((a) => a.id),
    );
    const sources = handles.filter((h) => own.has(h.id));
    return {
      handles,
      sources,
      virtualAccounts,
      accountOf: (sourceId: string) => paymentSourceAccount(sources, virtualAccounts, sourceId),
    };
  }, [cached, accounts, virtualAccounts]);
}

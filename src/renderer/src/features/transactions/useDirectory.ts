import { useMemo } from 'react';
import type { Account, Card, CardGroup, VirtualAccountView } from '../../../../shared/service';
import { useEntities } from '../../repos/entities-hooks';
import type { Names } from '../../model/transaction-filters';
import { useMerchantNames } from '../../directory/commands/merchant-names';

const NONE: never[] = [];

export interface Directory {
  names: Names;
  cards: Card[];
  cardGroups: CardGroup[];
  virtualAccounts: VirtualAccountView[];
  accounts: Account[];
}

/** The cached cards, groups, accounts and merchants, and their names for display (ids where unknown). */
export function useDirectory(profileId: string): Directory {
  // The live query keeps its result object until the data changes, so these are stable.
  const cards = useEntities<Card>(profileId, 'card')?.items ?? NONE;
  const cardGroups = useEntities<CardGroup>(profileId, 'cardGroup')?.items ?? NONE;
  const virtualAccounts = useEntities<VirtualAccountView>(profileId, 'virtualAccount')?.items ?? NONE;
  const accounts = useEntities<Account>(profileId, 'account')?.items ?? NONE;
  const merchants = useMerchantNames(profileId);
  return useMemo(() => {
    const card = new Map(cards.map((c) => [c.id, `${c.name} •${c.last4}`]));
    const group = new Map(cardGroups.map((g) => [g.id, g.name]));
    const va = new Map(virtualAccounts.map((v) => [v.virtualAccount.id, v.virtualAccount.name]));
    const account = new Map(accounts.map((a) => [a.id, a.name]));
    return {
      names: {
        card: (id) => card.get(id) ?? id,
        cardGroup: (id) => group.get(id) ?? id,
        virtualAccount: (id) => va.get(id) ?? id,
        account: (id) => account.get(id) ?? id,
        merchant: (raw) => merchants.ofDescriptor(raw),
      },
      cards,
      cardGroups,
      virtualAccounts,
      accounts,
    };
  }, [cards, cardGroups, virtualAccounts, accounts, merchants]);
}

import { useMemo } from 'react';
import type { Account, Card, CardGroup, CardProduct, VirtualAccountView } from '../../../../shared/service';
import { useEntities } from '../../repos/entities-hooks';

export interface CardDirectory {
  loaded: boolean;
  cards: Card[];
  /** When the card list was last fetched whole; null when never. */
  asOf: number | null;
  groups: CardGroup[];
  accounts: Account[];
  virtualAccounts: VirtualAccountView[];
  products: CardProduct[];
  groupName(id: string | undefined): string;
  accountName(id: string | undefined): string;
  virtualAccountName(id: string | undefined): string;
}

/** The cached lists the Cards screen reads, live: a sync or a write re-renders it. */
export function useCardDirectory(profileId: string): CardDirectory {
  const cards = useEntities<Card>(profileId, 'card');
  const groups = useEntities<CardGroup>(profileId, 'cardGroup');
  const accounts = useEntities<Account>(profileId, 'account');
  const vas = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  const products = useEntities<CardProduct>(profileId, 'cardProduct');
  return useMemo(() => {
    const groupById = new Map((groups?.items ?? []).map((g) => [g.id, g.name]));
    const accountById = new Map((accounts?.items ?? []).map((a) => [a.id, a]));
    const vaById = new Map((vas?.items ?? []).map((v) => [v.virtualAccount.id, v.virtualAccount.name]));
    return {
      loaded: cards !== undefined && groups !== undefined,
      cards: cards?.items ?? [],
      asOf: cards?.asOf ?? null,
      groups: groups?.items ?? [],
      accounts: accounts?.items ?? [],
      virtualAccounts: vas?.items ?? [],
      products: products?.items ?? [],
      groupName: (id) => (id ? (groupById.get(id) ?? id) : 'No group'),
      accountName: (id) => {
        const a = id ? accountById.get(id) : undefined;
        return a ? a.name : (id ?? '');
      },
      virtualAccountName: (id) => (id ? (vaById.get(id) ?? id) : 'None'),
    };
  }, [cards, groups, accounts, vas, products]);
}

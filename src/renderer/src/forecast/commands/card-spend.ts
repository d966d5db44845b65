import { useMemo } from 'react';
import type { Card, CardGroup, VirtualAccountView } from '../../../../shared/service';
import { fundingAccountOf } from '../../cards/model/spend-window';
import { useEntities } from '../../repos/entities-hooks';
import { spendQueries } from '../model/spend-queries';
import { useTxSummaries, type Summaries } from './tx-summaries';

const NO_ACCOUNTS: VirtualAccountView[] = [];
const NO_CARDS: Card[] = [];
const NO_GROUPS: CardGroup[] = [];

/**
 * The profile's card spend totals (model/card-spend.ts), from the cached transactions, live: this
 * and last UTC month for all cards, and per account this month and over the forecast's history
 * (read them with spendOf, monthSpendOf and historyOf).
 */
export function useCardSpend(profileId: string, now: number): Summaries {
  const accounts = useEntities<VirtualAccountView>(profileId, 'virtualAccount')?.items ?? NO_ACCOUNTS;
  const cards = useEntities<Card>(profileId, 'card')?.items ?? NO_CARDS;
  const groups = useEntities<CardGroup>(profileId, 'cardGroup')?.items ?? NO_GROUPS;
  const queries = useMemo(() => {
    const funded = cards.map((c) => {
      const by = fundingAccountOf(
        c,
        groups.find((g) => g.id === c.cardGroupId),
        accounts,
      )?.virtualAccount.id;
      return by ? { id: c.id, fundedBy: by } : { id: c.id };
    });
    return spendQueries(
      funded,
      accounts.map((a) => a.virtualAccount.id),
      now,
    );
  }, [cards, groups, accounts, now]);
  return useTxSummaries(profileId, queries);
}

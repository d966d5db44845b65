import { useMemo } from 'react';
import type { OutboxRow } from '../../../../shared/outbox';
import type { Card, CardGroup, SvcHandle, Transaction, VirtualAccountView } from '../../../../shared/service';
import { useCachedTransactions } from '../../transactions/commands/cached-transactions';
import { spendQuery, spendWindowStart } from '../../cards/model/spend-window';
import { useCardSpend } from '../../forecast/commands/card-spend';
import { attentionItems, type AttentionItem } from '../../forecast/model/attention';
import { companyForecast, type CompanyForecast } from '../../forecast/model/company';
import { forecast, type AccountForecast } from '../../forecast/model/forecast';
import {
  cashSummary,
  forecastAccounts,
  movementsOf,
  outboxSummary,
  primaryOf,
  type CashSummary,
  type OutboxSummary,
} from '../../forecast/model/inputs';
import { historyOf, monthSpendOf, spendOf } from '../../forecast/model/spend-queries';
import { useOutflows } from '../../app/useOutflows';
import { balanceAfter } from '../../outbox/model/balance-after';
import { useOutboxRows, useSentSince } from '../../outbox/repo/outbox-hooks';
import { useEntities } from '../../repos/entities-hooks';
import { useUtcClock } from './useUtcClock';

/** Rows read to measure card limits; more than any card spends in a period in the Demo. */
const LIMIT_ROWS = 5000;
const RECENT_ROWS = 8;

export interface DashboardData {
  now: number;
  /** When the accounts were last read from the service; null when never. */
  asOf: number | null;
  loading: boolean;
  cash: CashSummary;
  /** What the queue leaves in each account (outbox/model/balance-after.ts), by account id. */
  afterQueue: ReadonlyMap<string, number>;
  /** Card spend (model/card-spend.ts) of this and last UTC month, and of each account this month. */
  spend: {
    state: 'loading' | 'ready' | 'error';
    thisMonthCents: number;
    lastMonthCents: number;
    byAccount: ReadonlyMap<string, number>;
    error: string | null;
  };
  recent: { state: 'loading' | 'ready' | 'error'; rows: Transaction[]; error: string | null };
  outbox: OutboxSummary;
  forecasts: AccountForecast[];
  /** All open accounts' forecasts summed, with the known flows of the horizon. */
  company: CompanyForecast;
  /** Approved payments the forecast cannot tie to an account (from a chosen handle whose account the cache does not tell). */
  unplaced: OutboxRow[];
  attention: AttentionItem[];
}

const NO_ROWS: OutboxRow[] = [];
const NO_ACCOUNTS: VirtualAccountView[] = [];
const NO_CARDS: Card[] = [];
const NO_HANDLES: SvcHandle[] = [];
const NO_GROUPS: CardGroup[] = [];

/** Everything the Dashboard shows, from local data only (the entity cache, the search index, the outbox). */
export function useDashboard(profileId: string): DashboardData {
  // The month boundaries, the forecast's days and the limits' periods: they turn at UTC midnight.
  const now = useUtcClock();
  const accountsList = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  const cardsList = useEntities<Card>(profileId, 'card');
  const handlesList = useEntities<SvcHandle>(profileId, 'svcHandle');
  const groupsList = useEntities<CardGroup>(profileId, 'cardGroup');
  const rows = useOutboxRows(profileId) ?? NO_ROWS;
  const accounts = accountsList?.items ?? NO_ACCOUNTS;
  const asOf = accountsList?.asOf ?? null;
  // Sent since the balances were read: not in them until the next sync, so the forecast counts them.
  const sent = useSentSince(profileId, asOf) ?? NO_ROWS;
  const cards = cardsList?.items ?? NO_CARDS;
  const handles = handlesList?.items ?? NO_HANDLES;
  const groups = groupsList?.items ?? NO_GROUPS;

  const sums = useCardSpend(profileId, now);
  const { outflows } = useOutflows(profileId);
  const recent = useCachedTransactions(profileId, {}, RECENT_ROWS);

  // Cards with limits of their own, and groups with limits: a group's count its cards' purchases.
  const limited = useMemo(() => {
    const limitedGroups = groups.filter((g) => spendWindowStart([g.spendingConstraint], now) !== undefined);
    return {
      cards: cards.filter((c) => spendWindowStart([c.spendingConstraint], now) !== undefined),
      groups: limitedGroups,
      allCards: cards,
    };
  }, [cards, groups, now]);
  const limitQuery = useMemo(() => {
    const grouped = new Set(limited.groups.map((g) => g.id));
    const cardIds = [
      ...new Set([
        ...limited.cards.map((c) => c.id),
        ...cards.filter((c) => c.cardGroupId !== undefined && grouped.has(c.cardGroupId)).map((c) => c.id),
      ]),
    ];
    const since = spendWindowStart(
      [...limited.cards.map((c) => c.spendingConstraint), ...limited.groups.map((g) => g.spendingConstraint)],
      now,
    );
    return spendQuery(cardIds, since);
  }, [limited, cards, now]);
  const limitTx = useCachedTransactions(profileId, limitQuery, LIMIT_ROWS);

  return useMemo(() => {
    const history: Record<string, number> = {};
    for (const a of accounts) history[a.virtualAccount.id] = historyOf(sums.outByKey, a.virtualAccount.id);
    const { movements, unplaced } = movementsOf(rows, accounts, now, { asOf, sent }, handles);
    const primaryId = primaryOf(accounts);
    const forecasts = forecast(
      {
        accounts: forecastAccounts(accounts, history),
        movements,
        ...(primaryId ? { primaryId } : {}),
        ...(asOf !== null ? { asOf } : {}),
      },
      now,
    );
    return {
      now,
      asOf,
      loading: accountsList === undefined,
      cash: cashSummary(accounts),
      afterQueue: new Map(
        accounts.map((a) => [
          a.virtualAccount.id,
          balanceAfter(a.virtualAccount.id, a.balance.amountCents, outflows ?? []).afterCents,
        ]),
      ),
      spend: {
        state: sums.state,
        thisMonthCents: spendOf(sums.outByKey, 'thisMonth'),
        lastMonthCents: spendOf(sums.outByKey, 'lastMonth'),
        byAccount: new Map(
          accounts.map((a) => [a.virtualAccount.id, monthSpendOf(sums.outByKey, a.virtualAccount.id)]),
        ),
        error: sums.error,
      },
      recent: { state: recent.state, rows: recent.rows, error: recent.error },
      outbox: outboxSummary(rows, now),
      forecasts,
      company: companyForecast(forecasts, now),
      unplaced,
      attention: attentionItems(
        forecasts,
        limited,
        limitTx.rows,
        now,
        limitTx.state === 'loading' || (limitTx.state === 'ready' && limitTx.complete),
      ),
    };
  }, [
    accounts,
    accountsList,
    asOf,
    sent,
    handles,
    rows,
    sums,
    outflows,
    recent,
    limited,
    limitTx.rows,
    limitTx.state,
    limitTx.complete,
    now,
  ]);
}

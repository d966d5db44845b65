import { forActiveProfile } from '../../app/active-profile';
import { useCallback, useMemo, useState } from 'react';
import type { Card } from '../../../../shared/service';
import { simulatePurchase } from '../../cards/commands/simulate-purchase';
import { DEFAULT_CARD_FILTER, filterCards, type CardListFilter } from '../../cards/model/card-list';
import { listSpendOf } from '../../cards/model/list-spend';
import { spendQuery, spendWindowStart } from '../../cards/model/spend-window';
import { useCachedTransactions } from '../../transactions/commands/cached-transactions';
import { useConnectivity } from '../../stores/connectivity';
import { useNavigation } from '../../stores/navigation';
import { useProfiles } from '../../stores/profiles';
import { useTransactionQuery } from '../../stores/transaction-query';
import { ListDetail } from '../../ui/ListDetail';
import { SavedListLine } from '../../ui/SavedListLine';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { BulkStatusBar } from './BulkStatusBar';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { CardDetail } from './CardDetail';
import { CardFilters } from './CardFilters';
import { CardList } from './CardList';
import { NewCardDialog } from './NewCardDialog';
import { useCardDirectory } from './useCardDirectory';
import './cards.css';
import { newItemAction } from '../../model/actions';
import { useScreenActions } from '../../stores/action-registry';

/** Most purchases read for the list's spent-against-limit figures (as the detail reads for its bars). */
const LIST_SPEND_ROWS = 20_000;

export const OFFLINE_EDITS = 'Offline: changes to cards need the service. They are shown as they were last synced.';

// A fresh screen per profile: nothing of one profile's state shows on another's.
export const CardsScreen = forActiveProfile(CardsFor);

function CardsFor({ profileId }: { profileId: string }) {
  const directory = useCardDirectory(profileId);
  const isDemo = useProfiles((s) => s.profiles.find((p) => p.id === profileId)?.kind === 'demo');
  const online = useConnectivity((s) => s.byProfile[profileId]?.state !== 'offline');
  const go = useNavigation((s) => s.go);
  const setTxQuery = useTransactionQuery((s) => s.set);
  const [filter, setFilter] = useState<CardListFilter>(DEFAULT_CARD_FILTER);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [checked, setChecked] = useState<Set<string>>(() => new Set());
  const [creating, setCreating] = useState(false);

  const cards = useMemo(
    () => filterCards(directory.cards, directory.groups, filter),
    [directory.cards, directory.groups, filter],
  );
  // Spent against limit for the list: the cached debits of every card since its earliest period start.
  const now = Date.now();
  const since = spendWindowStart(
    [...directory.cards.map((c) => c.spendingConstraint), ...directory.groups.map((g) => g.spendingConstraint)],
    now,
  );
  const spendRows = useCachedTransactions(
    profileId,
    spendQuery(
      directory.cards.map((c) => c.id),
      since,
    ),
    LIST_SPEND_ROWS,
  ).rows;
  const spend = useMemo(
    () => listSpendOf(directory.cards, directory.groups, spendRows, now),
    // The clock moves on every render: the figures follow the rows and the cards, read with the clock of that change.
    [directory.cards, directory.groups, spendRows],
  );
  const selected = selectedId ? directory.cards.find((c) => c.id === selectedId) : undefined;
  const checkedCards = useMemo(() => directory.cards.filter((c) => checked.has(c.id)), [directory.cards, checked]);
  const disabledReason = online ? undefined : OFFLINE_EDITS;
  useScreenActions([
    newItemAction('cards:new', 'New card', online, () => setCreating(true)),
    // With no card open there is nothing to reveal yet; the open card's details offer the real one.
    ...(selected
      ? []
      : [
          {
            id: 'card:reveal',
            title: 'Reveal a card’s number and code',
            group: 'Selected item',
            unavailable: 'Open a card first',
            run: () => undefined,
          },
        ]),
  ]);

  const onFilter = useCallback((patch: Partial<CardListFilter>) => setFilter((f) => ({ ...f, ...patch })), []);
  const onCheck = useCallback((id: string, on: boolean) => {
    setChecked((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const onOpen = useCallback((card: Card) => setSelectedId(card.id), []);

  return (
    <section className="screen screen--wide" aria-labelledby="screen-title">
      <ScreenHeading
        aside={
          <SavedListLine
            label="Cards"
            asOf={directory.asOf}
            shown={cards.length}
            total={directory.cards.length}
            online={online}
          />
        }
      >
        Cards
      </ScreenHeading>
      <div className="tx-toolbar">
        <button
          type="button"
          className="button button--primary"
          disabled={!online}
          title={disabledReason}
          onClick={() => setCreating(true)}
        >
          New card
        </button>
      </div>
      <CardFilters filter={filter} onChange={onFilter} directory={directory} />
      <BulkStatusBar
        profileId={profileId}
        selected={checkedCards}
        disabledReason={disabledReason}
        onClear={() => setChecked(new Set())}
      />
      <ListDetail
        detail={
          selected ? (
            <ErrorBoundary key={selected.id} what="This card's details">
              <CardDetail
                profileId={profileId}
                card={selected}
                // Demo only: the purchase goes to the sandbox's authorization route (demo:authorize).
                simulate={
                  isDemo
                    ? async (p) => {
                        const r = await simulatePurchase(profileId, selected.id, {
                          amountCents: p.amountCents,
                          merchantName: p.merchantName,
                          mcc: p.mcc,
                          country: p.country,
                        });
                        if (!r.ok) throw new Error(r.error.message);
                        return r.value;
                      }
                    : undefined
                }
                directory={directory}
                online={online}
                disabledReason={disabledReason}
                onClose={() => setSelectedId(null)}
                onOpenTransactions={() => {
                  setTxQuery(profileId, { cardIds: [selected.id] });
                  go('transactions');
                }}
              />
            </ErrorBoundary>
          ) : null
        }
      >
        {!directory.loaded ? (
          <p className="muted">Reading the saved cards…</p>
        ) : (
          <CardList
            cards={cards}
            spend={spend}
            groupName={directory.groupName}
            selectedId={selectedId}
            checked={checked}
            onCheck={onCheck}
            activeIndex={active}
            onActive={setActive}
            onOpen={onOpen}
            sort={filter}
            onSort={onFilter}
            resetKey={JSON.stringify(filter)}
            empty={
              directory.cards.length === 0
                ? 'No cards saved yet: they arrive with the first sync.'
                : 'No card matches these filters.'
            }
          />
        )}
      </ListDetail>
      <NewCardDialog
        open={creating}
        profileId={profileId}
        directory={directory}
        onClose={(card) => {
          setCreating(false);
          if (card) setSelectedId(card.id);
        }}
      />
    </section>
  );
}

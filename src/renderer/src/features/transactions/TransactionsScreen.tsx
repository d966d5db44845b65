import { forActiveProfile } from '../../app/active-profile';
import { useCallback, useMemo, useState } from 'react';
import type { Transaction } from '../../../../shared/service';
import { useTransactionQuery } from '../../stores/transaction-query';
import type { TxQuery } from '../../model/tx-query';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { ExportButton } from './ExportButton';
import { chipsOf } from '../../model/transaction-filters';
import { transactionListState } from '../../model/transaction-list-state';
import { FilterPanel } from './FilterPanel';
import { ResultSummary } from './ResultSummary';
import { SavedSearches } from './SavedSearches';
import { SearchBox } from './SearchBox';
import { DemoResetProgress } from '../../parts/sync-status/DemoResetProgress';
import { TransactionDetail } from './TransactionDetail';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { TransactionList } from './TransactionList';
import { useDirectory } from './useDirectory';
import { useMerchantNames } from '../../directory/commands/merchant-names';
import { ListDetail } from '../../ui/ListDetail';
import { useTransactionResults } from './useTransactionResults';
import { SpendCharts } from './SpendCharts';
import './transactions.css';

const NO_QUERY: TxQuery = {};

// A fresh screen per profile: nothing of one profile's state shows on another's.
export const TransactionsScreen = forActiveProfile(TransactionsFor);

function TransactionsFor({ profileId }: { profileId: string }) {
  const query = useTransactionQuery((s) => s.byProfile[profileId] ?? NO_QUERY);
  const patch = useTransactionQuery((s) => s.patch);
  const setQuery = useTransactionQuery((s) => s.set);
  const clearFilters = useTransactionQuery((s) => s.clearFilters);
  const directory = useDirectory(profileId);
  const merchants = useMerchantNames(profileId);
  const results = useTransactionResults(profileId, query);
  const [selected, setSelected] = useState<Transaction | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [showFilters, setShowFilters] = useState(false);
  const [showCharts, setShowCharts] = useState(false);

  const onPatch = useCallback((p: Partial<TxQuery>) => patch(profileId, p), [patch, profileId]);
  const chips = useMemo(() => chipsOf(query, directory.names), [query, directory.names]);
  const ready = results.status?.state === 'ready';
  const { text: _text, ...filtersOnly } = query;
  const resetKey = JSON.stringify(query);

  const previewRows = results.preview ?? [];
  const list = transactionListState({
    ready,
    answered: results.answer !== null,
    failed: results.error !== null,
    previewCount: previewRows.length,
    hasQuery: Object.keys(query).length > 0,
  });
  const count = list.source === 'preview' ? previewRows.length : (results.answer?.summary.count ?? 0);
  const rowAt = list.source === 'preview' ? (i: number) => previewRows[i] : results.rowAt;

  return (
    <section className="screen screen--wide" aria-labelledby="screen-title">
      <ScreenHeading>Transactions</ScreenHeading>
      {profileId === 'demo' ? <DemoResetProgress hideWhenDone hideWhileDownloading /> : null}
      <div className="tx-toolbar">
        <SearchBox
          value={query.text ?? ''}
          onChange={(text) => onPatch({ text })}
          truncated={results.answer?.truncated ?? false}
        />
        <button
          type="button"
          className="button"
          aria-expanded={showFilters}
          aria-controls="tx-filters"
          onClick={() => setShowFilters((v) => !v)}
        >
          Filters{Object.keys(filtersOnly).length ? ` (${chips.length})` : ''}
        </button>
        <button type="button" className="button" aria-pressed={showCharts} onClick={() => setShowCharts((v) => !v)}>
          Charts
        </button>
        <ExportButton
          profileId={profileId}
          queryId={ready ? (results.answer?.queryId ?? null) : null}
          count={ready ? count : 0}
        />
      </div>
      {chips.length > 0 ? (
        <div className="chips" role="group" aria-label="Active filters">
          {chips.map((c) => (
            <span key={c.key} className="chip">
              <span className="chip__label">{c.label}</span>
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove the filter ${c.label}`}
                onClick={() => onPatch(c.remove)}
              >
                ✕
              </button>
            </span>
          ))}
          <button type="button" className="button button--quiet" onClick={() => clearFilters(profileId)}>
            Clear filters
          </button>
        </div>
      ) : null}
      {showFilters ? (
        <div id="tx-filters">
          <FilterPanel query={query} directory={directory} onPatch={onPatch} />
          <SavedSearches profileId={profileId} query={query} onApply={(q) => setQuery(profileId, q)} />
        </div>
      ) : null}
      <ResultSummary answer={results.answer} answeredText={results.answeredText} status={results.status} />
      {results.error ? (
        <p className="field__error" role="alert">
          {results.error}
        </p>
      ) : null}
      {list.previewHint ? (
        <p className="field__hint">
          Showing the newest {previewRows.length} cached transactions while the search index loads.
        </p>
      ) : null}
      {showCharts && ready && results.answer ? (
        <SpendCharts
          queryId={results.answer.queryId}
          count={results.answer.summary.count}
          nameOf={merchants.ofDescriptor}
          onMerchant={(name) => onPatch({ merchants: [name] })}
        />
      ) : null}
      <ListDetail
        detail={
          selected ? (
            <ErrorBoundary key={selected.id} what="This transaction's details">
              <TransactionDetail
                profileId={profileId}
                tx={selected}
                names={directory.names}
                merchants={merchants}
                onClose={() => setSelected(null)}
              />
            </ErrorBoundary>
          ) : null
        }
      >
        <TransactionList
          count={count}
          rowAt={rowAt}
          onRange={results.requestRange}
          selectedId={selected?.id ?? null}
          activeIndex={active}
          onActive={setActive}
          onOpen={setSelected}
          names={directory.names}
          merchants={merchants}
          resetKey={resetKey}
          empty={list.empty}
        />
      </ListDetail>
    </section>
  );
}

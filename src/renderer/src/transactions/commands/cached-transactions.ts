import { useEffect, useState } from 'react';
import type { Transaction } from '../../../../shared/service';
import type { TxQuery, TxSummary } from '../../model/tx-query';
import { openSearch, readRows, searchClient } from '../../search/search-session';

const PAGE = 500;

export interface CachedTransactions {
  state: 'loading' | 'ready' | 'error';
  /** Count and totals of every matching row in the cache. */
  summary: TxSummary | null;
  /** The newest matching rows, at most the number asked for. */
  rows: Transaction[];
  /** False when more rows match than were read (`summary.count` says how many). */
  complete: boolean;
  error: string | null;
}

const LOADING: CachedTransactions = { state: 'loading', summary: null, rows: [], complete: false, error: null };

async function answer(
  profileId: string,
  query: TxQuery,
  maxRows: number,
): Promise<Omit<CachedTransactions, 'state' | 'error'>> {
  const client = searchClient();
  const first = await client.query(query, Math.min(PAGE, maxRows));
  const refs = [...first.rows];
  const wanted = Math.min(maxRows, first.summary.count);
  while (refs.length < wanted) {
    const more = await client.page(first.queryId, refs.length, Math.min(PAGE, wanted - refs.length));
    // Forgotten (many searches ran since): what was read so far is what there is; `complete` says so.
    if (!more || more.length === 0) break;
    refs.push(...more);
  }
  const rows = (await readRows(profileId, refs)).filter((r): r is Transaction => r !== undefined);
  return { summary: first.summary, rows, complete: rows.length >= first.summary.count };
}

/**
 * The search index's watermark for the profile once it is open: it changes whenever the index
 * absorbs new rows, so a query keyed on it runs again after a sync. `error` when it cannot open.
 */
export function useSearchWatermark(profileId: string): { watermark: number | null; error: string | null } {
  const [watermark, setWatermark] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const off = searchClient().onStatus((s) => {
      if (live && s.profileId === profileId && s.state === 'ready') setWatermark(s.watermark);
    });
    openSearch(profileId)
      .then(() => searchClient().status())
      .then(
        (s) => live && s.profileId === profileId && s.state === 'ready' && setWatermark(s.watermark),
        (e: unknown) =>
          live && setError(`The local search could not start: ${e instanceof Error ? e.message : String(e)}`),
      );
    return () => {
      live = false;
      off();
    };
  }, [profileId]);
  return { watermark, error };
}

/**
 * The cached transactions a card or a group screen shows (its list, totals and utilization), read
 * through the search index of the profile on screen, so they read offline and follow a sync: the
 * query runs again whenever the index absorbs new rows.
 */
export function useCachedTransactions(profileId: string, query: TxQuery | null, maxRows: number): CachedTransactions {
  const [result, setResult] = useState<CachedTransactions>(LOADING);
  const { watermark, error: openError } = useSearchWatermark(profileId);
  const key = query ? JSON.stringify(query) : null;

  useEffect(() => {
    if (key === null || watermark === null) return;
    let live = true;
    answer(profileId, JSON.parse(key) as TxQuery, maxRows).then(
      (a) => live && setResult({ ...a, state: 'ready', error: null }),
      (e: unknown) =>
        live &&
        setResult({
          ...LOADING,
          state: 'error',
          error: `The cached transactions could not be read: ${e instanceof Error ? e.message : String(e)}`,
        }),
    );
    return () => {
      live = false;
    };
  }, [profileId, key, maxRows, watermark]);

  if (key === null) return { ...LOADING, state: 'ready', summary: null, complete: true };
  return openError ? { ...LOADING, state: 'error', error: openError } : result;
}

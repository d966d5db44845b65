import { useEffect, useState } from 'react';
import type { TxQuery } from '../../model/tx-query';
import { searchClient } from '../../search/search-session';
import { useSearchWatermark } from '../../transactions/commands/cached-transactions';

export interface Summaries {
  state: 'loading' | 'ready' | 'error';
  /** Debit totals (cents, zero or negative) per query key. */
  outByKey: Record<string, number>;
  error: string | null;
}

const LOADING: Summaries = { state: 'loading', outByKey: {}, error: null };

/**
 * Totals of several searches over the cached transactions, answered by the search worker (no
 * row is read), again after every sync. `null` queries answer at once with nothing.
 */
export function useTxSummaries(profileId: string, queries: Record<string, TxQuery> | null): Summaries {
  const { watermark, error: openError } = useSearchWatermark(profileId);
  const [result, setResult] = useState<Summaries>(LOADING);
  const key = queries ? JSON.stringify(queries) : null;

  useEffect(() => {
    if (key === null || watermark === null) return;
    let live = true;
    const entries = Object.entries(JSON.parse(key) as Record<string, TxQuery>);
    Promise.all(
      entries.map(([k, q]) =>
        searchClient()
          .query(q, 0)
          .then((a) => [k, a.summary.outCents] as const),
      ),
    ).then(
      (pairs) => live && setResult({ state: 'ready', outByKey: Object.fromEntries(pairs), error: null }),
      (e: unknown) =>
        live &&
        setResult({
          ...LOADING,
          state: 'error',
          error: `The cached spend could not be totalled: ${e instanceof Error ? e.message : String(e)}`,
        }),
    );
    return () => {
      live = false;
    };
  }, [profileId, key, watermark]);

  if (key === null) return { state: 'ready', outByKey: {}, error: null };
  return openError ? { ...LOADING, state: 'error', error: openError } : result;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Transaction } from '../../../../shared/service';
import { newestRows } from '../../repos/transactions-repo';
import type { IndexStatus, QueryAnswer } from '../../search/index-host';
import type { TxQuery } from '../../search/model/query';
import { openSearch, readRows, searchClient } from '../../search/search-session';

const PAGE = 100;
const PREVIEW = 100;

export interface TransactionResults {
  status: IndexStatus | null;
  answer: QueryAnswer | null;
  /** Before the index is ready: the newest rows read straight from the cache. */
  preview: Transaction[] | null;
  rowAt(index: number): Transaction | undefined;
  requestRange(first: number, last: number): void;
  error: string | null;
}

/**
 * Runs the search in the worker and loads the rows of the part of the result on screen (a page
 * at a time, read from the cache by where the index says they are). A sync that adds rows makes
 * the same search run again, keeping the place in the list.
 */
export function useTransactionResults(profileId: string, query: TxQuery): TransactionResults {
  const [status, setStatus] = useState<IndexStatus | null>(null);
  const [answer, setAnswer] = useState<QueryAnswer | null>(null);
  const [preview, setPreview] = useState<Transaction[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, setPagesVersion] = useState(0);
  const pages = useRef(new Map<number, Transaction[] | 'loading'>());
  const current = useRef<{ answer: QueryAnswer | null; profileId: string }>({ answer: null, profileId });

  useEffect(() => {
    let live = true;
    setStatus(null);
    setAnswer(null);
    setPreview(null);
    pages.current.clear();
    current.current = { answer: null, profileId };
    const off = searchClient().onStatus((s) => {
      if (live && s.profileId === profileId) setStatus(s);
    });
    void newestRows(profileId, PREVIEW).then((rows) => live && setPreview(rows), () => undefined);
    openSearch(profileId).then(
      () => searchClient().status().then((s) => live && setStatus(s)),
      (e: unknown) => live && setError(`The search could not start: ${e instanceof Error ? e.message : String(e)}`),
    );
    return () => {
      live = false;
      off();
    };
  }, [profileId]);

  const ready = status?.state === 'ready';
  const watermark = status?.watermark ?? 0;
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    if (!ready) return;
    let live = true;
    // Typing runs a search per pause, not per key; a sync's new rows wait a little longer.
    const timer = setTimeout(() => {
      searchClient()
        .query(JSON.parse(queryKey) as TxQuery, PAGE)
        .then(async (a) => {
          if (!live) return;
          const rows = await readRows(profileId, a.rows);
          if (!live) return;
          pages.current = new Map([[0, rows.filter((r): r is Transaction => r !== undefined)]]);
          current.current = { answer: a, profileId };
          setAnswer(a);
          setError(null);
        })
        .catch((e: unknown) => live && setError(`The search failed: ${e instanceof Error ? e.message : String(e)}`));
    }, 120);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [ready, queryKey, watermark, profileId]);

  const requestRange = useCallback(
    (first: number, last: number) => {
      const a = current.current.answer;
      if (!a) return;
      for (let p = Math.floor(first / PAGE); p <= Math.floor(last / PAGE); p++) {
        if (pages.current.has(p)) continue;
        pages.current.set(p, 'loading');
        void searchClient()
          .page(a.queryId, p * PAGE, PAGE)
          .then((refs) => readRows(current.current.profileId, refs ?? []))
          .then((rows) => {
            if (current.current.answer !== a) return;
            pages.current.set(p, rows.filter((r): r is Transaction => r !== undefined));
            setPagesVersion((v) => v + 1);
          })
          .catch(() => pages.current.delete(p));
      }
    },
    [],
  );

  const rowAt = useCallback((index: number): Transaction | undefined => {
    const page = pages.current.get(Math.floor(index / PAGE));
    return page === 'loading' || page === undefined ? undefined : page[index % PAGE];
  }, []);

  return { status, answer, preview, rowAt, requestRange, error };
}

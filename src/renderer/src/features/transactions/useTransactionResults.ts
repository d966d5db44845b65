import { useCallback, useEffect, useRef, useState } from 'react';
import type { Transaction } from '../../../../shared/service';
import { newestRows } from '../../repos/transactions-repo';
import type { IndexStatus, QueryAnswer } from '../../search/index-host';
import type { TxQuery } from '../../search/model/query';
import { openSearch, readRows, searchClient } from '../../search/search-session';

const PAGE = 100;
const PREVIEW = 100;
/** A round trip (search + first rows) slower than this makes the next search wait for a pause in typing. */
const FAST_MS = 50;
const SLOW_PAUSE_MS = 120;

/** How long to wait before searching, given how long the last answer took to come back. */
export function pauseBefore(lastRoundTripMs: number): number {
  // bench:typing measures its baseline (the old fixed pause) on the same build by setting this
  // global; the app never sets it, so it changes nothing in use.
  const forced = (globalThis as { __treasuryBenchSearchPauseMs?: unknown }).__treasuryBenchSearchPauseMs;
  if (typeof forced === 'number') return forced;
  return lastRoundTripMs <= FAST_MS ? 0 : SLOW_PAUSE_MS;
}

export interface TransactionResults {
  status: IndexStatus | null;
  answer: QueryAnswer | null;
  /** The search text `answer` answers (the box may already hold a newer one). */
  answeredText: string | null;
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
  // The answer and the search text it answers, set together (the screen shows which it is).
  const [answered, setAnswered] = useState<{ answer: QueryAnswer; text: string } | null>(null);
  const [preview, setPreview] = useState<Transaction[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, setPagesVersion] = useState(0);
  const pages = useRef(new Map<number, Transaction[] | 'loading'>());
  const current = useRef<{ answer: QueryAnswer | null; profileId: string }>({ answer: null, profileId });
  const searchSeq = useRef(0);
  const lastRoundTripMs = useRef(0);

  useEffect(() => {
    let live = true;
    setStatus(null);
    setAnswered(null);
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
    // Sequence numbers end to end: only the newest search may set the answer. Each run also has
    // its own `live` flag, cleared when the query changes, so a slower earlier answer (and its
    // rows read from the cache) is dropped, never painted.
    const seq = ++searchSeq.current;
    let live = true;
    const run = () => {
      const started = performance.now();
      const q = JSON.parse(queryKey) as TxQuery;
      searchClient()
        .query(q, PAGE)
        .then(async (a) => {
          if (!live || seq !== searchSeq.current) return;
          const rows = await readRows(profileId, a.rows);
          if (!live || seq !== searchSeq.current) return;
          lastRoundTripMs.current = performance.now() - started;
          pages.current = new Map([[0, rows.filter((r): r is Transaction => r !== undefined)]]);
          current.current = { answer: a, profileId };
          setAnswered({ answer: a, text: q.text ?? '' });
          setError(null);
        })
        .catch((e: unknown) => live && seq === searchSeq.current && setError(`The search failed: ${e instanceof Error ? e.message : String(e)}`));
    };
    // No pause while answers are fast (a keystroke's answer paints before the next key); a slow
    // index (a huge history on a busy machine) waits for a pause in typing instead of queueing
    // searches the person has already typed past.
    const pause = pauseBefore(lastRoundTripMs.current);
    if (pause === 0) {
      run();
      return () => {
        live = false;
      };
    }
    const timer = setTimeout(run, pause);
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

  return { status, answer: answered?.answer ?? null, answeredText: answered?.text ?? null, preview, rowAt, requestRange, error };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Transaction } from '../../../../shared/service';
import { newestRows } from '../../repos/transactions-repo';
import type { IndexStatus, QueryAnswer } from '../../search/index-host';
import type { TxQuery } from '../../model/tx-query';
import { openSearch, readRows, searchClient } from '../../search/search-session';

// The first page is read with every answer before it is painted: more rows than a tall window
// shows, and no more (each row may sit in its own chunk).
const PAGE = 50;
const PREVIEW = 100;

/**
 * The pause before searching: none (each keystroke searches at once; see the effect below for
 * how a slow index is kept from queueing). bench:typing measures its baseline, the old fixed
 * 120 ms pause, on the same build by setting this global; the app never sets it.
 */
function pauseBeforeSearch(): number {
  const forced = (globalThis as { __treasuryBenchSearchPauseMs?: unknown }).__treasuryBenchSearchPauseMs;
  return typeof forced === 'number' ? forced : 0;
}

/** An answer, the search it answers (text and whole query) and its rows read so far, by page. */
interface Answered {
  answer: QueryAnswer;
  text: string;
  key: string;
  pages: Map<number, Transaction[] | 'loading'>;
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
  // The newest answer that came back, and the one on screen. An answer's render can be committed
  // after a key changed the query (the key's update runs first): it is shown only while it still
  // answers the query on screen, so a stale result is never painted.
  const [arrived, setArrived] = useState<Answered | null>(null);
  const [shown, setShown] = useState<Answered | null>(null);
  const [preview, setPreview] = useState<Transaction[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, setPagesVersion] = useState(0);
  const searchSeq = useRef(0);
  const inFlight = useRef(false);
  const waiting = useRef<{ seq: number; job: () => Promise<void> } | null>(null);

  useEffect(() => {
    let live = true;
    setStatus(null);
    setArrived(null);
    setShown(null);
    setPreview(null);
    const off = searchClient().onStatus((s) => {
      if (live && s.profileId === profileId) setStatus(s);
    });
    void newestRows(profileId, PREVIEW).then(
      (rows) => live && setPreview(rows),
      () => undefined,
    );
    openSearch(profileId).then(
      () =>
        searchClient()
          .status()
          .then((s) => live && setStatus(s)),
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
  if (arrived !== null && arrived !== shown && arrived.key === queryKey) setShown(arrived);

  useEffect(() => {
    if (!ready) return;
    // Sequence numbers end to end: only the newest search may set the answer, so a slower
    // earlier answer (and its rows read from the cache) is dropped, never painted.
    const seq = ++searchSeq.current;
    const q = JSON.parse(queryKey) as TxQuery;
    const run = async () => {
      try {
        const a = await searchClient().query(q, PAGE);
        if (seq !== searchSeq.current) return;
        const rows = await readRows(profileId, a.rows);
        if (seq !== searchSeq.current) return;
        const first = rows.filter((r): r is Transaction => r !== undefined);
        setArrived({ answer: a, text: q.text ?? '', key: queryKey, pages: new Map([[0, first]]) });
        setError(null);
      } catch (e: unknown) {
        if (seq === searchSeq.current) setError(`The search failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
    // One search in flight at a time, the newest waiting: when answers are fast each keystroke
    // searches at once with no pause; when they are slow (a huge history, a busy machine) the
    // keys typed meanwhile collapse into one search instead of queueing in the worker.
    const start = (job: () => Promise<void>) => {
      inFlight.current = true;
      void job().finally(() => {
        inFlight.current = false;
        const next = waiting.current;
        waiting.current = null;
        if (next && searchSeq.current === next.seq) start(next.job);
      });
    };
    const go = () => {
      if (inFlight.current) waiting.current = { seq, job: run };
      else start(run);
    };
    const pause = pauseBeforeSearch();
    const timer = pause > 0 ? setTimeout(go, pause) : undefined;
    if (pause === 0) go();
    return () => {
      // The query changed (or the screen closed): this search's answer is no longer wanted.
      searchSeq.current++;
      clearTimeout(timer);
    };
  }, [ready, queryKey, watermark, profileId]);

  const requestRange = useCallback(
    (first: number, last: number) => {
      if (!shown) return;
      const { answer: a, pages } = shown;
      for (let p = Math.floor(first / PAGE); p <= Math.floor(last / PAGE); p++) {
        if (pages.has(p)) continue;
        pages.set(p, 'loading');
        void searchClient()
          .page(a.queryId, p * PAGE, PAGE)
          .then((refs) => readRows(profileId, refs ?? []))
          .then((rows) => {
            pages.set(
              p,
              rows.filter((r): r is Transaction => r !== undefined),
            );
            setPagesVersion((v) => v + 1);
          })
          .catch(() => pages.delete(p));
      }
    },
    [shown, profileId],
  );

  const rowAt = useCallback(
    (index: number): Transaction | undefined => {
      const page = shown?.pages.get(Math.floor(index / PAGE));
      return page === 'loading' || page === undefined ? undefined : page[index % PAGE];
    },
    [shown],
  );

  return {
    status,
    answer: shown?.answer ?? null,
    answeredText: shown?.text ?? null,
    preview,
    rowAt,
    requestRange,
    error,
  };
}

import { useCallback, useRef, useState } from 'react';
import type { Result } from '../../../shared/ipc';
import type { FetchedPage } from '../model/fetched-page';
import type { Note } from './StatusNote';

export interface PagedFetch {
  fetching: boolean;
  note: Note | null;
  /** Set while the service said more pages follow the last one fetched. */
  nextCursor: string | undefined;
  fetchFirst(): Promise<void>;
  fetchNext(): Promise<void>;
  /**
   * Forgets the cursor and the note: a cursor belongs to the query it was given for. A request
   * still running is let go: its page still reaches the cache, but not its cursor or note.
   */
  reset(): void;
}

/**
 * The state of "Refresh from the bank" / "Load more from the bank" over one list: the page is put
 * in the cache by `fetchPage` (the list on screen, a live query, shows it), and this keeps the
 * cursor the service answered and says what the page brought.
 * `noun` names the items: `noun(1)` "group", `noun(2)` "groups".
 */
export function usePagedFetch(
  fetchPage: (cursor?: string) => Promise<Result<FetchedPage>>,
  noun: (n: number) => string,
): PagedFetch {
  const [fetching, setFetching] = useState(false);
  const [note, setNote] = useState<PagedFetch['note']>(null);
  const [nextCursor, setNextCursor] = useState<string | undefined>(undefined);

  // Which request's answer may still land: reset() and each new request bump it, so an answer to
  // an older query (one sent before "Show closed" changed, say) cannot set a cursor for the new one.
  const generation = useRef(0);

  const run = async (cursor?: string) => {
    const mine = ++generation.current;
    setFetching(true);
    setNote(null);
    const r = await fetchPage(cursor);
    if (mine !== generation.current) return;
    setFetching(false);
    if (!r.ok) return setNote({ text: r.error.message, error: true });
    setNextCursor(r.value.nextCursor);
    setNote({
      text: `${r.value.count} ${noun(r.value.count)} read from the bank${r.value.nextCursor ? '; more are available.' : '; that is the end of the list.'}`,
      error: false,
    });
  };

  const reset = useCallback(() => {
    generation.current++;
    setFetching(false);
    setNextCursor(undefined);
    setNote(null);
  }, []);

  return { fetching, note, nextCursor, fetchFirst: () => run(), fetchNext: () => run(nextCursor), reset };
}

/** "n thing(s)" for the nouns that take an s. */
export const plural = (word: string) => (n: number) => (n === 1 ? word : `${word}s`);

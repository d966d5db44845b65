import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Result } from '../../../src/shared/ipc';
import type { FetchedPage } from '../../../src/renderer/src/model/fetched-page';
import { plural, usePagedFetch, type PagedFetch } from '../../../src/renderer/src/ui/usePagedFetch';
import { expose } from './expose';

/** What one committed render of the hook showed, and which render it was. */
interface Seen {
  marker: number;
  fetching: boolean;
  nextCursor: string | null;
  note: string | null;
}

// The hook's page fetches, each held until the spec answers it: the order answers land in is the
// spec's to choose, with no timing involved.
const calls: { cursor: string | null; answer(r: Result<FetchedPage>): void; settled: Promise<Result<FetchedPage>> }[] =
  [];
let hook: PagedFetch | null = null;
let seen: Seen | null = null;
let bump: (() => void) | null = null;

function fetchPage(cursor?: string): Promise<Result<FetchedPage>> {
  let answer!: (r: Result<FetchedPage>) => void;
  const settled = new Promise<Result<FetchedPage>>((resolve) => (answer = resolve));
  calls.push({ cursor: cursor ?? null, answer, settled });
  return settled;
}

function Probe() {
  const paged = usePagedFetch(fetchPage, plural('account'));
  const [marker, setMarker] = useState(0);
  hook = paged;
  bump = () => setMarker((m) => m + 1);
  useEffect(() => {
    seen = { marker, fetching: paged.fetching, nextCursor: paged.nextCursor ?? null, note: paged.note?.text ?? null };
  });
  return null;
}

expose({
  mount() {
    createRoot(document.body.appendChild(document.createElement('div'))).render(<Probe />);
  },
  fetchFirst: () => void hook?.fetchFirst(),
  fetchNext: () => void hook?.fetchNext(),
  reset: () => hook?.reset(),
  /** Answers call `i`; resolves once the hook has taken the answer (its setState calls are made). */
  async answer(i: number, count: number, nextCursor: string | null) {
    const call = calls[i];
    if (!call) throw new Error(`no page fetch number ${i}`);
    call.answer({ ok: true, value: { count, ...(nextCursor ? { nextCursor } : {}) } });
    await call.settled;
    await Promise.resolve();
  },
  /**
   * A render after everything the hook was told so far: React commits updates in the order they
   * were made, so once this marker shows, every earlier answer's state is on screen too.
   */
  mark: () => bump?.(),
  seen: () => seen,
  cursors: () => calls.map((c) => c.cursor),
});

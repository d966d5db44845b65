/**
 * What the Transactions list shows before and after the search index answers: the newest cached
 * rows (read straight from the cache), the search's answer, and the words for an empty list. Pure,
 * so each moment of a start or a Demo reset is tested without racing the worker.
 */
export interface ListInputs {
  /** The search index is ready for this profile. */
  ready: boolean;
  /** An answer to some query has arrived since the screen (or the profile's index) opened. */
  answered: boolean;
  /** The search failed; its error is on screen. */
  failed: boolean;
  /** How many newest cached rows were read for the preview. */
  previewCount: number;
  /** The query has text or any filter. */
  hasQuery: boolean;
}

export interface ListState {
  /** Which rows the list draws. */
  source: 'preview' | 'answer';
  /** The hint beside a preview shown because the index is not ready. */
  previewHint: boolean;
  /** The list's words when it has no row. */
  empty: string;
}

export function transactionListState(i: ListInputs): ListState {
  // Between the index becoming ready and its first answer (a moment, or longer after a Demo reset
  // at a million rows) the list must not claim there is nothing; with no query, the newest rows
  // already read stay on screen meanwhile (with a query they would not be its answer).
  const awaiting = i.ready && !i.answered && !i.failed;
  const preview = i.previewCount > 0 && (!i.ready || (awaiting && !i.hasQuery));
  const empty = awaiting
    ? 'Searching the cached transactions…'
    : !i.ready
      ? 'No transactions cached yet. They appear here as the sync downloads them.'
      : i.hasQuery
        ? 'No transaction matches this search. Try fewer words or clear the filters.'
        : 'No transactions yet.';
  return { source: preview ? 'preview' : 'answer', previewHint: preview && !i.ready, empty };
}

/** What fetching one page of a list into the cache brought. */
export interface FetchedPage {
  /** How many items the page brought. */
  count: number;
  /** The cursor of the next page; undefined at the end of the list. */
  nextCursor?: string;
}

/** The page's items count and cursor, from a list answer of the service. */
export function fetchedPage(answer: {
  items: readonly unknown[];
  metadata?: { nextCursor?: string | undefined } | undefined;
}): FetchedPage {
  const nextCursor = answer.metadata?.nextCursor;
  return { count: answer.items.length, ...(nextCursor ? { nextCursor } : {}) };
}

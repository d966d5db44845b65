import { badRequest } from '../http/errors';

/**
 * Keyset pagination over an in-memory list: the cursor names the last item's sort key and id,
 * so inserting items while someone walks the pages neither skips nor repeats existing items.
 */

export type SortKey = string | number;

export interface PageResult<T> {
  items: T[];
  metadata: { nextCursor?: string; count: number };
}

export function encodeCursor(key: SortKey, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

export function decodeCursor(cursor: string): [SortKey, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (typeof value[0] === 'string' || typeof value[0] === 'number') &&
      typeof value[1] === 'string'
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // fall through to the error below
  }
  throw badRequest('cursor is not one this server issued; start again without a cursor', { cursor });
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/**
 * Sorts `items` by (key, id) in the given direction and returns the page after `cursor`.
 * `count` is the number of items on this page.
 */
export function paginate<T extends { id: string }>(
  items: Iterable<T>,
  opts: { cursor?: string; pageSize: number; key?: (item: T) => SortKey; direction?: 'ASC' | 'DESC' },
): PageResult<T> {
  const key = opts.key ?? ((item: T) => item.id);
  const sign = opts.direction === 'DESC' ? -1 : 1;
  const compare = (a: T, b: T) => sign * (compareKeys(key(a), key(b)) || compareKeys(a.id, b.id));
  const sorted = [...items].sort(compare);
  let start = 0;
  if (opts.cursor) {
    const [afterKey, afterId] = decodeCursor(opts.cursor);
    start = sorted.findIndex((item) => sign * (compareKeys(key(item), afterKey) || compareKeys(item.id, afterId)) > 0);
    if (start < 0) start = sorted.length;
  }
  const page = sorted.slice(start, start + opts.pageSize);
  const last = page[page.length - 1];
  const more = start + opts.pageSize < sorted.length;
  return {
    items: page,
    metadata: {
      count: page.length,
      ...(more && last ? { nextCursor: encodeCursor(key(last), last.id) } : {}),
    },
  };
}

import type { Strings } from './layout';
import { compareAsStrings } from './utf8';

/** Negative when row a (of `ids`) comes first among rows of the same date: id descending. */
export function compareIdsNewestFirst(ids: Strings, a: number, b: number): number {
  const { offsets, bytes } = ids;
  return compareAsStrings(
    bytes,
    offsets[b] as number,
    offsets[b + 1] as number,
    bytes,
    offsets[a] as number,
    offsets[a + 1] as number,
  );
}

/**
 * The rows (indices into `dates` and `ids`) in result order: date descending, then id
 * descending. Caches list newest (or oldest) first already, so a sorted or reversed input costs
 * one pass plus sorting the rows that share a date; anything else is sorted by date first.
 */
export function newestFirst(rows: Uint32Array, dates: Float64Array, ids: Strings): Uint32Array {
  let order = rows;
  if (!isSortedBy(order, dates, -1)) {
    if (isSortedBy(order, dates, 1)) order = order.slice().reverse();
    else order = Uint32Array.from(Array.from(order).sort((a, b) => (dates[b] as number) - (dates[a] as number)));
  } else {
    order = order.slice();
  }
  for (let start = 0; start < order.length;) {
    const date = dates[order[start] as number] as number;
    let end = start + 1;
    while (end < order.length && dates[order[end] as number] === date) end++;
    if (end - start > 1) order.subarray(start, end).sort((a, b) => compareIdsNewestFirst(ids, a, b));
    start = end;
  }
  return order;
}

/** Whether dates along `order` never increase (direction -1) or never decrease (1). */
function isSortedBy(order: Uint32Array, dates: Float64Array, direction: -1 | 1): boolean {
  for (let k = 1; k < order.length; k++) {
    const d = (dates[order[k] as number] as number) - (dates[order[k - 1] as number] as number);
    if (d * direction < 0) return false;
  }
  return true;
}

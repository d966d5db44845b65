import type { Strings } from './layout';
import { orderByKeys } from './radix';
import { compareBytes } from './utf8';

/**
 * The indices of distinct byte strings in byte order. A build sorts about two million terms,
 * where a comparison sort takes seconds; words made by text.ts use only a-z and 0-9, so their
 * first ten bytes pack exactly into two base-37 numbers below 2^27 (0 marks the end of a shorter
 * word) that sort in the same order, and a radix sort of those, then a comparison sort of the few
 * runs that share ten bytes, takes a fraction of that. Any other byte sends the whole list to
 * the comparison sort.
 */
export function sortedOrder(keys: Strings): Uint32Array {
  const { offsets, bytes } = keys;
  const n = offsets.length - 1;
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const start = offsets[i] as number;
    const end = offsets[i + 1] as number;
    let a = 0;
    let b = 0;
    for (let c = 0; c < 10; c++) {
      const d = start + c < end ? digitOf(bytes[start + c] as number) : 0;
      if (d < 0) return comparisonSort(keys);
      if (c < 5) a = a * 37 + d;
      else b = b * 37 + d;
    }
    for (let at = start + 10; at < end; at++) if (digitOf(bytes[at] as number) < 0) return comparisonSort(keys);
    hi[i] = a;
    lo[i] = b;
  }
  const order = orderByKeys(hi, lo);
  for (let start = 0; start < n;) {
    const first = order[start] as number;
    let end = start + 1;
    while (end < n && hi[order[end] as number] === hi[first] && lo[order[end] as number] === lo[first]) end++;
    if (end - start > 1) order.subarray(start, end).sort((x, y) => compareKeys(keys, x, y));
    start = end;
  }
  return order;
}

/** 1..10 for 0-9, 11..36 for a-z (their byte order), -1 for anything else. */
function digitOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 47;
  if (code >= 97 && code <= 122) return code - 86;
  return -1;
}

function comparisonSort(keys: Strings): Uint32Array {
  const order = new Uint32Array(keys.offsets.length - 1);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort((x, y) => compareKeys(keys, x, y));
}

function compareKeys(keys: Strings, x: number, y: number): number {
  const { offsets, bytes } = keys;
  return compareBytes(
    bytes,
    offsets[x] as number,
    offsets[x + 1] as number,
    bytes,
    offsets[y] as number,
    offsets[y + 1] as number,
  );
}

/**
 * Indices 0..n-1 ordered by (hi[i], lo[i]) ascending, ties in index order, for keys below 2^28:
 * four stable counting passes of 14 bits, least significant first. Sorting a million or two
 * numbers this way takes tens of milliseconds where a comparison sort takes a second or more.
 */
export function orderByKeys(hi: Uint32Array, lo: Uint32Array): Uint32Array {
  const n = hi.length;
  const order = new Uint32Array(n);
  const spare = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  radixPass(order, spare, lo, 0);
  radixPass(spare, order, lo, 14);
  radixPass(order, spare, hi, 0);
  radixPass(spare, order, hi, 14);
  return order;
}

const RADIX_BITS = 14;
const BUCKETS = 1 << RADIX_BITS;

function radixPass(order: Uint32Array, out: Uint32Array, key: Uint32Array, shift: number): void {
  const counts = new Uint32Array(BUCKETS + 1);
  for (let k = 0; k < order.length; k++) {
    const b = (((key[order[k] as number] as number) >>> shift) & (BUCKETS - 1)) + 1;
    counts[b] = (counts[b] as number) + 1;
  }
  for (let b = 1; b <= BUCKETS; b++) counts[b] = (counts[b] as number) + (counts[b - 1] as number);
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    const b = ((key[i] as number) >>> shift) & (BUCKETS - 1);
    out[counts[b] as number] = i;
    counts[b] = (counts[b] as number) + 1;
  }
}

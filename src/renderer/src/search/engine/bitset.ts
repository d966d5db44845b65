/**
 * Sets of row positions as bits in 32-bit words: 125 KB for a million rows, and fast to AND.
 * Loops over every word live here, beside popcount: a call across modules inside a hot loop is
 * not always inlined (under tsx each imported function is a getter call).
 */

export function newBitset(size: number): Uint32Array {
  return new Uint32Array((size + 31) >>> 5);
}

/** Scratch bitsets by slot (scratchBitset). */
const scratch: (Uint32Array | undefined)[] = [];

/**
 * A zeroed bitset of `size` bits that the next call with the same slot hands out again: for the
 * working sets of one synchronous query (text candidates, the rows an index names), never for bits
 * a result keeps. A fresh 125 KB bitset per step at a million rows was garbage the collector paid
 * for in the slowest answers; zeroing a kept one costs what zeroing a new one does.
 */
export function scratchBitset(slot: number, size: number): Uint32Array {
  const words = (size + 31) >>> 5;
  const kept = scratch[slot];
  if (kept !== undefined && kept.length === words) {
    kept.fill(0);
    return kept;
  }
  const bits = new Uint32Array(words);
  scratch[slot] = bits;
  return bits;
}

/** The slots of scratchBitset, one per working set a query can hold at once. */
export const SCRATCH = { candidates: 0, andWith: 1, named: 2, answer: 3, more: 4 } as const;

export function hasBit(bits: Uint32Array, i: number): boolean {
  return ((bits[i >>> 5] as number) & (1 << (i & 31))) !== 0;
}

export function setBit(bits: Uint32Array, i: number): void {
  bits[i >>> 5] = (bits[i >>> 5] as number) | (1 << (i & 31));
}

/** Sets the bits of positions[from..to). */
export function setPositions(bits: Uint32Array, positions: Uint32Array, from: number, to: number): void {
  for (let k = from; k < to; k++) {
    const p = positions[k] as number;
    bits[p >>> 5] = (bits[p >>> 5] as number) | (1 << (p & 31));
  }
}

export function andInto(target: Uint32Array, other: Uint32Array): void {
  for (let w = 0; w < target.length; w++) target[w] = (target[w] as number) & (other[w] as number);
}

/** Clears in target the bits set in other. */
export function andNotInto(target: Uint32Array, other: Uint32Array): void {
  for (let w = 0; w < target.length; w++) target[w] = (target[w] as number) & ~(other[w] as number);
}

/** Flips every bit (the bits past the last position too: readers mask them). */
export function invert(bits: Uint32Array): void {
  for (let w = 0; w < bits.length; w++) bits[w] = ~(bits[w] as number);
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** How many bits are set in words [from, to) (all when absent). */
export function countBits(bits: Uint32Array, from = 0, to = bits.length): number {
  let n = 0;
  for (let w = from; w < to; w++) n += popcount(bits[w] as number);
  return n;
}

/** Position of the lowest set bit at or after `from`, or -1. */
export function nextSetBit(bits: Uint32Array, from: number): number {
  let w = from >>> 5;
  if (w >= bits.length) return -1;
  let word = (bits[w] as number) & (-1 << (from & 31));
  while (word === 0) {
    if (++w >= bits.length) return -1;
    word = bits[w] as number;
  }
  return (w << 5) + 31 - Math.clz32(word & -word);
}

const BLOCK_WORDS = 64;

/**
 * Counts of set bits before each block of 64 words, so a page deep in a large result finds its
 * first row without counting every bit before it.
 */
export class RankDirectory {
  private readonly before: Uint32Array;

  constructor(private readonly bits: Uint32Array) {
    const blocks = Math.ceil(bits.length / BLOCK_WORDS);
    this.before = new Uint32Array(blocks + 1);
    let total = 0;
    for (let b = 0; b < blocks; b++) {
      this.before[b] = total;
      const end = Math.min(bits.length, (b + 1) * BLOCK_WORDS);
      for (let w = b * BLOCK_WORDS; w < end; w++) total += popcount(bits[w] as number);
    }
    this.before[blocks] = total;
  }

  /** How many set bits are below position p. */
  rank(p: number): number {
    const w = Math.min(p >>> 5, this.bits.length);
    const block = Math.floor(w / BLOCK_WORDS);
    let r = this.before[block] as number;
    for (let i = block * BLOCK_WORDS; i < w; i++) r += popcount(this.bits[i] as number);
    if (w < this.bits.length && (p & 31) !== 0) r += popcount((this.bits[w] as number) & ((1 << (p & 31)) - 1));
    return r;
  }

  /** Position of the set bit with rank r (0-based), or -1 when there are not that many. */
  select(r: number): number {
    const before = this.before;
    if (r < 0 || r >= (before[before.length - 1] as number)) return -1;
    let lo = 0;
    let hi = before.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if ((before[mid] as number) <= r) lo = mid;
      else hi = mid;
    }
    let left = r - (before[lo] as number);
    for (let w = lo * BLOCK_WORDS; ; w++) {
      let word = this.bits[w] as number;
      const c = popcount(word);
      if (left >= c) {
        left -= c;
        continue;
      }
      for (; left > 0; left--) word &= word - 1;
      return (w << 5) + 31 - Math.clz32(word & -word);
    }
  }
}

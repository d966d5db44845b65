import { newBitset, nextSetBit, RankDirectory } from './bitset';

/**
 * The base positions a result holds, in order. A sparse answer keeps its positions (4 bytes a
 * match), a dense one a copy of the scan's bitset: at a million rows a bitset is 125 KB, and one
 * made per query was the garbage behind most of the collector's pauses between answers (V8 counts
 * it as external memory and collects when that grows), while a typical answer of a few thousand
 * rows fits in a tenth of that.
 */
export interface BaseMatches {
  readonly count: number;
  /** Position of the match of rank r (0-based), or -1 when there are not that many. */
  select(r: number): number;
  /** The position of the match after the one at p, whose rank is r; -1 after the last. */
  next(p: number, r: number): number;
  /** How many matches lie below position p. */
  rank(p: number): number;
  /** The matches as a bitset over the base (made once for a list). */
  bits(): Uint32Array;
}

class BitMatches implements BaseMatches {
  /** Made only past the first row: a pass over every word. */
  private ranks: RankDirectory | null = null;

  constructor(
    private readonly set: Uint32Array,
    readonly count: number,
  ) {}

  select(r: number): number {
    if (r === 0) return nextSetBit(this.set, 0);
    return (this.ranks ??= new RankDirectory(this.set)).select(r);
  }

  next(p: number): number {
    return nextSetBit(this.set, p + 1);
  }

  rank(p: number): number {
    return (this.ranks ??= new RankDirectory(this.set)).rank(p);
  }

  bits(): Uint32Array {
    return this.set;
  }
}

class ListMatches implements BaseMatches {
  private set: Uint32Array | null = null;

  constructor(
    private readonly positions: Uint32Array,
    private readonly size: number,
  ) {}

  get count(): number {
    return this.positions.length;
  }

  select(r: number): number {
    return r >= 0 && r < this.positions.length ? (this.positions[r] as number) : -1;
  }

  next(_p: number, r: number): number {
    return this.select(r + 1);
  }

  rank(p: number): number {
    let lo = 0;
    let hi = this.positions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.positions[mid] as number) < p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  bits(): Uint32Array {
    if (this.set === null) {
      this.set = newBitset(this.size);
      for (const p of this.positions) this.set[p >>> 5] = (this.set[p >>> 5] as number) | (1 << (p & 31));
    }
    return this.set;
  }
}

/**
 * The matches of a scan, kept apart from its bitset (scratch, lent again by the next query): as a
 * list when that is no bigger than the bitset, else as a copy of the bitset. Only words [from, to)
 * can hold set bits.
 */
export function keepMatches(scan: Uint32Array, count: number, size: number, from: number, to: number): BaseMatches {
  if (count > scan.length) return new BitMatches(scan.slice(), count);
  const positions = new Uint32Array(count);
  let k = 0;
  for (let w = from; w < to && k < count; w++) {
    const word = scan[w] as number;
    if (word === 0) continue;
    for (let bits = word; bits !== 0; bits &= bits - 1) positions[k++] = (w << 5) + 31 - Math.clz32(bits & -bits);
  }
  return new ListMatches(positions, size);
}

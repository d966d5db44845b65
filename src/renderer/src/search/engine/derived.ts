import { newBitset, setPositions } from './bitset';
import type { AbsRange } from './amount-range';
import type { Dimension } from './dimensions';
import type { Postings, RowColumns } from './layout';
import { orderByKeys } from './radix';
import { tuning } from './tuning';

/**
 * Indexes a base can answer from faster than a scan, derived from its columns on first use (so
 * loading stays quick and queries that never need one never pay for it): rows by absolute amount,
 * rows per value of a dimension, running totals for date-window-only queries, and the terms most
 * rows hold as bitsets.
 */
export class DerivedIndexes {
  private byAmount: Uint32Array | null = null;
  private readonly perValue = new Map<Dimension | 'hasFee', PositionLists>();
  private totals: RunningTotals | null | undefined = undefined;
  private dense: Uint32Array | null = null;
  private readonly denseBits = new Map<number, Uint32Array>();

  constructor(
    private readonly rows: RowColumns,
    private readonly postings: Postings,
  ) {}

  /**
   * Terms held by at least 1 row in 16 (tuning.ts), ascending. Their postings cost more to OR into a bitset
   * ("txn", "card" and an account's id are in nearly every row) than their bitset costs to AND.
   */
  denseTerms(): Uint32Array {
    if (this.dense) return this.dense;
    const { offsets } = this.postings;
    const least = Math.max(tuning.denseMinRows, this.rows.dates.length * tuning.denseShare);
    const found: number[] = [];
    for (let t = 0; t + 1 < offsets.length; t++)
      if ((offsets[t + 1] as number) - (offsets[t] as number) >= least) found.push(t);
    return (this.dense = Uint32Array.from(found));
  }

  /** The rows holding a dense term, as a bitset. */
  termBits(t: number): Uint32Array {
    let bits = this.denseBits.get(t);
    if (!bits) {
      bits = newBitset(this.rows.dates.length);
      setPositions(
        bits,
        this.postings.list,
        this.postings.offsets[t] as number,
        this.postings.offsets[t + 1] as number,
      );
      this.denseBits.set(t, bits);
    }
    return bits;
  }

  /** Positions ordered by amount ascending (a radix sort: about 30 ms a million rows). */
  amountOrder(): Uint32Array {
    return (this.byAmount ??= sortByAmount(this.rows.amounts));
  }

  /** Positions holding each code of a dimension (hasFee: 0 and 1), ascending. */
  lists(d: Dimension | 'hasFee', codeCount: number): PositionLists {
    let lists = this.perValue.get(d);
    if (!lists) {
      lists = PositionLists.of(this.rows[d], codeCount);
      this.perValue.set(d, lists);
    }
    return lists;
  }

  /** Sums of money in and out before each position; null when they would not be exact. */
  runningTotals(): RunningTotals | null {
    if (this.totals === undefined) this.totals = RunningTotals.of(this.rows.amounts);
    return this.totals;
  }

  byteLength(): number {
    let bytes = (this.byAmount?.byteLength ?? 0) + (this.totals ? this.totals.sumsIn.byteLength * 2 : 0);
    for (const l of this.perValue.values()) bytes += l.list.byteLength + l.offsets.byteLength;
    for (const b of this.denseBits.values()) bytes += b.byteLength;
    return bytes + (this.dense?.byteLength ?? 0);
  }
}

/** The range [from, to) of `order` (by amount) whose rows have an amount in [min, max]. */
export function amountSlice(order: Uint32Array, amounts: Float64Array, min: number, max: number): [number, number] {
  const first = (pastEqual: boolean, v: number) => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const a = amounts[order[mid] as number] as number;
      if (a < v || (pastEqual && a === v)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return [first(false, min), first(true, max)];
}

/**
 * The amounts a row may have, as at most two intervals: an |amount| range (and whether the amount
 * must be negative) within signed bounds. Amounts are whole cents, so "negative" is "at most -1".
 */
export function amountIntervals(abs: AbsRange | null, negative: boolean, min: number, max: number): [number, number][] {
  const parts: [number, number][] =
    abs === null ? [[-Infinity, negative ? -1 : Infinity]] : [[-abs.hi, -Math.max(abs.lo, 1)]];
  if (abs !== null && !negative) parts.push([abs.lo, abs.hi]);
  return parts.map(([a, b]): [number, number] => [Math.max(a, min), Math.min(b, max)]).filter(([a, b]) => a <= b);
}

/** Positions by amount: a radix sort of |amount|, then the negative ones reversed in front. */
function sortByAmount(amounts: Float64Array): Uint32Array {
  const n = amounts.length;
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  let negatives = 0;
  for (let i = 0; i < n; i++) {
    // |amount| < 2^53 splits exactly into two parts below 2^27.
    const a = amounts[i] as number;
    const abs = Math.abs(a);
    const h = Math.floor(abs / 134_217_728);
    hi[i] = h;
    lo[i] = abs - h * 134_217_728;
    if (a < 0) negatives++;
  }
  const byAbs = orderByKeys(hi, lo);
  const order = new Uint32Array(n);
  let back = negatives;
  let front = negatives;
  for (let k = 0; k < n; k++) {
    const p = byAbs[k] as number;
    if ((amounts[p] as number) < 0) order[--back] = p;
    else order[front++] = p;
  }
  return order;
}

/** Positions per code: list[offsets[c]..offsets[c + 1]) hold code c, ascending. */
export class PositionLists {
  private constructor(
    readonly offsets: Uint32Array,
    readonly list: Uint32Array,
  ) {}

  static of(codes: Uint8Array | Uint32Array, codeCount: number): PositionLists {
    const offsets = new Uint32Array(codeCount + 2);
    for (let p = 0; p < codes.length; p++) {
      const c = (codes[p] as number) + 1;
      offsets[c] = (offsets[c] as number) + 1;
    }
    for (let c = 1; c < offsets.length; c++) offsets[c] = (offsets[c] as number) + (offsets[c - 1] as number);
    const cursor = offsets.slice(0, codeCount + 1);
    const list = new Uint32Array(codes.length);
    for (let p = 0; p < codes.length; p++) {
      const c = codes[p] as number;
      list[cursor[c] as number] = p;
      cursor[c] = (cursor[c] as number) + 1;
    }
    return new PositionLists(offsets, list);
  }

  /** The part of code c's list inside positions [lo, hi). */
  window(c: number, lo: number, hi: number): [number, number] {
    const start = this.offsets[c] as number;
    const end = this.offsets[c + 1] as number;
    return [this.firstAtLeast(start, end, lo), this.firstAtLeast(start, end, hi)];
  }

  private firstAtLeast(start: number, end: number, p: number): number {
    let lo = start;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.list[mid] as number) < p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** sumsIn[p] and sumsOut[p]: money in and out of the rows before position p. */
export class RunningTotals {
  private constructor(
    readonly sumsIn: Float64Array,
    readonly sumsOut: Float64Array,
  ) {}

  /** Null when a total passes 2^53, where running sums stop being exact. */
  static of(amounts: Float64Array): RunningTotals | null {
    const sumsIn = new Float64Array(amounts.length + 1);
    const sumsOut = new Float64Array(amounts.length + 1);
    for (let p = 0; p < amounts.length; p++) {
      const a = amounts[p] as number;
      sumsIn[p + 1] = (sumsIn[p] as number) + (a > 0 ? a : 0);
      sumsOut[p + 1] = (sumsOut[p] as number) + (a < 0 ? a : 0);
    }
    const n = amounts.length;
    if ((sumsIn[n] as number) > Number.MAX_SAFE_INTEGER || (sumsOut[n] as number) < -Number.MAX_SAFE_INTEGER)
      return null;
    return new RunningTotals(sumsIn, sumsOut);
  }
}

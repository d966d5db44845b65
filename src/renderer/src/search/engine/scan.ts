import type { BaseIndex } from './base-index';
import { newBitset, popcount } from './bitset';
import type { CompiledQuery } from './compiled-query';
import { cheapestDriver, type Driver } from './drivers';
import { rowFiltersOf } from './row-test';
import { textCandidates } from './text-candidates';
import { tuning } from './tuning';

export interface ScanOutput {
  /** The matching base positions. */
  bits: Uint32Array;
  count: number;
  inCents: number;
  outCents: number;
}

/**
 * The base rows matching a query, with their totals. Three ways, cheapest first: a query with
 * only a date window is answered from running totals; a filter an index narrows (an amount, a
 * card, a status...) visits just the rows that index names; otherwise the window (or the rows the
 * words allow) is visited as set bits of 32-row words.
 */
export function scanBase(base: BaseIndex, c: CompiledQuery, dead: Uint32Array | null, lo: number, hi: number): ScanOutput {
  const out: ScanOutput = { bits: newBitset(base.size), count: 0, inCents: 0, outCents: 0 };
  if (c.impossible || lo >= hi) return out;
  const filters = rowFiltersOf(base, c);
  if (filters.none) return out;
  const hasWords = c.pieces.length > 0 || c.amountOrWords.length > 0;
  if (!hasWords && filters.test === null && tuning.runningTotals && windowOnly(base, dead, lo, hi, out)) return out;
  const cand = hasWords ? textCandidates(base, c, lo, hi) : null;
  const candCount = cand === null ? hi - lo : countBits(cand);
  const test = filters.test;
  const driver = test === null ? null : cheapestDriver(base, c, filters, lo, hi);
  if (test !== null && driver !== null && driver.size < tuning.driverShare * candCount) visitDriver(base, driver, test, cand, dead, lo, hi, out);
  else visitWindow(base, test, cand, dead, lo, hi, out);
  return out;
}

function countBits(bits: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) n += popcount(bits[w] as number);
  return n;
}

/** Rows [lo, hi) less the dead ones, totals from running sums; false when those are not exact. */
function windowOnly(base: BaseIndex, dead: Uint32Array | null, lo: number, hi: number, out: ScanOutput): boolean {
  const totals = base.derived.runningTotals();
  if (totals === null) return false;
  const bits = out.bits;
  for (let w = lo >>> 5; w <= (hi - 1) >>> 5; w++) {
    let word = -1;
    if (w === lo >>> 5) word &= -1 << (lo & 31);
    if (w === (hi - 1) >>> 5 && (hi & 31) !== 0) word &= (1 << (hi & 31)) - 1;
    if (dead !== null) word &= ~(dead[w] as number);
    bits[w] = word;
  }
  out.count = hi - lo;
  out.inCents = (totals.sumsIn[hi] as number) - (totals.sumsIn[lo] as number);
  out.outCents = (totals.sumsOut[hi] as number) - (totals.sumsOut[lo] as number);
  if (dead !== null) {
    const amounts = base.rows.amounts;
    for (let w = lo >>> 5; w <= (hi - 1) >>> 5; w++) {
      for (let gone = (dead[w] as number) & ~(bits[w] as number); gone !== 0; gone &= gone - 1) {
        const p = (w << 5) + 31 - Math.clz32(gone & -gone);
        if (p < lo || p >= hi) continue;
        const a = amounts[p] as number;
        out.count--;
        out.inCents -= Math.max(a, 0);
        out.outCents -= Math.min(a, 0);
      }
    }
  }
  return true;
}

/** Visits the window's rows (or the candidates among them) in order, 32 at a time. */
function visitWindow(base: BaseIndex, test: ((p: number) => boolean) | null, cand: Uint32Array | null, dead: Uint32Array | null, lo: number, hi: number, out: ScanOutput): void {
  const amounts = base.rows.amounts;
  const result = out.bits;
  let count = 0;
  let inCents = 0;
  let outCents = 0;
  const firstWord = lo >>> 5;
  const lastWord = (hi - 1) >>> 5;
  for (let w = firstWord; w <= lastWord; w++) {
    let bits = cand === null ? -1 : (cand[w] as number) | 0;
    if (w === firstWord) bits &= -1 << (lo & 31);
    if (w === lastWord && (hi & 31) !== 0) bits &= (1 << (hi & 31)) - 1;
    if (dead !== null) bits &= ~(dead[w] as number);
    if (bits === -1 && test === null) {
      // A full word of rows and no filter: sum them straight.
      for (let i = w << 5, end = i + 32; i < end; i++) {
        const a = amounts[i] as number;
        inCents += Math.max(a, 0);
        outCents += Math.min(a, 0);
      }
      count += 32;
      result[w] = -1;
      continue;
    }
    let keep = 0;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const i = (w << 5) + 31 - Math.clz32(low);
      if (test !== null && !test(i)) continue;
      const a = amounts[i] as number;
      keep |= low;
      count++;
      inCents += Math.max(a, 0);
      outCents += Math.min(a, 0);
    }
    result[w] = keep;
  }
  out.count = count;
  out.inCents = inCents;
  out.outCents = outCents;
}

/** Visits only the rows a driver names, checking the window, candidates, dead rows and filters. */
function visitDriver(base: BaseIndex, driver: Driver, test: (p: number) => boolean, cand: Uint32Array | null, dead: Uint32Array | null, lo: number, hi: number, out: ScanOutput): void {
  const amounts = base.rows.amounts;
  const result = out.bits;
  let count = 0;
  let inCents = 0;
  let outCents = 0;
  for (const { list, from, to } of driver.slices) {
    for (let k = from; k < to; k++) {
      const p = list[k] as number;
      if (p < lo || p >= hi) continue;
      const bit = 1 << (p & 31);
      const w = p >>> 5;
      if (cand !== null && ((cand[w] as number) & bit) === 0) continue;
      if (dead !== null && ((dead[w] as number) & bit) !== 0) continue;
      if (!test(p)) continue;
      result[w] = (result[w] as number) | bit;
      const a = amounts[p] as number;
      count++;
      inCents += Math.max(a, 0);
      outCents += Math.min(a, 0);
    }
  }
  out.count = count;
  out.inCents = inCents;
  out.outCents = outCents;
}

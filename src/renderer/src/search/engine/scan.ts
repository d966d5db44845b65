import type { BaseIndex } from './base-index';
import { andInto, countBits, popcount, SCRATCH, scratchBitset, setPositions } from './bitset';
import type { CompiledQuery } from './compiled-query';
import { cheapestDriver } from './drivers';
import type { FeeColumn } from './fee-links';
import { rowFiltersOf, type RowTest } from './row-test';
import { textCandidates } from './text-candidates';
import { tuning } from './tuning';

export interface ScanOutput {
  /** The matching base positions: scratch (bitset.ts), read before the next query (matches.ts keeps them). */
  bits: Uint32Array;
  count: number;
  inCents: number;
  outCents: number;
}

/**
 * The base rows matching a query, with their totals. The rows to look at are the date window,
 * narrowed to the rows the words allow and, when an index narrows one filter well (an amount, a
 * card, a status...), to the rows that index names. With no per-row filter left, those are the
 * answer and only their totals need adding up (from running totals, less the rows left out, when
 * most rows are in); otherwise they are visited in order as set bits of 32-row words.
 */
export function scanBase(base: BaseIndex, c: CompiledQuery, dead: Uint32Array | null, lo: number, hi: number, fees: FeeColumn): ScanOutput {
  const out: ScanOutput = { bits: scratchBitset(SCRATCH.answer, base.size), count: 0, inCents: 0, outCents: 0 };
  if (c.impossible || lo >= hi) return out;
  const filters = rowFiltersOf(base, c, fees);
  if (filters.none) return out;
  const hasWords = c.pieces.length > 0 || c.amountOrWords.length > 0;
  const words = hasWords ? textCandidates(base, c, lo, hi) : null;
  if (words === 'none') return out;
  let cand = words;
  let test = filters.test;
  const driver = test === null ? null : cheapestDriver(base, c, filters, lo, hi);
  if (driver !== null && driver.size < tuning.driverShare * (cand === null ? hi - lo : countBits(cand))) {
    // Setting a bit per named row costs a nanosecond or two; visiting a row, several.
    const named = scratchBitset(SCRATCH.named, base.size);
    for (const { list, from, to } of driver.slices) setPositions(named, list, from, to);
    if (cand === null) cand = named;
    else andInto(cand, named);
    // The index named exactly the rows the only filter lets in: nothing is left to test.
    if (driver.covers === filters.only) test = null;
  }
  if (test === null) takeCandidates(base, cand, dead, lo, hi, out);
  else visitWindow(base, test, cand, dead, lo, hi, out);
  return out;
}

/** The bits of word w that lie in [lo, hi). */
function windowMask(w: number, lo: number, hi: number): number {
  let mask = -1;
  if (w === lo >>> 5) mask &= -1 << (lo & 31);
  if (w === (hi - 1) >>> 5 && (hi & 31) !== 0) mask &= (1 << (hi & 31)) - 1;
  return mask;
}

/**
 * The candidates (all rows when null) in [lo, hi) that are not dead, as the answer. Totals are
 * summed over the rows in, or, when most of the window is in and running totals are exact, as the
 * window's totals less the rows left out: a dense answer costs what its complement does. The
 * window's edge masks are worked out once, not per word: this loop is most of a typical query.
 */
function takeCandidates(base: BaseIndex, cand: Uint32Array | null, dead: Uint32Array | null, lo: number, hi: number, out: ScanOutput): void {
  const result = out.bits;
  const firstWord = lo >>> 5;
  const lastWord = (hi - 1) >>> 5;
  const every = cand === null && dead === null;
  let count = 0;
  for (let w = firstWord; w <= lastWord; w++) {
    let word = w === firstWord || w === lastWord ? windowMask(w, lo, hi) : -1;
    if (cand !== null) word &= cand[w] as number;
    if (dead !== null) word &= ~(dead[w] as number);
    result[w] = word;
    if (word !== 0) count += popcount(word);
  }
  if (every) count = hi - lo;
  out.count = count;
  if (count === 0) return;
  const totals = tuning.runningTotals ? base.derived.runningTotals() : null;
  const complement = totals !== null && count > (hi - lo) / 2;
  let inCents = complement ? (totals.sumsIn[hi] as number) - (totals.sumsIn[lo] as number) : 0;
  let outCents = complement ? (totals.sumsOut[hi] as number) - (totals.sumsOut[lo] as number) : 0;
  const amounts = base.rows.amounts;
  if (complement && !every) {
    for (let w = firstWord; w <= lastWord; w++) {
      const left = (w === firstWord || w === lastWord ? windowMask(w, lo, hi) : -1) & ~(result[w] as number);
      for (let bits = left; bits !== 0; bits &= bits - 1) {
        const a = amounts[(w << 5) + 31 - Math.clz32(bits & -bits)] as number;
        inCents -= Math.max(a, 0);
        outCents -= Math.min(a, 0);
      }
    }
  } else if (!complement) {
    for (let w = firstWord; w <= lastWord; w++) {
      for (let bits = result[w] as number; bits !== 0; bits &= bits - 1) {
        const a = amounts[(w << 5) + 31 - Math.clz32(bits & -bits)] as number;
        // Branch-free: signs follow no pattern, and a mispredicted branch per row cost a third more.
        inCents += Math.max(a, 0);
        outCents += Math.min(a, 0);
      }
    }
  }
  out.inCents = inCents;
  out.outCents = outCents;
}

/** Visits the window's rows (or the candidates among them) in order, 32 at a time, testing each. */
function visitWindow(base: BaseIndex, test: RowTest, cand: Uint32Array | null, dead: Uint32Array | null, lo: number, hi: number, out: ScanOutput): void {
  const amounts = base.rows.amounts;
  const result = out.bits;
  let count = 0;
  let inCents = 0;
  let outCents = 0;
  const lastWord = (hi - 1) >>> 5;
  for (let w = lo >>> 5; w <= lastWord; w++) {
    let bits = windowMask(w, lo, hi);
    if (cand !== null) bits &= cand[w] as number;
    if (dead !== null) bits &= ~(dead[w] as number);
    let keep = 0;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const i = (w << 5) + 31 - Math.clz32(low);
      if (!test.passes(i)) continue;
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

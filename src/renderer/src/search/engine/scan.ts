import type { BaseIndex } from './base-index';
import { andInto, andNotInto, countBits, invert, popcount, SCRATCH, scratchBitset, setPositions } from './bitset';
import type { CompiledQuery } from './compiled-query';
import { driversBySize, type Driver } from './drivers';
import type { FeeColumn } from './fee-links';
import { rowFiltersOf, type FilterKind, type RowFilters, type RowTest } from './row-test';
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
export function scanBase(
  base: BaseIndex,
  c: CompiledQuery,
  dead: Uint32Array | null,
  lo: number,
  hi: number,
  fees: FeeColumn,
): ScanOutput {
  const out: ScanOutput = { bits: scratchBitset(SCRATCH.answer, base.size), count: 0, inCents: 0, outCents: 0 };
  if (c.impossible || lo >= hi) return out;
  const filters = rowFiltersOf(base, c, fees);
  if (filters.none) return out;
  const hasWords = c.pieces.length > 0 || c.amountOrWords.length > 0;
  const words = hasWords ? textCandidates(base, c, lo, hi) : null;
  if (words === 'none') return out;
  let cand = words;
  let test = filters.test;
  if (test !== null) {
    const narrowed = narrowByDrivers(base, c, filters, cand, lo, hi);
    cand = narrowed.cand;
    if (narrowed.covered) test = null;
  }
  if (test === null) takeCandidates(base, cand, dead, lo, hi, out);
  else visitWindow(base, test, cand, dead, lo, hi, out);
  return out;
}

/**
 * The candidates narrowed by the filters' indexes. Setting a bit per named row costs a nanosecond
 * or two; testing a row costs several when rows are visited in order and tens when candidates lie
 * apart (each test reads several columns, a cache miss each). So: first the filters whose index
 * names few rows, smallest first, while each names fewer than a share of the candidates left;
 * then, when setting every remaining filter's rows costs less than testing the candidates left,
 * those too (a filter that lets most rows in, such as "no fee" or the main account, clears the few
 * it keeps out), and no row needs testing. `covered`: every filter was applied by its index.
 */
function narrowByDrivers(
  base: BaseIndex,
  c: CompiledQuery,
  filters: RowFilters,
  words: Uint32Array | null,
  lo: number,
  hi: number,
): { cand: Uint32Array | null; covered: boolean } {
  let cand = words;
  let left = cand === null ? hi - lo : countBits(cand);
  const drivers = driversBySize(base, c, filters, lo, hi);
  const applied = new Set<FilterKind>();
  const apply = (driver: Driver): void => {
    const named = scratchBitset(cand === null ? SCRATCH.named : SCRATCH.more, base.size);
    for (const { list, from, to } of driver.slices) setPositions(named, list, from, to);
    if (cand === null) {
      // Outside the window the bits are never read (the visits mask each edge word).
      if (driver.negated) invert(named);
      cand = named;
      left = driver.negated ? left - driver.size : driver.size;
    } else if (driver.negated) andNotInto(cand, named);
    else {
      andInto(cand, named);
      left = Math.min(left, driver.size);
    }
    applied.add(driver.covers);
  };
  for (const driver of drivers) {
    if (driver.negated) continue;
    const share = applied.size === 0 ? tuning.driverShare : tuning.moreDriverShare;
    if (driver.size < share * left) apply(driver);
  }
  const rest = drivers.filter((d) => !applied.has(d.covers));
  if (rest.length > 0 && rest.reduce((n, d) => n + d.size, 0) < tuning.coverShare * left)
    for (const d of rest) apply(d);
  return { cand, covered: applied.size > 0 && filters.kinds.every((k) => applied.has(k)) };
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
function takeCandidates(
  base: BaseIndex,
  cand: Uint32Array | null,
  dead: Uint32Array | null,
  lo: number,
  hi: number,
  out: ScanOutput,
): void {
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
function visitWindow(
  base: BaseIndex,
  test: RowTest,
  cand: Uint32Array | null,
  dead: Uint32Array | null,
  lo: number,
  hi: number,
  out: ScanOutput,
): void {
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

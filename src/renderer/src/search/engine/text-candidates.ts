import type { AbsRange } from './amount-range';
import type { BaseIndex } from './base-index';
import { andInto, countBits, SCRATCH, scratchBitset, setPositions } from './bitset';
import type { CompiledQuery } from './compiled-query';
import { amountIntervals, amountSlice } from './derived';
import { tuning } from './tuning';

/** One word of the query: rows holding a term in [first, past), or (range) an amount in it. */
interface Need {
  first: number;
  past: number;
  range: AbsRange | null;
  /** Rows it can let in, at most. */
  size: number;
}

/**
 * The base rows the query's words allow, as a bitset. A piece's terms are a contiguous range of
 * the sorted term list, so their postings are one contiguous slice; a plain run of digits also
 * lets in the rows whose amount it matches (from the rows sorted by amount). The rarest word is
 * OR-ed into a bitset first; each other word then either gets its own bitset to AND, or, when
 * few candidates are left, is checked per candidate by binary search in its terms' postings
 * (an id typed with a prefix shared by every row, like "txn_...", costs microseconds, not the
 * million postings of "txn"). The bitset is scratch (bitset.ts): read it before the next query.
 * 'none' when some word is held by no row.
 */
export function textCandidates(base: BaseIndex, c: CompiledQuery, lo: number, hi: number): Uint32Array | 'none' {
  const { offsets } = base.postings;
  const needs: Need[] = [];
  const add = (prefix: string, range: AbsRange | null) => {
    const [first, past] = base.prefixRange(prefix);
    const postings = (offsets[past] as number) - (offsets[first] as number);
    const amounts = range === null ? 0 : slicesOf(base, range).reduce((n, [from, to]) => n + to - from, 0);
    needs.push({ first, past, range, size: postings + amounts });
  };
  for (const piece of c.pieces) add(piece, null);
  for (const t of c.amountOrWords) add(t.prefix, t.range);
  needs.sort((a, b) => a.size - b.size);
  const [rarest, ...others] = needs as [Need, ...Need[]];
  // A word no row holds: the answer is empty, with no bitset to make or pass over.
  if (rarest.size === 0) return 'none';
  const bits = scratchBitset(SCRATCH.candidates, base.size);
  fill(base, rarest, bits);
  let scratch: Uint32Array | null = null;
  let candidates = rarest.size;
  for (const need of others) {
    const checkCost = candidates * (need.past - need.first) * tuning.checkCostPerTerm;
    if (checkCost < fillCost(base, need)) {
      candidates = keepMatching(base, need, bits, lo, hi);
    } else {
      if (scratch === null) scratch = scratchBitset(SCRATCH.andWith, base.size);
      else scratch.fill(0);
      fill(base, need, scratch);
      andInto(bits, scratch);
      candidates = Math.min(candidates, need.size);
    }
  }
  return bits;
}

/**
 * What giving a need its own bitset costs, in postings: a dense term's bitset is OR-ed a word at a
 * time (32 rows a step), the other terms' postings one each.
 */
function fillCost(base: BaseIndex, need: Need): number {
  const { offsets } = base.postings;
  const dense = base.derived.denseTerms();
  let cost = need.size;
  for (let k = firstAtLeast(dense, need.first); k < dense.length && (dense[k] as number) < need.past; k++) {
    const t = dense[k] as number;
    cost -= (offsets[t + 1] as number) - (offsets[t] as number) - base.size / 32;
  }
  return cost;
}

/** The parts of the rows by amount (both signs) whose |amount| is in the range. */
function slicesOf(base: BaseIndex, range: AbsRange): [number, number][] {
  const order = base.derived.amountOrder();
  return amountIntervals(range, false, -Infinity, Infinity).map(([min, max]) =>
    amountSlice(order, base.rows.amounts, min, max),
  );
}

/** Sets the rows of the need's terms: dense terms OR their bitsets, the runs between set their postings. */
function fill(base: BaseIndex, need: Need, bits: Uint32Array): void {
  const { offsets, list } = base.postings;
  const dense = base.derived.denseTerms();
  let runStart = need.first;
  for (let k = firstAtLeast(dense, need.first); k < dense.length && (dense[k] as number) < need.past; k++) {
    const t = dense[k] as number;
    setPositions(bits, list, offsets[runStart] as number, offsets[t] as number);
    const termBits = base.derived.termBits(t);
    for (let w = 0; w < bits.length; w++) bits[w] = (bits[w] as number) | (termBits[w] as number);
    runStart = t + 1;
  }
  setPositions(bits, list, offsets[runStart] as number, offsets[need.past] as number);
  if (need.range === null) return;
  for (const [from, to] of slicesOf(base, need.range)) setPositions(bits, base.derived.amountOrder(), from, to);
}

/** Clears the candidates in [lo, hi) the need does not allow (and all outside); returns how many are left. */
function keepMatching(base: BaseIndex, need: Need, bits: Uint32Array, lo: number, hi: number): number {
  const amounts = base.rows.amounts;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] as number;
    for (let rest = word; rest !== 0; rest &= rest - 1) {
      const low = rest & -rest;
      const p = (w << 5) + 31 - Math.clz32(low);
      const a = amounts[p] as number;
      const byAmount = need.range !== null && Math.abs(a) >= need.range.lo && Math.abs(a) <= need.range.hi;
      if (p < lo || p >= hi || !(byAmount || holdsAny(base, need, p))) word &= ~low;
    }
    bits[w] = word;
  }
  return countBits(bits);
}

/** Whether row p holds any of the need's terms (a bit test for a dense term, else a binary search). */
function holdsAny(base: BaseIndex, need: Need, p: number): boolean {
  const { offsets, list } = base.postings;
  const dense = base.derived.denseTerms();
  let k = firstAtLeast(dense, need.first);
  for (let t = need.first; t < need.past; t++) {
    if (k < dense.length && dense[k] === t) {
      k++;
      const termBits = base.derived.termBits(t);
      if (((termBits[p >>> 5] as number) & (1 << (p & 31))) !== 0) return true;
      continue;
    }
    let lo = offsets[t] as number;
    let hi = offsets[t + 1] as number;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const q = list[mid] as number;
      if (q === p) return true;
      if (q < p) lo = mid + 1;
      else hi = mid;
    }
  }
  return false;
}

function firstAtLeast(sorted: Uint32Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

import type { BaseIndex } from './base-index';
import { carve, postingsSpec, stringsSpec, type Postings, type Strings } from './layout';
import type { FinishedBatch } from './row-batch';
import { compareBytes } from './utf8';

/** Where a merged term list goes: null while only counting. */
interface Target {
  terms: Strings;
  postings: Postings;
}

interface Sizes {
  terms: number;
  bytes: number;
  postings: number;
}

/**
 * The term list and postings of a compacted base: the base's terms and the batch's, both in byte
 * order, merged; each term's positions renumbered (row numbering only shifts, so lists stay
 * sorted) and, for a term in both, the two lists merged. Terms no live row holds are dropped.
 * Two passes over the same walk, one to size the buffers exactly and one to fill them, so the
 * peak holds no oversized copies next to the old base (which keeps answering meanwhile).
 */
export function mergeTerms(
  base: BaseIndex,
  baseTo: Int32Array,
  batch: FinishedBatch,
  batchTo: Uint32Array,
): { terms: Strings; postings: Postings } {
  const sizes = mergePass(base, baseTo, batch, batchTo, null);
  const target = {
    terms: carve(stringsSpec(sizes.terms, sizes.bytes)),
    postings: carve(postingsSpec(sizes.terms, sizes.postings)),
  };
  mergePass(base, baseTo, batch, batchTo, target);
  return target;
}

function mergePass(
  base: BaseIndex,
  baseTo: Int32Array,
  batch: FinishedBatch,
  batchTo: Uint32Array,
  target: Target | null,
): Sizes {
  const a = base.postings;
  const b = batch.postings;
  const at = base.terms;
  const bt = batch.terms;
  const na = at.offsets.length - 1;
  const nb = bt.offsets.length - 1;
  const sizes: Sizes = { terms: 0, bytes: 0, postings: 0 };
  let t = 0;
  for (let u = 0; u <= nb; u++) {
    // Base terms before batch term u (most of them: a delta brings few new words) go as they are.
    const runEnd = u === nb ? na : firstNotBefore(at, t, bt, u);
    for (; t < runEnd; t++) endTerm(sizes, target, at, t, renumber(a, t, baseTo, target, sizes.postings));
    if (u === nb) break;
    if (t < na && compareTerms(at, t, bt, u) === 0) {
      endTerm(sizes, target, at, t, mergeLists(a, t, baseTo, b, u, batchTo, target, sizes.postings));
      t++;
    } else {
      endTerm(sizes, target, bt, u, renumber(b, u, batchTo, target, sizes.postings));
    }
  }
  return sizes;
}

function compareTerms(a: Strings, t: number, b: Strings, u: number): number {
  return compareBytes(
    a.bytes,
    a.offsets[t] as number,
    a.offsets[t + 1] as number,
    b.bytes,
    b.offsets[u] as number,
    b.offsets[u + 1] as number,
  );
}

/** The first term of `a` from `from` on that does not sort before term u of `b`. */
function firstNotBefore(a: Strings, from: number, b: Strings, u: number): number {
  let lo = from;
  let hi = a.offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareTerms(a, mid, b, u) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Closes a term whose postings now end at `postingsEnd`: kept (with its bytes) when it has any. */
function endTerm(sizes: Sizes, target: Target | null, from: Strings, i: number, postingsEnd: number): void {
  if (postingsEnd === sizes.postings) return;
  sizes.postings = postingsEnd;
  const bytesStart = from.offsets[i] as number;
  const bytesEnd = from.offsets[i + 1] as number;
  if (target !== null) {
    const bytes = target.terms.bytes;
    for (let k = bytesStart; k < bytesEnd; k++) bytes[sizes.bytes + k - bytesStart] = from.bytes[k] as number;
  }
  sizes.bytes += bytesEnd - bytesStart;
  sizes.terms++;
  if (target !== null) {
    target.terms.offsets[sizes.terms] = sizes.bytes;
    target.postings.offsets[sizes.terms] = sizes.postings;
  }
}

/** Term t's rows renumbered by `to` (dropping those mapped below 0), written from `at`; returns the end. */
function renumber(p: Postings, t: number, to: Int32Array | Uint32Array, target: Target | null, at: number): number {
  const end = p.offsets[t + 1] as number;
  const list = p.list;
  const out = target?.postings.list;
  for (let k = p.offsets[t] as number; k < end; k++) {
    const q = to[list[k] as number] as number;
    if (q < 0) continue;
    if (out) out[at] = q;
    at++;
  }
  return at;
}

/** A term in both: its live base rows and its batch rows, renumbered, merged in order. */
function mergeLists(
  a: Postings,
  t: number,
  baseTo: Int32Array,
  b: Postings,
  u: number,
  batchTo: Uint32Array,
  target: Target | null,
  at: number,
): number {
  let x = a.offsets[t] as number;
  const xEnd = a.offsets[t + 1] as number;
  let y = b.offsets[u] as number;
  const yEnd = b.offsets[u + 1] as number;
  const out = target?.postings.list;
  for (;;) {
    while (x < xEnd && (baseTo[a.list[x] as number] as number) < 0) x++;
    const fromBase = x < xEnd ? (baseTo[a.list[x] as number] as number) : -1;
    const fromBatch = y < yEnd ? (batchTo[b.list[y] as number] as number) : -1;
    if (fromBase < 0 && fromBatch < 0) return at;
    const takeBase = fromBatch < 0 || (fromBase >= 0 && fromBase < fromBatch);
    if (out) out[at] = takeBase ? fromBase : fromBatch;
    at++;
    if (takeBase) x++;
    else y++;
  }
}

import type { BaseIndex } from './base-index';
import { carve, postingsSpec, stringsSpec, type Postings, type Strings } from './layout';
import type { FinishedBatch } from './row-batch';
import { compareBytes } from './utf8';

/**
 * The term list and postings of a compacted base: the base's terms and the batch's, both in byte
 * order, merged; each term's positions renumbered (row numbering only shifts, so lists stay
 * sorted) and, for a term in both, the two lists merged. Terms no live row holds are dropped.
 */
export function mergeTerms(base: BaseIndex, baseTo: Int32Array, batch: FinishedBatch, batchTo: Uint32Array): { terms: Strings; postings: Postings } {
  const a = base.postings;
  const b = batch.postings;
  const baseLive = new Uint32Array(base.termCount);
  for (let t = 0; t < base.termCount; t++) {
    let live = 0;
    for (let k = a.offsets[t] as number; k < (a.offsets[t + 1] as number); k++) if ((baseTo[a.list[k] as number] as number) >= 0) live++;
    baseLive[t] = live;
  }
  const batchCount = (u: number) => (u < 0 ? 0 : (b.offsets[u + 1] as number) - (b.offsets[u] as number));
  const liveOf = (t: number) => (t < 0 ? 0 : (baseLive[t] as number));
  let termCount = 0;
  let byteCount = 0;
  let postingCount = 0;
  walk(base.terms, batch.terms, (t, u) => {
    const n = liveOf(t) + batchCount(u);
    if (n === 0) return;
    termCount++;
    postingCount += n;
    byteCount += t >= 0 ? length(base.terms, t) : length(batch.terms, u);
  });
  const terms = carve(stringsSpec(termCount, byteCount));
  const postings = carve(postingsSpec(termCount, postingCount));
  let k = 0;
  let bytesAt = 0;
  let at = 0;
  walk(base.terms, batch.terms, (t, u) => {
    if (liveOf(t) + batchCount(u) === 0) return;
    const [from, i] = t >= 0 ? [base.terms, t] : [batch.terms, u];
    for (let x = from.offsets[i] as number; x < (from.offsets[i + 1] as number); x++) terms.bytes[bytesAt++] = from.bytes[x] as number;
    let x = t < 0 ? 0 : (a.offsets[t] as number);
    const xEnd = t < 0 ? 0 : (a.offsets[t + 1] as number);
    let y = u < 0 ? 0 : (b.offsets[u] as number);
    const yEnd = u < 0 ? 0 : (b.offsets[u + 1] as number);
    for (;;) {
      while (x < xEnd && (baseTo[a.list[x] as number] as number) < 0) x++;
      const fromBase = x < xEnd ? (baseTo[a.list[x] as number] as number) : Infinity;
      const fromBatch = y < yEnd ? (batchTo[b.list[y] as number] as number) : Infinity;
      if (fromBase === Infinity && fromBatch === Infinity) break;
      if (fromBase < fromBatch) {
        postings.list[at++] = fromBase;
        x++;
      } else {
        postings.list[at++] = fromBatch;
        y++;
      }
    }
    k++;
    terms.offsets[k] = bytesAt;
    postings.offsets[k] = at;
  });
  return { terms, postings };
}

/** Visits the union of two sorted term lists in order: (t, u) with -1 for a side that lacks it. */
function walk(a: Strings, b: Strings, visit: (t: number, u: number) => void): void {
  const na = a.offsets.length - 1;
  const nb = b.offsets.length - 1;
  let t = 0;
  let u = 0;
  while (t < na || u < nb) {
    const c = t >= na ? 1 : u >= nb ? -1 : compareBytes(a.bytes, a.offsets[t] as number, a.offsets[t + 1] as number, b.bytes, b.offsets[u] as number, b.offsets[u + 1] as number);
    if (c < 0) visit(t++, -1);
    else if (c > 0) visit(-1, u++);
    else visit(t++, u++);
  }
}

function length(s: Strings, i: number): number {
  return (s.offsets[i + 1] as number) - (s.offsets[i] as number);
}

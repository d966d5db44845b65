import type { TxSummary } from '../../model/tx-query';
import type { BaseIndex } from './base-index';
import type { BaseMatches } from './matches';
import type { IndexedRow, RowRef } from './rows';

/**
 * One query's answer: its exact summary, and the matching rows (base positions, matches.ts; delta
 * rows as a sorted list) from which page() reads any window in result order. It refers to the
 * base it was computed on, so it stays consistent while the index takes upserts or is compacted.
 */
export class SearchResult {
  /**
   * Result index of each delta row (delta rows interleave with base rows by date), worked out
   * only for the rows a page needs (NaN until then): a page costs O(log delta + limit).
   */
  private deltaAt: Float64Array | null = null;

  /** @internal Made by SearchIndex.query(). */
  constructor(
    readonly summary: TxSummary,
    /** The text was cut to MAX_QUERY_TEXT characters or MAX_QUERY_WORDS words. */
    readonly truncated: boolean,
    private readonly base: BaseIndex,
    private readonly matches: BaseMatches,
    private readonly deltaRows: readonly IndexedRow[],
  ) {}

  /** @internal The matching base positions and delta rows, for aggregations over the whole result (chart.ts). */
  parts(): { base: BaseIndex; bits: Uint32Array; delta: readonly IndexedRow[] } {
    return { base: this.base, bits: this.matches.bits(), delta: this.deltaRows };
  }

  /** @internal Whether this result was computed on that base. */
  isOf(base: BaseIndex): boolean {
    return this.base === base;
  }

  /** Rows [offset, offset + limit) of the result, newest first; out-of-range parts are empty. */
  page(offset: number, limit: number): RowRef[] {
    const total = this.summary.count;
    const start = clampInt(offset, total);
    const end = start + clampInt(limit, total - start);
    if (start >= end) return [];
    // Ranks of base rows (for a bitset, a pass over every word) are needed only past the first row or with delta rows.
    const ranked = !(start === 0 && this.deltaRows.length === 0);
    // Delta rows before `start`, hence base rows before it.
    let lo = 0;
    let hi = this.deltaRows.length;
    while (ranked && lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.deltaPlace(mid) < start) lo = mid + 1;
      else hi = mid;
    }
    let j = lo;
    let r = start - j;
    let p = this.matches.count === 0 ? -1 : this.matches.select(r);
    const out: RowRef[] = [];
    for (let k = start; k < end; k++) {
      if (ranked && j < this.deltaRows.length && this.deltaPlace(j) === k) {
        const row = this.deltaRows[j++] as IndexedRow;
        out.push({ id: row.id, seq: row.seq, slot: row.slot });
      } else {
        out.push({
          id: this.base.idAt(p),
          seq: this.base.rows.seq[p] as number,
          slot: this.base.rows.slot[p] as number,
        });
        p = this.matches.next(p, r++);
      }
    }
    return out;
  }

  private deltaPlace(j: number): number {
    const at = (this.deltaAt ??= new Float64Array(this.deltaRows.length).fill(NaN));
    if (Number.isNaN(at[j])) {
      const row = this.deltaRows[j] as IndexedRow;
      at[j] = j + this.matches.rank(this.base.rowsBefore(row.dateMs, row.id));
    }
    return at[j] as number;
  }
}

function clampInt(v: number, max: number): number {
  if (!(v > 0)) return 0;
  return Math.min(Math.floor(v), max);
}

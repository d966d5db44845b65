import { DerivedIndexes } from './derived';
import type { Dictionaries } from './dimensions';
import { IndexCorruptError } from './errors';
import { IdTable } from './id-table';
import { bufferOf, type BaseParts, type Postings, type RowColumns, type Strings } from './layout';
import { decodeUtf8, encodeUtf8 } from './utf8';

/**
 * The immutable part of an index: rows in result order (newest first) as columns, their ids,
 * the sorted term list and its postings. Upserts never touch it; compact() makes a new one.
 */
export class BaseIndex {
  readonly size: number;
  readonly rows: RowColumns;
  readonly ids: Strings;
  readonly terms: Strings;
  readonly postings: Postings;
  readonly derived: DerivedIndexes;
  private table: IdTable | undefined;

  /**
   * `idTable` is given when the caller already built it. A loaded index leaves it out: it is
   * built on first use (about 0.7 s a million rows, which a cold start need not wait for).
   */
  constructor(
    parts: BaseParts,
    readonly dicts: Dictionaries,
    idTable?: IdTable,
  ) {
    this.rows = parts.rows;
    this.ids = parts.ids;
    this.terms = parts.terms;
    this.postings = parts.postings;
    this.size = parts.rows.dates.length;
    this.derived = new DerivedIndexes(parts.rows, parts.postings);
    this.table = idTable;
  }

  /** Finds a row by id; IndexCorruptError when the ids repeat (only a damaged saved index can). */
  get idTable(): IdTable {
    this.table ??= IdTable.build(this.ids, this.size, (earlier, later) => {
      throw new IndexCorruptError(`rows ${earlier} and ${later} have the same id`);
    });
    return this.table;
  }

  get termCount(): number {
    return this.terms.offsets.length - 1;
  }

  buffers(): { rows: ArrayBuffer; ids: ArrayBuffer; terms: ArrayBuffer; postings: ArrayBuffer } {
    return {
      rows: bufferOf(this.rows),
      ids: bufferOf(this.ids),
      terms: bufferOf(this.terms),
      postings: bufferOf(this.postings),
    };
  }

  idAt(p: number): string {
    return decodeUtf8(this.ids.bytes, this.ids.offsets[p] as number, this.ids.offsets[p + 1] as number);
  }

  find(id: string): number {
    return this.idTable.find(encodeUtf8(id));
  }

  /** Positions [lo, hi) whose dates lie in [fromMs, toMs] (dates descend along positions). */
  dateWindow(fromMs: number, toMs: number): [number, number] {
    return [this.firstDateBelow(toMs, true), this.firstDateBelow(fromMs, false)];
  }

  /** First position whose date is <= ms (inclusive) or < ms. */
  private firstDateBelow(ms: number, inclusive: boolean): number {
    const dates = this.rows.dates;
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const d = dates[mid] as number;
      if (inclusive ? d <= ms : d < ms) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The number of base rows that come before a row with this date and id in result order. */
  rowsBefore(dateMs: number, id: string): number {
    let lo = this.firstDateBelow(dateMs, true);
    let hi = this.firstDateBelow(dateMs, false);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.idAt(mid) > id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Terms [lo, hi) that start with `piece` (ASCII, as every query piece is). */
  prefixRange(piece: string): [number, number] {
    return [this.firstTerm(piece, false), this.firstTerm(piece, true)];
  }

  /** First term that starts with the piece or sorts after it, or (past) first term after all those. */
  private firstTerm(piece: string, past: boolean): number {
    let lo = 0;
    let hi = this.termCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const side = this.termVersus(mid, piece);
      if (side > 0 || (side === 0 && !past)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /**
   * -1 when term t sorts before the piece, 0 when it starts with it, 1 when it sorts after. An
   * ASCII piece compared with UTF-8 bytes gives the same answer as the strings compared.
   */
  private termVersus(t: number, piece: string): number {
    const { offsets, bytes } = this.terms;
    const start = offsets[t] as number;
    const length = (offsets[t + 1] as number) - start;
    const n = Math.min(length, piece.length);
    for (let i = 0; i < n; i++) {
      const d = (bytes[start + i] as number) - piece.charCodeAt(i);
      if (d !== 0) return d < 0 ? -1 : 1;
    }
    return length >= piece.length ? 0 : -1;
  }

  byteLength(): number {
    let bytes = (this.table?.byteLength ?? 0) + this.derived.byteLength();
    for (const b of Object.values(this.buffers())) bytes += b.byteLength;
    for (const d of Object.values(this.dicts)) for (const v of d.values) bytes += 2 * v.length + 16;
    return bytes;
  }
}

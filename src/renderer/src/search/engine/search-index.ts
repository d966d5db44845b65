import type { TxQuery } from '../../model/tx-query';
import { assembleBase, baseBuilder, compactBase } from './assemble';
import type { BaseIndex } from './base-index';
import { hasBit, newBitset, setBit } from './bitset';
import { compileQuery } from './compiled-query';
import { Delta } from './delta';
import { feeColumnOf, FeeLinks, type FeeColumn } from './fee-links';
import { keepMatches } from './matches';
import { SearchResult } from './result';
import { checkRow, type IndexedRow, type RowRef } from './rows';
import { scanBase } from './scan';
import { feeLinksOf, fromStored, mapStored, toStored, type StoredIndex } from './storage';
import { summarize } from './totals';

/**
 * The offline transaction search: a columnar base in result order plus a small delta of recent
 * upserts, answering TxQuery with the semantics of query.ts and text.ts (reference-search.ts is
 * the same semantics done the slow, obvious way).
 */
export class SearchIndex {
  private readonly delta = new Delta();
  /** Base rows a delta row replaced. */
  private dead: Uint32Array | null = null;
  private deadCount = 0;
  /** The base's "with a fee" flags with the links applied; remade after the links change. */
  private fees: FeeColumn | null = null;

  private constructor(
    private readonly base: BaseIndex,
    private readonly links: FeeLinks,
  ) {}

  /**
   * Indexes the rows (any order; when an id repeats, the last one wins). Rows are read one at a
   * time, so a lazy iterable keeps memory to the index itself. `onProgress` hears the number of
   * rows read now and then, and once at the end of reading.
   */
  static build(rows: Iterable<IndexedRow>, onProgress?: (done: number) => void): SearchIndex {
    const links = new FeeLinks();
    // An array is passed on as it is (assembleBase sizes its buffers from its length) and linked
    // after; any other iterable is linked as it is read, once.
    const linking = function* (): Generator<IndexedRow> {
      for (const row of rows) {
        links.put(row.id, row.feeFor);
        yield row;
      }
    };
    const base = assembleBase(Array.isArray(rows) ? rows : linking(), onProgress);
    if (Array.isArray(rows)) for (const row of rows as IndexedRow[]) links.put(row.id, row.feeFor);
    return new SearchIndex(base, links);
  }

  /**
   * The same index as build() of the rows added, for rows that come in pieces (read from the
   * cache a batch at a time): each row is folded into columns as it is added, so no row object
   * needs to outlive its add(). `expectedRows` sizes the columns up front when known.
   */
  static builder(expectedRows?: number): { add(row: IndexedRow): void; finish(): SearchIndex } {
    const base = baseBuilder(expectedRows);
    // Only fee rows are remembered (a few in a hundred, where linking every row cost a map
    // lookup each): a link counts when its version of the row is the one the base kept.
    const fees: { id: string; feeFor: string; seq: number; slot: number }[] = [];
    return {
      add(row) {
        base.add(row);
        if (row.feeFor !== undefined) fees.push({ id: row.id, feeFor: row.feeFor, seq: row.seq, slot: row.slot });
      },
      finish() {
        const built = base.finish();
        const links = new FeeLinks();
        for (const f of fees) {
          const p = built.find(f.id);
          if (p >= 0 && built.rows.seq[p] === f.seq && built.rows.slot[p] === f.slot) links.put(f.id, f.feeFor);
        }
        return new SearchIndex(built, links);
      },
    };
  }

  /** An index saved by toBuffers(); IndexCorruptError when it is damaged or from another version. */
  static fromBuffers(stored: StoredIndex): SearchIndex {
    return new SearchIndex(fromStored(stored), feeLinksOf(stored));
  }

  /**
   * A saved index that answers at once, its structural checks left as steps for the caller to
   * run soon, between queries (storage.ts mapStored). IndexCorruptError at once when the
   * description, sizes or checksums are wrong; from a step when the rest is.
   */
  static mapBuffers(stored: StoredIndex): { index: SearchIndex; checks: (() => void)[] } {
    const { base, checks } = mapStored(stored);
    return { index: new SearchIndex(base, feeLinksOf(stored)), checks };
  }

  /**
   * The index as it answers now, to save. With a delta, that is first folded in (the cost of a
   * compact()), so save after compacting. The buffers are shared with the index (see StoredIndex).
   */
  toBuffers(): StoredIndex {
    if (this.delta.size > 0 || this.deadCount > 0) return this.compact().toBuffers();
    return toStored(this.base, this.links.pairs());
  }

  get size(): number {
    return this.base.size - this.deadCount + this.delta.size;
  }

  get deltaSize(): number {
    return this.delta.size;
  }

  /**
   * New rows, or new versions of rows (same id): the last write wins and a changed date moves the
   * row. Nothing is removed for being absent. All rows are checked before any is applied.
   */
  upsert(rows: IndexedRow[]): void {
    for (const row of rows) checkRow(row);
    for (const row of rows) {
      if (this.links.put(row.id, row.feeFor)) this.fees = null;
      this.delta.put(row);
      const p = this.base.find(row.id);
      if (p < 0) continue;
      this.dead ??= newBitset(this.base.size);
      if (hasBit(this.dead, p)) continue;
      setBit(this.dead, p);
      this.deadCount++;
    }
  }

  /** A new index with the delta folded into its base; this one keeps answering meanwhile. */
  compact(): SearchIndex {
    if (this.delta.size === 0 && this.deadCount === 0) return this;
    return new SearchIndex(compactBase(this.base, this.dead, this.delta.rows()), this.links.clone());
  }

  query(q: TxQuery): SearchResult {
    const c = compileQuery(q);
    const [lo, hi] = this.base.dateWindow(c.fromMs, c.toMs);
    const scan = scanBase(this.base, c, this.dead, lo, hi, (this.fees ??= feeColumnOf(this.base, this.links)));
    const deltaRows = this.delta.match(c, (id) => this.links.has(id));
    const summary = summarize(this.base, scan.bits, scan.count, scan.inCents, scan.outCents, deltaRows);
    const matches = keepMatches(
      scan.bits,
      scan.count,
      this.base.size,
      lo >>> 5,
      lo < hi ? ((hi - 1) >>> 5) + 1 : lo >>> 5,
    );
    return new SearchResult(summary, c.truncated, this.base, matches, deltaRows);
  }

  /** Rows [offset, offset + limit) of a result of this index, newest first. */
  page(result: SearchResult, offset: number, limit: number): RowRef[] {
    if (!result.isOf(this.base)) throw new Error('this result belongs to another search index; run the query again');
    return result.page(offset, limit);
  }

  get(id: string): RowRef | undefined {
    const row = this.delta.get(id);
    if (row) return { id: row.id, seq: row.seq, slot: row.slot };
    const p = this.base.find(id);
    if (p < 0 || (this.dead && hasBit(this.dead, p))) return undefined;
    return { id, seq: this.base.rows.seq[p] as number, slot: this.base.rows.slot[p] as number };
  }

  /** Where the fee rows naming `id` live (those charged for it as rows of their own). */
  feeRowsOf(id: string): RowRef[] {
    return this.links.feesOf(id).flatMap((fee) => this.get(fee) ?? []);
  }

  /** Bytes held in typed arrays, plus an estimate for strings (dictionaries, delta rows). */
  memoryBytes(): number {
    return this.base.byteLength() + (this.dead?.byteLength ?? 0) + this.delta.approxBytes();
  }
}

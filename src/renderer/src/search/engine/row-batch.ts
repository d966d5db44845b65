import { DIMENSIONS, VALUE_OF, type Dictionaries, type Dictionary, type Dimension } from './dimensions';
import { ChunkedU32, Growable } from './growable';
import { IdTable } from './id-table';
import type { Postings, Strings } from './layout';
import { newestFirst } from './row-order';
import { checkRow, type IndexedRow } from './rows';
import { invertTerms } from './batch-terms';
import { TermTable } from './term-table';
import { utf8Length, writeUtf8 } from './utf8';
import { wordsOf } from '../../model/query-text';

const f64 = (n: number) => new Float64Array(n);
const u32 = (n: number) => new Uint32Array(n);
const u8 = (n: number) => new Uint8Array(n);

/** Rows gathered for a build or a compaction, in their input order until finish(). */
export interface FinishedBatch {
  /** Rows kept (the last version of each id). */
  count: number;
  /** Input row of each batch position, newest first. */
  order: Uint32Array;
  dates: Float64Array;
  amounts: Float64Array;
  seq: Uint32Array;
  slot: Uint32Array;
  hasFee: Uint8Array;
  codes: Record<Dimension, Uint32Array>;
  /** Ids in input order. */
  ids: Strings;
  /** Finds an id's input row (the kept one). */
  idTable: IdTable;
  /** Distinct words in byte order, in the buffer the index will keep. */
  terms: Strings;
  /** Postings by batch position (index into `order`), ascending. */
  postings: Postings;
}

/**
 * Collects rows one at a time into columns, so a million rows never exist as objects at once:
 * the iterable can produce them lazily. Words become term numbers (term-table.ts) while
 * collecting; finish() sorts the terms and inverts the lists.
 */
export class RowBatch {
  private count = 0;
  private readonly dates: Growable<Float64Array>;
  private readonly amounts: Growable<Float64Array>;
  private readonly seq: Growable<Uint32Array>;
  private readonly slot: Growable<Uint32Array>;
  private readonly hasFee: Growable<Uint8Array>;
  private readonly codes: Record<Dimension, Growable<Uint32Array>>;
  private readonly coders: {
    valueOf: (row: IndexedRow) => string | undefined;
    dict: Dictionary;
    codes: Growable<Uint32Array>;
  }[];
  private readonly idOffsets: Growable<Uint32Array>;
  private readonly idBytes = new Growable(u8, 16384);
  private terms = new TermTable();
  /** The terms of every row, row after row; rowEnds[r] is where row r's end. */
  private rowTerms = new ChunkedU32();
  private readonly rowEnds: Growable<Uint32Array>;

  /** `expectedRows` sizes the columns up front (fewer, smaller reallocations), when known. */
  constructor(dicts: Dictionaries, expectedRows = 1024) {
    const capacity = Math.max(16, expectedRows + 1);
    this.dates = new Growable(f64, capacity);
    this.amounts = new Growable(f64, capacity);
    this.seq = new Growable(u32, capacity);
    this.slot = new Growable(u32, capacity);
    this.hasFee = new Growable(u8, capacity);
    this.idOffsets = new Growable(u32, capacity);
    this.rowEnds = new Growable(u32, capacity);
    this.codes = Object.fromEntries(DIMENSIONS.map((d) => [d, new Growable(u32, capacity)])) as Record<
      Dimension,
      Growable<Uint32Array>
    >;
    this.coders = DIMENSIONS.map((d) => ({ valueOf: VALUE_OF[d], dict: dicts[d], codes: this.codes[d] }));
    this.idOffsets.push(0);
  }

  add(row: IndexedRow): void {
    checkRow(row);
    const r = this.count;
    for (const { valueOf, dict, codes } of this.coders) codes.push(dict.intern(valueOf(row)));
    this.count++;
    this.dates.push(row.dateMs);
    this.amounts.push(row.amountCents);
    this.seq.push(row.seq);
    this.slot.push(row.slot);
    this.hasFee.push(row.hasFee ? 1 : 0);
    const length = utf8Length(row.id);
    this.idBytes.reserve(length);
    this.idBytes.length = writeUtf8(row.id, this.idBytes.raw(), this.idBytes.length);
    this.idOffsets.push(this.idBytes.length);
    if (row.text === undefined || !this.terms.termsOfAscii(row.text, r, this.rowTerms)) {
      for (const word of row.text === undefined ? row.words : wordsOf(row.text)) {
        const t = this.terms.termOf(word, r);
        if (t >= 0) this.rowTerms.push(t);
      }
    }
    this.rowEnds.push(this.rowTerms.length);
  }

  get size(): number {
    return this.count;
  }

  finish(): FinishedBatch {
    const ids: Strings = { offsets: this.idOffsets.view(), bytes: this.idBytes.view() };
    const dates = this.dates.view();
    // The last version of an id wins, as in upsert().
    const kept = new Uint8Array(this.count).fill(1);
    let dropped = 0;
    const idTable = IdTable.build(ids, this.count, (earlier) => {
      kept[earlier] = 0;
      dropped++;
    });
    const rows = new Uint32Array(this.count - dropped);
    for (let i = 0, k = 0; i < this.count; i++) if (kept[i] === 1) rows[k++] = i;
    const order = newestFirst(rows, dates, ids);
    const { terms, postings } = invertTerms(
      this.terms,
      { order, rowEnds: this.rowEnds.view(), rowTerms: this.rowTerms },
      dropped > 0,
    );
    // The collected words are no longer needed; let them go before the caller gathers the rows.
    this.terms = new TermTable();
    this.rowTerms = new ChunkedU32();
    return {
      idTable,
      count: order.length,
      order,
      dates,
      amounts: this.amounts.view(),
      seq: this.seq.view(),
      slot: this.slot.view(),
      hasFee: this.hasFee.view(),
      codes: Object.fromEntries(DIMENSIONS.map((d) => [d, this.codes[d].view()])) as Record<Dimension, Uint32Array>,
      ids,
      terms,
      postings,
    };
  }
}

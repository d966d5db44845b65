import { BaseIndex } from './base-index';
import { hasBit } from './bitset';
import { cloneDictionaries, DIMENSIONS, newDictionaries, type Dictionaries } from './dimensions';
import { carve, rowsSpec, stringsSpec, type RowColumns, type Strings } from './layout';
import { mergeTerms } from './merge-terms';
import { RowBatch, type FinishedBatch } from './row-batch';
import type { IndexedRow } from './rows';
import { compareAsStrings } from './utf8';

const PROGRESS_EVERY = 16_384;

export function assembleBase(rows: Iterable<IndexedRow>, onProgress?: (done: number) => void): BaseIndex {
  const builder = baseBuilder(Array.isArray(rows) ? rows.length : undefined);
  for (const row of rows) {
    builder.add(row);
    if (builder.size % PROGRESS_EVERY === 0) onProgress?.(builder.size);
  }
  onProgress?.(builder.size);
  return builder.finish();
}

/** A base built from rows added one at a time, as they arrive (a rebuild reading the cache). */
export interface BaseBuilder {
  add(row: IndexedRow): void;
  readonly size: number;
  finish(): BaseIndex;
}

export function baseBuilder(expectedRows?: number): BaseBuilder {
  const dicts = newDictionaries();
  const batch = new RowBatch(dicts, expectedRows);
  return {
    add: (row) => batch.add(row),
    get size() {
      return batch.size;
    },
    finish: () => baseFromBatch(batch.finish(), dicts),
  };
}

/** The live base rows and the delta's rows as one new base. */
export function compactBase(base: BaseIndex, dead: Uint32Array | null, rows: readonly IndexedRow[]): BaseIndex {
  const dicts = cloneDictionaries(base.dicts);
  const batch = new RowBatch(dicts, rows.length);
  for (const row of rows) batch.add(row);
  return mergeIntoBase(base, dead, batch.finish(), dicts);
}

/** A new base of the batch's rows alone (build). Its terms and postings are used as they are. */
function baseFromBatch(batch: FinishedBatch, dicts: Dictionaries): BaseIndex {
  const src = new Int32Array(batch.count);
  const rowTo = new Uint32Array(batch.ids.offsets.length - 1);
  for (let k = 0; k < batch.count; k++) {
    src[k] = ~(batch.order[k] as number);
    rowTo[batch.order[k] as number] = k;
  }
  const ids = gatherIds(src, null, batch);
  const parts = { rows: gatherRows(src, null, batch), ids, terms: batch.terms, postings: batch.postings };
  return new BaseIndex(parts, dicts, batch.idTable.renumbered(ids, rowTo));
}

/**
 * A new base of the live rows of `base` and the batch's rows, in result order (compact). The
 * batch holds no id that is live in the base: those base rows are dead. `dicts` extend the base's
 * (codes only ever get added), so base codes are copied as they are.
 */
function mergeIntoBase(
  base: BaseIndex,
  dead: Uint32Array | null,
  batch: FinishedBatch,
  dicts: Dictionaries,
): BaseIndex {
  const { src, baseTo, batchTo } = mergeOrder(base, dead, batch);
  const rows = gatherRows(src, base, batch);
  const ids = gatherIds(src, base, batch);
  const { terms, postings } = mergeTerms(base, baseTo, batch, batchTo);
  const idTable = base.idTable.merged(ids, baseTo, batch.ids, batch.order, batchTo) ?? undefined;
  return new BaseIndex({ rows, ids, terms, postings }, dicts, idTable);
}

/**
 * Where each new row comes from (a base position, or ~input row of the batch) and where each
 * live base row and batch position goes (-1: dead).
 */
function mergeOrder(
  base: BaseIndex,
  dead: Uint32Array | null,
  batch: FinishedBatch,
): { src: Int32Array; baseTo: Int32Array; batchTo: Uint32Array } {
  const baseTo = new Int32Array(base.size).fill(-1);
  const batchTo = new Uint32Array(batch.count);
  let live = 0;
  for (let p = 0; p < base.size; p++) if (!dead || !hasBit(dead, p)) live++;
  const src = new Int32Array(live + batch.count);
  const dates = base.rows.dates;
  let p = 0;
  let j = 0;
  for (let k = 0; k < src.length; k++) {
    while (p < base.size && dead && hasBit(dead, p)) p++;
    let fromBase = j >= batch.count;
    if (!fromBase && p < base.size) {
      const r = batch.order[j] as number;
      const d = (dates[p] as number) - (batch.dates[r] as number);
      fromBase = d > 0 || (d === 0 && compareIdBytes(base.ids, p, batch.ids, r) > 0);
    }
    if (fromBase) {
      baseTo[p] = k;
      src[k] = p++;
    } else {
      batchTo[j] = k;
      src[k] = ~(batch.order[j++] as number);
    }
  }
  return { src, baseTo, batchTo };
}

function compareIdBytes(a: Strings, i: number, b: Strings, j: number): number {
  return compareAsStrings(
    a.bytes,
    a.offsets[i] as number,
    a.offsets[i + 1] as number,
    b.bytes,
    b.offsets[j] as number,
    b.offsets[j + 1] as number,
  );
}

type Column = Float64Array | Uint32Array | Uint8Array;

function gatherRows(src: Int32Array, base: BaseIndex | null, batch: FinishedBatch): RowColumns {
  const rows = carve(rowsSpec(src.length));
  const from = base?.rows;
  // Column by column: one tight loop each.
  const gather = (to: Column, fromBase: Column | undefined, fromBatch: Column) => {
    for (let k = 0; k < src.length; k++) {
      const s = src[k] as number;
      to[k] = s >= 0 && fromBase ? (fromBase[s] as number) : (fromBatch[~s] as number);
    }
  };
  gather(rows.dates, from?.dates, batch.dates);
  gather(rows.amounts, from?.amounts, batch.amounts);
  gather(rows.seq, from?.seq, batch.seq);
  gather(rows.slot, from?.slot, batch.slot);
  gather(rows.hasFee, from?.hasFee, batch.hasFee);
  for (const d of DIMENSIONS) gather(rows[d], from?.[d], batch.codes[d]);
  return rows;
}

function gatherIds(src: Int32Array, base: BaseIndex | null, batch: FinishedBatch): Strings {
  const fromBase = base?.ids;
  const lengthAt = (s: number) => {
    const ids = s >= 0 && fromBase ? fromBase : batch.ids;
    const i = s >= 0 ? s : ~s;
    return (ids.offsets[i + 1] as number) - (ids.offsets[i] as number);
  };
  let total = 0;
  for (let k = 0; k < src.length; k++) total += lengthAt(src[k] as number);
  const out = carve(stringsSpec(src.length, total));
  let at = 0;
  for (let k = 0; k < src.length; k++) {
    const s = src[k] as number;
    const ids = s >= 0 && fromBase ? fromBase : batch.ids;
    const i = s >= 0 ? s : ~s;
    const end = ids.offsets[i + 1] as number;
    for (let b = ids.offsets[i] as number; b < end; b++) out.bytes[at++] = ids.bytes[b] as number;
    out.offsets[k + 1] = at;
  }
  return out;
}

import type { DetailedStatus, TransactionStatus } from '../../../../src/shared/service';
import type { SearchRow } from '../../../../src/renderer/src/search/model/search-row';

/**
 * Rows travel from Node to the workers as binary chunks: a chunk's distinct strings once, then one
 * column per field. A million rows are about 200 MB this way against well over 1 GB as JSON, and
 * decoding needs no JSON parse. Each chunk has its own strings, so a reader can drop a chunk as
 * soon as it has read it.
 */

/** A row as the engines index it: our IndexedRow (seq = chunk of the app's cache, slot within it). */
export type BenchRow = SearchRow & { seq: number; slot: number };

const MAGIC = 0x31425854; // "TXB1"
const NONE = 0xffffffff;
const HEADER_WORDS = 8;
/** The optional and required string fields, in the order of their columns. */
const REF_FIELDS = [
  'id',
  'status',
  'detailedStatus',
  'accountId',
  'cardId',
  'cardGroupId',
  'virtualAccountId',
  'currency',
] as const;
type RefField = (typeof REF_FIELDS)[number];

const pad8 = (n: number) => (n + 7) & ~7;

interface Layout {
  rows: number;
  strings: number;
  stringBytes: number;
  wordRefs: number;
  dates: number;
  amounts: number;
  seqs: number;
  slots: number;
  refs: number;
  wordStart: number;
  words: number;
  stringEnd: number;
  hasFee: number;
  text: number;
  total: number;
}

function layout(rows: number, strings: number, stringBytes: number, wordRefs: number): Layout {
  let at = HEADER_WORDS * 4;
  const take = (bytes: number) => {
    const start = at;
    at = pad8(at + bytes);
    return start;
  };
  const dates = take(rows * 8);
  const amounts = take(rows * 8);
  const seqs = take(rows * 4);
  const slots = take(rows * 4);
  const refs = take(rows * 4 * REF_FIELDS.length);
  const wordStart = take((rows + 1) * 4);
  const words = take(wordRefs * 4);
  const stringEnd = take(strings * 4);
  const hasFee = take(rows);
  const text = take(stringBytes);
  return {
    rows,
    strings,
    stringBytes,
    wordRefs,
    dates,
    amounts,
    seqs,
    slots,
    refs,
    wordStart,
    words,
    stringEnd,
    hasFee,
    text,
    total: at,
  };
}

export function encodeChunk(rows: readonly BenchRow[]): Uint8Array {
  const codes = new Map<string, number>();
  const strings: string[] = [];
  const code = (s: string | undefined): number => {
    if (s === undefined) return NONE;
    let c = codes.get(s);
    if (c === undefined) {
      c = strings.length;
      codes.set(s, c);
      strings.push(s);
    }
    return c;
  };
  let wordRefs = 0;
  for (const r of rows) wordRefs += r.words.length;
  const refCodes = new Uint32Array(rows.length * REF_FIELDS.length);
  const wordCodes = new Uint32Array(wordRefs);
  let w = 0;
  rows.forEach((r, i) => {
    REF_FIELDS.forEach((f, k) => (refCodes[k * rows.length + i] = code(r[f])));
    for (const word of r.words) wordCodes[w++] = code(word);
  });
  const encoder = new TextEncoder();
  const encoded = strings.map((s) => encoder.encode(s));
  const stringBytes = encoded.reduce((n, b) => n + b.length, 0);
  const l = layout(rows.length, strings.length, stringBytes, wordRefs);
  const buf = new ArrayBuffer(l.total);
  new Uint32Array(buf, 0, HEADER_WORDS).set([MAGIC, l.rows, l.strings, l.stringBytes, l.wordRefs]);
  const dates = new Float64Array(buf, l.dates, l.rows);
  const amounts = new Float64Array(buf, l.amounts, l.rows);
  const seqs = new Int32Array(buf, l.seqs, l.rows);
  const slots = new Int32Array(buf, l.slots, l.rows);
  const wordStart = new Uint32Array(buf, l.wordStart, l.rows + 1);
  const hasFee = new Uint8Array(buf, l.hasFee, l.rows);
  let start = 0;
  rows.forEach((r, i) => {
    dates[i] = r.dateMs;
    amounts[i] = r.amountCents;
    seqs[i] = r.seq;
    slots[i] = r.slot;
    hasFee[i] = r.hasFee ? 1 : 0;
    wordStart[i] = start;
    start += r.words.length;
  });
  wordStart[l.rows] = start;
  new Uint32Array(buf, l.refs, refCodes.length).set(refCodes);
  new Uint32Array(buf, l.words, wordRefs).set(wordCodes);
  const stringEnd = new Uint32Array(buf, l.stringEnd, l.strings);
  const text = new Uint8Array(buf, l.text, l.stringBytes);
  let end = 0;
  encoded.forEach((b, i) => {
    text.set(b, end);
    end += b.length;
    stringEnd[i] = end;
  });
  return new Uint8Array(buf);
}

/** Turns bytes into a string of its own (not a slice of a larger one, which would keep it alive). */
function stringOf(text: Uint8Array, from: number, to: number, utf8: TextDecoder): string {
  for (let i = from; i < to; i++) {
    if ((text[i] as number) >= 0x80) return utf8.decode(text.subarray(from, to));
  }
  return String.fromCharCode.apply(null, text.subarray(from, to) as unknown as number[]);
}

/** The rows of one chunk, decoded on demand. */
export function* decodeChunk(buffer: ArrayBuffer): Generator<BenchRow> {
  const header = new Uint32Array(buffer, 0, HEADER_WORDS);
  if (header[0] !== MAGIC) throw new Error('not a row chunk (bad magic)');
  const l = layout(header[1] as number, header[2] as number, header[3] as number, header[4] as number);
  if (l.total !== buffer.byteLength) throw new Error(`row chunk is ${buffer.byteLength} bytes, expected ${l.total}`);
  const stringEnd = new Uint32Array(buffer, l.stringEnd, l.strings);
  const text = new Uint8Array(buffer, l.text, l.stringBytes);
  const utf8 = new TextDecoder();
  const strings: string[] = new Array<string>(l.strings);
  let from = 0;
  for (let i = 0; i < l.strings; i++) {
    const to = stringEnd[i] as number;
    strings[i] = stringOf(text, from, to, utf8);
    from = to;
  }
  const dates = new Float64Array(buffer, l.dates, l.rows);
  const amounts = new Float64Array(buffer, l.amounts, l.rows);
  const seqs = new Int32Array(buffer, l.seqs, l.rows);
  const slots = new Int32Array(buffer, l.slots, l.rows);
  const refs = new Uint32Array(buffer, l.refs, l.rows * REF_FIELDS.length);
  const wordStart = new Uint32Array(buffer, l.wordStart, l.rows + 1);
  const words = new Uint32Array(buffer, l.words, l.wordRefs);
  const hasFee = new Uint8Array(buffer, l.hasFee, l.rows);
  const col = Object.fromEntries(REF_FIELDS.map((f, k) => [f, k * l.rows])) as Record<RefField, number>;
  const ref = (col: number, i: number): string | undefined => {
    const c = refs[col + i] as number;
    return c === NONE ? undefined : strings[c];
  };
  for (let i = 0; i < l.rows; i++) {
    const rowWords: string[] = [];
    for (let k = wordStart[i] as number; k < (wordStart[i + 1] as number); k++)
      rowWords.push(strings[words[k] as number] as string);
    yield {
      id: ref(col.id, i) as string,
      dateMs: dates[i] as number,
      amountCents: amounts[i] as number,
      status: ref(col.status, i) as TransactionStatus,
      detailedStatus: ref(col.detailedStatus, i) as DetailedStatus,
      accountId: ref(col.accountId, i) as string,
      cardId: ref(col.cardId, i),
      cardGroupId: ref(col.cardGroupId, i),
      virtualAccountId: ref(col.virtualAccountId, i),
      currency: ref(col.currency, i) as string,
      hasFee: hasFee[i] === 1,
      words: rowWords,
      seq: seqs[i] as number,
      slot: slots[i] as number,
    };
  }
}

/**
 * All rows of a list of chunks, in order. Re-iterable unless `release` is set: then each chunk's
 * buffer is dropped once read, so a single-pass build does not hold the whole input to its end.
 */
export class ChunkedRows implements Iterable<BenchRow> {
  constructor(
    private readonly chunks: (ArrayBuffer | undefined)[],
    readonly size: number,
    private readonly release = false,
  ) {}

  *[Symbol.iterator](): Generator<BenchRow> {
    for (let c = 0; c < this.chunks.length; c++) {
      const buffer = this.chunks[c];
      if (!buffer) throw new Error('row chunk already released: this engine read its rows twice');
      if (this.release) this.chunks[c] = undefined;
      yield* decodeChunk(buffer);
    }
  }
}

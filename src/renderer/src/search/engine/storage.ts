import { BaseIndex } from './base-index';
import { checksum } from './checksum';
import { BYTE_DIMENSIONS, DIMENSIONS, newDictionaries, type Dimension } from './dimensions';
import { IndexCorruptError } from './errors';
import { FeeLinks } from './fee-links';
import { byteLengthOf, carve, postingsSpec, rowsSpec, stringsSpec } from './layout';
import { checkSteps } from './stored-checks';

export const INDEX_FORMAT = 'treasury-search-index';
/** Bumped whenever the layout or the meaning of a saved buffer changes. */
// 2: rows carry the merchant (a filter, and the charts' top merchants).
// 3: the fee links (which fee row names which transaction) are saved with the index.
export const INDEX_VERSION = 3;

export const BUFFER_NAMES = ['rows', 'ids', 'terms', 'postings'] as const;
export type BufferName = (typeof BUFFER_NAMES)[number];

/** What an index is saved as: four ArrayBuffers and this small JSON-able description. */
export interface StoredIndexMeta {
  format: typeof INDEX_FORMAT;
  version: number;
  /** Typed arrays are saved in the machine's byte order. */
  littleEndian: boolean;
  rows: number;
  terms: number;
  idBytes: number;
  termBytes: number;
  postings: number;
  /** The values behind each dimension's codes (code = index + 1). */
  dictionaries: Record<Dimension, string[]>;
  checksums: Record<BufferName, number>;
  /** Fee row id, the id it names as what it was charged for, ... (fee-links.ts). */
  feeLinks: string[];
}

/**
 * A saved index. The buffers are the index's own memory, not copies: save them (structured
 * clone copies them) but do not transfer or modify them while the index is in use.
 */
export interface StoredIndex {
  meta: StoredIndexMeta;
  buffers: Record<BufferName, ArrayBuffer>;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const checksums = new WeakMap<BaseIndex, Record<BufferName, number>>();

export function toStored(base: BaseIndex, feeLinks: string[]): StoredIndex {
  const buffers = base.buffers();
  let sums = checksums.get(base);
  if (!sums) {
    sums = {
      rows: checksum(buffers.rows),
      ids: checksum(buffers.ids),
      terms: checksum(buffers.terms),
      postings: checksum(buffers.postings),
    };
    checksums.set(base, sums);
  }
  const meta: StoredIndexMeta = {
    format: INDEX_FORMAT,
    version: INDEX_VERSION,
    littleEndian: LITTLE_ENDIAN,
    rows: base.size,
    terms: base.termCount,
    idBytes: base.ids.bytes.length,
    termBytes: base.terms.bytes.length,
    postings: base.postings.list.length,
    dictionaries: Object.fromEntries(DIMENSIONS.map((d) => [d, [...base.dicts[d].values]])) as Record<
      Dimension,
      string[]
    >,
    checksums: { ...sums },
    feeLinks,
  };
  return { meta, buffers };
}

function fail(detail: string): never {
  throw new IndexCorruptError(detail);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isCount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v < 0xffffffff;

/** Throws IndexCorruptError, with what was wrong, for anything that is not an intact index of this version. */
export function fromStored(stored: unknown): BaseIndex {
  const { base, checks } = mapStored(stored);
  for (const check of checks) check();
  return base;
}

/**
 * The quick half of fromStored(): the description, the sizes and the checksums are checked (so a
 * damaged or foreign index is refused at once), and the buffers become the base as they are. The
 * structural checks (order, ranges, references, ids that repeat: about 1.2 s a million rows) are
 * returned as steps to run later; each throws IndexCorruptError. They guard against damage the
 * checksums missed (odds of about 1 in 4 billion) and against a writer's bug.
 */
export function mapStored(stored: unknown): { base: BaseIndex; checks: (() => void)[] } {
  if (!isRecord(stored) || !isRecord(stored.meta) || !isRecord(stored.buffers))
    fail('its description or its buffers are missing');
  const meta = stored.meta;
  if (meta.format !== INDEX_FORMAT) fail('it is not a search index');
  if (meta.version !== INDEX_VERSION)
    fail(
      `it was written by another version of the app (format ${String(meta.version)}, this app reads ${INDEX_VERSION})`,
    );
  if (meta.littleEndian !== LITTLE_ENDIAN) fail('it was written on a machine with another byte order');
  const counts = [meta.rows, meta.terms, meta.idBytes, meta.termBytes, meta.postings];
  if (!counts.every(isCount)) fail('its sizes are not valid numbers');
  const [rows, terms, idBytes, termBytes, postings] = counts as number[] as [number, number, number, number, number];
  const dictionaries = checkDictionaries(meta.dictionaries);
  if (
    !Array.isArray(meta.feeLinks) ||
    meta.feeLinks.length % 2 !== 0 ||
    !meta.feeLinks.every((v) => typeof v === 'string')
  )
    fail('its list of fee links is not pairs of ids');
  const specs = {
    rows: rowsSpec(rows),
    ids: stringsSpec(rows, idBytes),
    terms: stringsSpec(terms, termBytes),
    postings: postingsSpec(terms, postings),
  };
  const sums = isRecord(meta.checksums) ? meta.checksums : {};
  for (const name of BUFFER_NAMES) {
    const buffer = stored.buffers[name];
    if (!(buffer instanceof ArrayBuffer)) fail(`its ${name} buffer is missing`);
    if (buffer.byteLength !== byteLengthOf(specs[name]))
      fail(
        `its ${name} buffer has ${buffer.byteLength} bytes where ${byteLengthOf(specs[name])} were written (cut short or mixed up)`,
      );
    if (sums[name] !== checksum(buffer)) fail(`its ${name} buffer is damaged (checksum mismatch)`);
  }
  const buffers = stored.buffers as Record<BufferName, ArrayBuffer>;
  const parts = {
    rows: carve(specs.rows, buffers.rows),
    ids: carve(specs.ids, buffers.ids),
    terms: carve(specs.terms, buffers.terms),
    postings: carve(specs.postings, buffers.postings),
  };
  const dicts = newDictionaries(dictionaries);
  const base = new BaseIndex(parts, dicts);
  // The id table last: it is built from the ids the checks before it have found well formed.
  return { base, checks: [...checkSteps(parts, dicts), () => void base.idTable] };
}

/** The fee links of an index fromStored() accepted. */
export function feeLinksOf(stored: StoredIndex): FeeLinks {
  return FeeLinks.fromPairs(stored.meta.feeLinks);
}

function checkDictionaries(value: unknown): Record<Dimension, string[]> {
  if (!isRecord(value)) fail('its value lists are missing');
  for (const d of DIMENSIONS) {
    const values = value[d];
    if (!Array.isArray(values) || !values.every((v) => typeof v === 'string'))
      fail(`its list of ${d} values is not a list of strings`);
    if (new Set(values).size !== values.length) fail(`its list of ${d} values repeats a value`);
    if (values.length > (BYTE_DIMENSIONS.has(d) ? 0xff : 0xfffffffe)) fail(`its list of ${d} values is too long`);
  }
  return value as Record<Dimension, string[]>;
}

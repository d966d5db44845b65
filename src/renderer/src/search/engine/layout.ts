/**
 * The four buffers an index lives in (and is saved as): the row columns, the ids, the term list
 * and the postings. Each is one ArrayBuffer carved into typed arrays, so saving is handing the
 * buffers over and loading is viewing them, with no copy either way.
 */

type Kind = 'f64' | 'u32' | 'u8';
type ArrayOf<K extends Kind> = K extends 'f64' ? Float64Array : K extends 'u32' ? Uint32Array : Uint8Array;
type Spec = Record<string, readonly [Kind, number]>;
export type Carved<S extends Spec> = { [K in keyof S]: ArrayOf<S[K][0]> };

const WIDTH: Record<Kind, number> = { f64: 8, u32: 4, u8: 1 };

export function byteLengthOf(spec: Spec): number {
  let at = 0;
  for (const [kind, length] of Object.values(spec)) at = align(at, WIDTH[kind]) + length * WIDTH[kind];
  return at;
}

/** Views of `buffer` (a new one when absent) laid out as `spec`; the caller checked its length. */
export function carve<S extends Spec>(spec: S, buffer: ArrayBuffer = new ArrayBuffer(byteLengthOf(spec))): Carved<S> {
  const out: Record<string, Float64Array | Uint32Array | Uint8Array> = {};
  let at = 0;
  for (const [name, [kind, length]] of Object.entries(spec)) {
    at = align(at, WIDTH[kind]);
    out[name] =
      kind === 'f64'
        ? new Float64Array(buffer, at, length)
        : kind === 'u32'
          ? new Uint32Array(buffer, at, length)
          : new Uint8Array(buffer, at, length);
    at += length * WIDTH[kind];
  }
  return out as Carved<S>;
}

function align(at: number, width: number): number {
  return Math.ceil(at / width) * width;
}

export const rowsSpec = (n: number) =>
  ({
    dates: ['f64', n],
    amounts: ['f64', n],
    accountId: ['u32', n],
    cardId: ['u32', n],
    cardGroupId: ['u32', n],
    virtualAccountId: ['u32', n],
    currency: ['u32', n],
    merchant: ['u32', n],
    seq: ['u32', n],
    slot: ['u32', n],
    status: ['u8', n],
    detailedStatus: ['u8', n],
    hasFee: ['u8', n],
  }) as const;

/** Strings (ids, terms): offsets[i]..offsets[i + 1] are the bytes of string i. */
export const stringsSpec = (count: number, bytes: number) =>
  ({ offsets: ['u32', count + 1], bytes: ['u8', bytes] }) as const;

/** Postings: offsets[t]..offsets[t + 1] of `list` are the positions of the rows holding term t. */
export const postingsSpec = (terms: number, postings: number) =>
  ({ offsets: ['u32', terms + 1], list: ['u32', postings] }) as const;

export type RowColumns = Carved<ReturnType<typeof rowsSpec>>;
export type Strings = Carved<ReturnType<typeof stringsSpec>>;
export type Postings = Carved<ReturnType<typeof postingsSpec>>;

/** What a base index is made of. */
export interface BaseParts {
  rows: RowColumns;
  ids: Strings;
  terms: Strings;
  postings: Postings;
}

export function bufferOf(arrays: Record<string, { buffer: ArrayBufferLike }>): ArrayBuffer {
  return Object.values(arrays)[0]?.buffer as ArrayBuffer;
}

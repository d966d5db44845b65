import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  BUFFER_NAMES,
  IndexCorruptError,
  InvalidRowError,
  SearchIndex,
  type IndexedRow,
  type StoredIndex,
} from '../../src/renderer/src/search/engine';
import { checksum } from '../../src/renderer/src/search/engine/checksum';
import { carve, postingsSpec, rowsSpec, stringsSpec } from '../../src/renderer/src/search/engine/layout';
import type { TxQuery } from '../../src/renderer/src/model/tx-query';
import { referenceSearch } from '../../src/renderer/src/search/model/reference-search';
import { wordsOf } from '../../src/renderer/src/model/query-text';

/** Input nobody should send, and saved indexes that were damaged: clear errors, never a crash or a wrong answer. */

const T0 = Date.UTC(2026, 2, 1);

function row(i: number, text: string, extra: Partial<IndexedRow> = {}): IndexedRow {
  return {
    id: `txn_${String(i).padStart(4, '0')}`,
    dateMs: T0 - (i % 7) * 3_600_000,
    amountCents: ((i * 7919) % 40_000) - 20_000,
    status: i % 5 === 0 ? 'pending' : 'posted',
    detailedStatus: i % 5 === 0 ? 'pending' : 'settled',
    accountId: `acct_${i % 2}`,
    cardId: i % 3 === 0 ? undefined : `card_${i % 4}`,
    cardGroupId: undefined,
    virtualAccountId: `va_${i % 3}`,
    currency: i % 6 === 0 ? 'CAD' : 'USD',
    hasFee: i % 9 === 0,
    words: [...new Set(wordsOf(`${text} txn_${i} ${(i * 31) % 1000}`))],
    seq: i,
    slot: i % 10,
    ...extra,
  };
}

const TEXTS = ['Google Cloud', 'Café Zürich', 'Shopify Ottawa', 'Wire from Globex', '東京 store', 'naïve ﬁnance'];
const ROWS = Array.from({ length: 120 }, (_, i) => row(i, TEXTS[i % TEXTS.length] as string));

function expectLikeReference(index: SearchIndex, q: TxQuery): void {
  const expected = referenceSearch(ROWS, q);
  const result = index.query(q);
  expect(result.summary).toEqual(expected.summary);
  expect(index.page(result, 0, 1000).map((r) => r.id)).toEqual(expected.ids);
}

describe('queries nobody should type', () => {
  const index = SearchIndex.build(ROWS);

  test('a 10,000-character query is cut, answered, and says it was cut', () => {
    const long = Array.from({ length: 2000 }, (_, i) => (i % 2 ? 'goo' : 'cloud')).join(' ');
    expect(long.length).toBeGreaterThanOrEqual(8000);
    const huge = `${long} ${'x'.repeat(10_000)}`;
    expect(index.query({ text: huge }).truncated).toBe(true);
    expectLikeReference(index, { text: huge });
    expectLikeReference(index, { text: 'g'.repeat(10_000) });
  });

  test('odd Unicode: emoji, right-to-left text, combining marks, NUL, lone surrogates, zero-width characters', () => {
    const odd = [
      '😀',
      '👩‍👩‍👧',
      'שלום',
      'مرحبا',
      'cafe\u0301',
      'CAFÉ',
      '\u0000',
      'goo\u0000gle',
      '\uD800',
      'a\uDC00b',
      '\u200Bgoogle',
      '\uFEFF',
      'ﬁ',
      'Ｇｏｏｇｌｅ',
      '\u202Egoogle',
      '東京',
    ];
    for (const text of odd) expectLikeReference(index, { text });
    expectLikeReference(index, { text: odd.join(' ') });
  });

  test('empty and blank text, and absent or impossible bounds', () => {
    for (const text of [undefined, '', '   ', '\t\n', '-', '$', '...', ',']) expectLikeReference(index, { text });
    for (const bound of [NaN, Infinity, -Infinity, 0, -0, 1.5, Number.MAX_VALUE]) {
      expectLikeReference(index, { fromMs: bound });
      expectLikeReference(index, { toMs: bound });
      expectLikeReference(index, { minCents: bound });
      expectLikeReference(index, { maxCents: bound, text: 'google' });
    }
    expectLikeReference(index, { fromMs: T0, toMs: T0 - 1 });
    expectLikeReference(index, { minCents: 10, maxCents: -10 });
  });

  test('sets that are empty, unknown or not strings at all', () => {
    const notStrings = [1, null, {}] as unknown as string[];
    expectLikeReference(index, { statuses: [], cardIds: [], currencies: [] });
    expectLikeReference(index, { cardIds: ['card_none'] });
    expectLikeReference(index, { currencies: notStrings });
    expectLikeReference(index, { accountIds: ['acct_0', ...notStrings] });
  });

  test('pages and lookups with nonsense arguments', () => {
    const result = index.query({});
    expect(index.page(result, NaN, NaN)).toEqual([]);
    expect(index.page(result, -5, 3).map((r) => r.id)).toEqual(index.page(result, 0, 3).map((r) => r.id));
    expect(index.page(result, 1e12, 10)).toEqual([]);
    expect(index.page(result, 2.7, 1.9)).toHaveLength(1);
    expect(index.page(result, 0, Infinity)).toHaveLength(ROWS.length);
    for (const id of ['', '😀', '\uD800', 'txn_', 'TXN_0001']) expect(index.get(id)).toBeUndefined();
    expect(() => SearchIndex.build([]).page(result, 0, 1)).toThrow(/another search index/);
  });
});

describe('rows that break the contract', () => {
  const bad: [string, Partial<IndexedRow>][] = [
    ['a date that is not a number', { dateMs: NaN }],
    ['an amount in fractions of a cent', { amountCents: 1.5 }],
    ['an amount beyond exact integers', { amountCents: 2 ** 60 }],
    ['a negative seq', { seq: -1 }],
    ['a slot past 32 bits', { slot: 2 ** 32 }],
    ['words that are not a list', { words: 'google' as unknown as string[] }],
    ['an id with an unpaired surrogate', { id: 'txn_\uD800' }],
    ['no status', { status: undefined as unknown as IndexedRow['status'] }],
  ];

  test.each(bad)('%s is refused by build and by upsert, which then changes nothing', (_, change) => {
    expect(() => SearchIndex.build([...ROWS.slice(0, 5), row(999, 'x', change)])).toThrow(InvalidRowError);
    const index = SearchIndex.build(ROWS);
    const newVersion = { ...(ROWS[0] as IndexedRow), words: ['changed'] };
    expect(() => index.upsert([newVersion, row(998, 'x', change)])).toThrow(InvalidRowError);
    expect(index.deltaSize).toBe(0);
    expectLikeReference(index, { text: 'changed' });
  });
});

function copyOf(stored: StoredIndex): StoredIndex {
  const buffers = Object.fromEntries(
    BUFFER_NAMES.map((name) => [name, stored.buffers[name].slice(0)]),
  ) as StoredIndex['buffers'];
  return { meta: structuredClone(stored.meta), buffers };
}

/** A damaged copy whose checksums were recomputed, so only the structural checks can notice. */
function tampered(stored: StoredIndex, change: (s: StoredIndex) => void): StoredIndex {
  const copy = copyOf(stored);
  change(copy);
  for (const name of BUFFER_NAMES) copy.meta.checksums[name] = checksum(copy.buffers[name]);
  return copy;
}

function expectCorrupt(stored: unknown, message?: RegExp): void {
  let error: unknown;
  try {
    SearchIndex.fromBuffers(stored as StoredIndex);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(IndexCorruptError);
  expect((error as Error).message).toMatch(/^the saved search index cannot be used: /);
  if (message) expect((error as Error).message).toMatch(message);
}

describe('saved indexes that cannot be trusted', () => {
  const stored = SearchIndex.build(ROWS).toBuffers();
  const n = stored.meta.rows;
  const rowsOf = (s: StoredIndex) => carve(rowsSpec(n), s.buffers.rows);
  const idsOf = (s: StoredIndex) => carve(stringsSpec(n, s.meta.idBytes), s.buffers.ids);
  const termsOf = (s: StoredIndex) => carve(stringsSpec(s.meta.terms, s.meta.termBytes), s.buffers.terms);
  const postingsOf = (s: StoredIndex) => carve(postingsSpec(s.meta.terms, s.meta.postings), s.buffers.postings);

  test('an intact copy loads and answers the same', () => {
    const loaded = SearchIndex.fromBuffers(copyOf(stored));
    for (const q of [{}, { text: 'google' }, { text: 'caf', statuses: ['posted'] }] as TxQuery[])
      expectLikeReference(loaded, q);
  });

  test('missing pieces, wrong kinds, other versions', () => {
    expectCorrupt(null, /missing/);
    expectCorrupt({ meta: stored.meta }, /missing/);
    expectCorrupt({ ...copyOf(stored), meta: { ...stored.meta, format: 'something-else' } }, /not a search index/);
    expectCorrupt(
      { ...copyOf(stored), meta: { ...stored.meta, version: 99 } },
      /another version of the app \(format 99/,
    );
    expectCorrupt(
      { ...copyOf(stored), meta: { ...stored.meta, littleEndian: !stored.meta.littleEndian } },
      /byte order/,
    );
    expectCorrupt({ ...copyOf(stored), meta: { ...stored.meta, rows: -1 } }, /sizes/);
    expectCorrupt(
      {
        ...copyOf(stored),
        meta: { ...stored.meta, dictionaries: { ...stored.meta.dictionaries, currency: ['USD', 'USD'] } },
      },
      /repeats/,
    );
    expectCorrupt(
      { ...copyOf(stored), meta: { ...stored.meta, dictionaries: { ...stored.meta.dictionaries, status: [1] } } },
      /not a list of strings/,
    );
    expectCorrupt(
      { ...copyOf(stored), buffers: { ...copyOf(stored).buffers, terms: 'text' } },
      /terms buffer is missing/,
    );
  });

  test('cut short, or sizes that do not agree with the buffers', () => {
    for (const name of BUFFER_NAMES) {
      const copy = copyOf(stored);
      copy.buffers[name] = copy.buffers[name].slice(0, copy.buffers[name].byteLength - 1);
      expectCorrupt(copy, new RegExp(`${name} buffer has`));
    }
    expectCorrupt({ ...copyOf(stored), meta: { ...stored.meta, rows: n + 1 } }, /cut short or mixed up/);
    expectCorrupt(
      { ...copyOf(stored), meta: { ...stored.meta, postings: stored.meta.postings - 1 } },
      /postings buffer has/,
    );
  });

  test('any flipped byte is caught by the checksums', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BUFFER_NAMES), fc.nat(), fc.integer({ min: 1, max: 255 }), (name, at, flip) => {
        const copy = copyOf(stored);
        const bytes = new Uint8Array(copy.buffers[name]);
        bytes[at % bytes.length] = (bytes[at % bytes.length] as number) ^ flip;
        expectCorrupt(copy, /damaged \(checksum mismatch\)/);
      }),
      { numRuns: 300 },
    );
  });

  test('inconsistent content with matching checksums is caught by the structural checks', () => {
    expectCorrupt(
      tampered(stored, (s) => rowsOf(s).dates.reverse()),
      /out of order/,
    );
    expectCorrupt(
      tampered(stored, (s) => void (rowsOf(s).dates[3] = NaN)),
      /no valid date/,
    );
    expectCorrupt(
      tampered(stored, (s) => void (rowsOf(s).amounts[0] = 0.5)),
      /whole cents/,
    );
    expectCorrupt(
      tampered(stored, (s) => void (rowsOf(s).hasFee[1] = 2)),
      /fee flag/,
    );
    expectCorrupt(
      tampered(stored, (s) => void (rowsOf(s).cardId[2] = 99)),
      /unknown cardId/,
    );
    expectCorrupt(
      tampered(stored, (s) => void (rowsOf(s).accountId[2] = 0)),
      /unknown accountId/,
    );
    expectCorrupt(
      tampered(stored, (s) => void (postingsOf(s).list[0] = n + 5)),
      /out of order or out of range/,
    );
    expectCorrupt(
      tampered(stored, (s) => void (postingsOf(s).offsets[1] = 0)),
      /has no rows/,
    );
    expectCorrupt(
      tampered(stored, (s) => void (termsOf(s).offsets[1] = termsOf(s).offsets[2] as number)),
      /out of order or repeated/,
    );
    expectCorrupt(
      tampered(stored, (s) => void (idsOf(s).bytes[0] = 0xff)),
      /not valid UTF-8/,
    );
    expectCorrupt(
      tampered(stored, (s) => {
        // The second row takes the first row's id (both are 8 bytes, same date).
        const ids = idsOf(s);
        const first = ids.bytes.slice(ids.offsets[0], ids.offsets[1]);
        ids.bytes.set(first, ids.offsets[1]);
      }),
      /out of order|same id/,
    );
  });

  test('random damage with recomputed checksums never crashes or hangs: it is refused, or it loads and answers', () => {
    // Offsets sit at the start of the ids, terms and postings buffers: damage there most often.
    const place = fc.oneof(fc.nat({ max: 80 }), fc.nat());
    fc.assert(
      fc.property(fc.constantFrom(...BUFFER_NAMES), place, fc.constantFrom(1, 0x10, 0x80, 0xff), (name, at, flip) => {
        const copy = tampered(stored, (s) => {
          const bytes = new Uint8Array(s.buffers[name]);
          bytes[at % bytes.length] = (bytes[at % bytes.length] as number) ^ flip;
        });
        let index: SearchIndex;
        try {
          index = SearchIndex.fromBuffers(copy);
        } catch (e) {
          expect(e).toBeInstanceOf(IndexCorruptError);
          return;
        }
        for (const q of [{}, { text: 'goo' }, { text: '12' }, { cardIds: ['card_1'] }, { minCents: 0 }] as TxQuery[]) {
          const result = index.query(q);
          expect(index.page(result, 0, 1000)).toHaveLength(result.summary.count);
        }
      }),
      { numRuns: 300 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { chartOf, SearchIndex, type IndexedRow } from '../../src/renderer/src/search/engine';
import { tuning } from '../../src/renderer/src/search/engine/tuning';
import type { TxQuery } from '../../src/renderer/src/model/tx-query';
import { referenceSearch } from '../../src/renderer/src/search/model/reference-search';
import { wordsOf } from '../../src/renderer/src/model/query-text';
import { DETAILED_STATUSES, TRANSACTION_STATUSES } from '../../src/shared/service';
import { referenceChart } from '../support/chart-reference';

/**
 * SearchIndex against referenceSearch on random data: every summary and every ordered id list
 * must be equal, through builds, upserts (new rows, changed rows, moved dates, repeated ids, fee
 * rows naming rows before or after those arrive, and naming another row or none in a new version),
 * compact() and a save/load round trip.
 */

const BASE_MS = Date.UTC(2026, 0, 1);
const ACCOUNTS = ['acct_a', 'acct_b', 'acct_c'];
const CARDS = ['card_1', 'card_2', 'card_3', 'card_ü'];
const GROUPS = ['cg_x', 'cg_y'];
const VAS = ['va_1', 'va_2'];
const CURRENCIES = ['USD', 'CAD', 'EUR'];
const MERCHANTS = ['Google Cloud', 'Café Zürich', 'AWS'];
const TEXTS = [
  'Google Cloud MOUNTAIN VIEW CA',
  'Café Zürich',
  'ÅNGSTRÖM naïve ﬁnance',
  'مرحبا بالعالم',
  'שלום עולם',
  '東京 shop',
  '😀 emoji-store',
  'x\u0301y combining',
  'zip 94043',
  'K2P 1L4',
  'ORD-988599',
  'ref 1200 4250 42',
  'Wire from Globex Corp',
  'nul\u0000byte',
];

const dateArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 12 }).map((k) => BASE_MS + k * 60_000) },
  { weight: 1, arbitrary: fc.integer({ min: -2_000_000_000_000, max: 4_000_000_000_000 }) },
);
const amountArb = fc.oneof(
  fc.integer({ min: -300_000, max: 300_000 }),
  // Whole dollars with cents at the edges of what a typed amount matches.
  fc
    .tuple(fc.integer({ min: -1300, max: 1300 }), fc.constantFrom(0, 9, 10, 49, 50, 59, 60, 90, 99))
    .map(([d, c]) => (d < 0 ? d * 100 - c : d * 100 + c)),
  fc.constantFrom(0, 1, -1, 99, 100, -100, 4250, 4259, -4250, 120_000, 120_099, -120_050, 1_200, 1_234_567),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
);
const textArb = fc.oneof(
  fc.constantFrom(...TEXTS),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: fc.constantFrom('a', 'b', '1', '2', '0', ' ', '.'), maxLength: 10 }),
);
const idArb = fc.oneof(
  fc.integer({ min: 0, max: 40 }).map((n) => `txn_${n}`),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }),
);

/** A row as toSearchRow makes them: words are the distinct words of a few text fields. */
const rowArb: fc.Arbitrary<IndexedRow> = fc
  .record({
    id: idArb,
    dateMs: dateArb,
    amountCents: amountArb,
    status: fc.constantFrom(...TRANSACTION_STATUSES),
    detailedStatus: fc.constantFrom(...DETAILED_STATUSES),
    accountId: fc.constantFrom(...ACCOUNTS),
    cardId: fc.option(fc.constantFrom(...CARDS), { nil: undefined }),
    cardGroupId: fc.option(fc.constantFrom(...GROUPS), { nil: undefined }),
    virtualAccountId: fc.option(fc.constantFrom(...VAS), { nil: undefined }),
    currency: fc.constantFrom(...CURRENCIES),
    hasFee: fc.boolean(),
    // Fees name rows by the ids other rows have, so links land on rows built, upserted or yet to come.
    feeFor: fc.option(
      fc.integer({ min: 0, max: 40 }).map((n) => `txn_${n}`),
      { nil: undefined, freq: 3 },
    ),
    merchant: fc.option(fc.constantFrom(...MERCHANTS), { nil: undefined }),
    texts: fc.array(textArb, { maxLength: 3 }),
    seq: fc.nat({ max: 0xffffffff }),
    slot: fc.nat({ max: 0xffff }),
  })
  .map(({ texts, ...row }) => ({ ...row, words: [...new Set([...texts, row.id].flatMap(wordsOf))] }));

/** How people type an amount (text.ts allows these forms), from an amount in the data or not. */
function typedAmounts(cents: number): string[] {
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  const cc = String(abs % 100).padStart(2, '0');
  const grouped = dollars.toLocaleString('en-US');
  return [
    `${dollars}.${cc}`,
    `${dollars}.${cc[0]}`,
    `${dollars}.`,
    String(dollars),
    `-${dollars}.${cc}`,
    `$${grouped}.${cc}`,
    `-$${grouped}`,
    grouped,
    `0${dollars}`,
  ];
}

/** Queries built from the rows: prefixes of their words, their amounts as typed, their values as filters. */
function queryArb(rows: readonly IndexedRow[]): fc.Arbitrary<TxQuery> {
  const words = [...new Set(rows.flatMap((r) => r.words)), 'zz', 'q9'];
  const prefix = fc.tuple(fc.constantFrom(...words), fc.nat(), fc.boolean()).map(([w, n, upper]) => {
    const p = w.slice(0, 1 + (n % w.length));
    return upper ? p.toUpperCase() : p;
  });
  const amounts = rows.length > 0 ? rows.map((r) => r.amountCents) : [0];
  const typed = fc.tuple(fc.constantFrom(...amounts), fc.nat()).map(([a, k]) => {
    const forms = typedAmounts(a);
    return forms[k % forms.length] as string;
  });
  const textWord = fc.oneof(
    { weight: 5, arbitrary: prefix },
    { weight: 3, arbitrary: typed },
    { weight: 1, arbitrary: fc.constantFrom('-', '$', '...', 'café', 'x-y', 'Ünïcödé', '😀', '\u0000', '1,2') },
  );
  const dates = rows.length > 0 ? rows.map((r) => r.dateMs) : [BASE_MS];
  const bound = (values: number[]) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...values).chain((v) => fc.constantFrom(v, v - 1, v + 1)) },
      { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, -Infinity) },
    );
  const set = <T extends string>(values: readonly T[]) => fc.subarray([...values]);
  // Each query has a few filters, so that most match something.
  const filter: fc.Arbitrary<TxQuery> = fc.oneof(
    bound(dates).map((fromMs) => ({ fromMs })),
    bound(dates).map((toMs) => ({ toMs })),
    bound(amounts).map((minCents) => ({ minCents })),
    bound(amounts).map((maxCents) => ({ maxCents })),
    set(TRANSACTION_STATUSES).map((statuses) => ({ statuses })),
    set(DETAILED_STATUSES).map((detailedStatuses) => ({ detailedStatuses })),
    set([...CARDS, 'card_unknown']).map((cardIds) => ({ cardIds })),
    set(GROUPS).map((cardGroupIds) => ({ cardGroupIds })),
    set(VAS).map((virtualAccountIds) => ({ virtualAccountIds })),
    set(ACCOUNTS).map((accountIds) => ({ accountIds })),
    set([...CURRENCIES, 'usd']).map((currencies) => ({ currencies })),
    fc.boolean().map((hasFee) => ({ hasFee })),
    set([...MERCHANTS, 'Nobody']).map((merchants) => ({ merchants })),
  );
  const text = fc.option(
    fc.array(textWord, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' ')),
    { nil: undefined },
  );
  return fc
    .tuple(text, fc.array(filter, { maxLength: 3 }))
    .map(([t, filters]) => Object.assign(t === undefined ? {} : { text: t }, ...filters) as TxQuery);
}

/** Settings that force each of the engine's equivalent strategies, whatever the data's size. */
const STRATEGIES = {
  default: { ...tuning },
  'index drivers, per-candidate checks, every term a bitset': {
    driverShare: Infinity,
    moreDriverShare: Infinity,
    coverShare: Infinity,
    checkCostPerTerm: 0,
    runningTotals: true,
    denseShare: 0,
    denseMinRows: 1,
  },
  'every filter by its index at once, none tested row by row': {
    driverShare: 0,
    moreDriverShare: 0,
    coverShare: Infinity,
    checkCostPerTerm: Infinity,
    runningTotals: true,
    denseShare: Infinity,
    denseMinRows: Infinity,
  },
  'window scans and postings only': {
    driverShare: 0,
    moreDriverShare: 0,
    coverShare: 0,
    checkCostPerTerm: Infinity,
    runningTotals: false,
    denseShare: Infinity,
    denseMinRows: Infinity,
  },
};
const strategyArb = fc.constantFrom(...(Object.keys(STRATEGIES) as (keyof typeof STRATEGIES)[]));

function withStrategy(name: keyof typeof STRATEGIES, run: () => void): void {
  const saved = { ...tuning };
  Object.assign(tuning, STRATEGIES[name]);
  try {
    run();
  } finally {
    Object.assign(tuning, saved);
  }
}

/** The rows the index should hold: the last version of each id. */
class Model {
  readonly rows = new Map<string, IndexedRow>();
  put(rows: readonly IndexedRow[]): void {
    for (const row of rows) this.rows.set(row.id, row);
  }
  list(): IndexedRow[] {
    return [...this.rows.values()];
  }
}

function expectSameAnswers(index: SearchIndex, model: Model, queries: readonly TxQuery[], stage: string): void {
  const rows = model.list();
  expect(index.size, `${stage}: size`).toBe(rows.length);
  // Both sides of the fee filter every time: fee links change who is on which side.
  for (const q of [...queries, { hasFee: true }, { hasFee: false }]) {
    const expected = referenceSearch(rows, q);
    const result = index.query(q);
    const label = `${stage}: ${JSON.stringify(q)}`;
    expect(result.summary, label).toEqual(expected.summary);
    expect(
      index.page(result, 0, result.summary.count + 5).map((r) => r.id),
      label,
    ).toEqual(expected.ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(chartOf(result), `${label} chart`).toEqual(
      referenceChart(expected.ids.map((id) => byId.get(id) as IndexedRow)),
    );
    const offset = Math.floor(expected.ids.length / 3);
    expect(
      index.page(result, offset, 3).map((r) => r.id),
      `${label} page at ${offset}`,
    ).toEqual(expected.ids.slice(offset, offset + 3));
  }
  for (const row of rows)
    expect(index.get(row.id), `${stage}: get`).toEqual({ id: row.id, seq: row.seq, slot: row.slot });
  expect(index.get('not-an-id'), `${stage}: get unknown`).toBeUndefined();
}

/** New versions of some rows: a new date (the row moves), amount, status and words. */
const changesArb = (rows: readonly IndexedRow[]) =>
  fc.array(
    fc
      .record({
        pick: fc.nat(),
        dateMs: dateArb,
        amountCents: amountArb,
        status: fc.constantFrom(...TRANSACTION_STATUSES),
        text: textArb,
        seq: fc.nat({ max: 1000 }),
        // Mostly the fee link stays as it was (as a real fee's does); sometimes it moves or goes.
        feeFor: fc.oneof(
          { weight: 3, arbitrary: fc.constant('same' as const) },
          {
            weight: 1,
            arbitrary: fc.option(
              fc.integer({ min: 0, max: 40 }).map((n) => `txn_${n}`),
              { nil: undefined },
            ),
          },
        ),
      })
      .map(({ pick, text, feeFor, ...change }): IndexedRow | null => {
        const row = rows[pick % Math.max(1, rows.length)];
        return row
          ? {
              ...row,
              ...change,
              feeFor: feeFor === 'same' ? row.feeFor : feeFor,
              words: [...new Set([...row.words.slice(1), ...wordsOf(text)])],
            }
          : null;
      }),
    { maxLength: 8 },
  );

describe('SearchIndex answers like referenceSearch', () => {
  test('after build, upserts, compact and a save/load round trip', () => {
    const scenario = fc.array(rowArb, { maxLength: 40 }).chain((initial) =>
      fc.record({
        initial: fc.constant(initial),
        fresh: fc.array(rowArb, { maxLength: 10 }),
        changes: changesArb(initial),
        later: fc.array(rowArb, { maxLength: 5 }),
        queries: fc.array(queryArb(initial), { minLength: 1, maxLength: 8 }),
        strategy: strategyArb,
      }),
    );
    fc.assert(
      fc.property(scenario, ({ initial, fresh, changes, later, queries, strategy }) =>
        withStrategy(strategy, () => {
          const model = new Model();
          model.put(initial);
          const built = SearchIndex.build(initial);
          expectSameAnswers(built, model, queries, 'build');

          const batch = [...fresh, ...changes.filter((c): c is IndexedRow => c !== null)];
          built.upsert(batch);
          model.put(batch);
          expectSameAnswers(built, model, queries, 'upsert');

          const compacted = built.compact();
          expect(compacted.deltaSize).toBe(0);
          expectSameAnswers(compacted, model, queries, 'compact');
          // The old instance keeps answering the same until it is dropped.
          expectSameAnswers(built, model, queries, 'old instance after compact');

          const loaded = SearchIndex.fromBuffers(compacted.toBuffers());
          expectSameAnswers(loaded, model, queries, 'loaded');

          loaded.upsert(later);
          model.put(later);
          expectSameAnswers(loaded, model, queries, 'upsert after load');
          // Saving with a delta folds it in first.
          expectSameAnswers(SearchIndex.fromBuffers(loaded.toBuffers()), model, queries, 'saved with a delta');
        }),
      ),
      { numRuns: 150 },
    );
  });

  test('rows whose words were not made by text.ts (upper case, lone surrogates, empty) still match by plain prefix', () => {
    const oddWord = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom('Café', 'ab\uD800', 'ab\uDC00', '', 'ABC', '\uFFFDx', 'a b'),
    );
    const oddRow = fc
      .tuple(rowArb, fc.array(oddWord, { maxLength: 4 }))
      .map(([row, words]) => ({ ...row, words: [...row.words, ...words] }));
    const scenario = fc
      .array(oddRow, { maxLength: 25 })
      .chain((rows) =>
        fc.record({ rows: fc.constant(rows), queries: fc.array(queryArb(rows), { minLength: 1, maxLength: 6 }) }),
      );
    fc.assert(
      fc.property(scenario, ({ rows, queries }) => {
        const model = new Model();
        model.put(rows);
        const index = SearchIndex.build(rows);
        expectSameAnswers(index, model, queries, 'odd words');
        expectSameAnswers(SearchIndex.fromBuffers(index.compact().toBuffers()), model, queries, 'odd words loaded');
      }),
      { numRuns: 60 },
    );
  });

  test('upserts one at a time, each a new version of a random row, then compacted step by step', () => {
    const scenario = fc.array(rowArb, { minLength: 1, maxLength: 30 }).chain((rows) =>
      fc.record({
        rows: fc.constant(rows),
        steps: fc.array(changesArb(rows), { minLength: 1, maxLength: 4 }),
        queries: fc.array(queryArb(rows), { minLength: 1, maxLength: 4 }),
        strategy: strategyArb,
      }),
    );
    fc.assert(
      fc.property(scenario, ({ rows, steps, queries, strategy }) =>
        withStrategy(strategy, () => {
          const model = new Model();
          model.put(rows);
          let index = SearchIndex.build(rows);
          for (const step of steps) {
            for (const row of step) {
              if (!row) continue;
              index.upsert([row]);
              model.put([row]);
            }
            expectSameAnswers(index, model, queries, 'step');
            index = index.compact();
          }
          expectSameAnswers(index, model, queries, 'end');
        }),
      ),
      { numRuns: 60 },
    );
  });
});

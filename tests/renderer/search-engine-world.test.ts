import { beforeAll, describe, expect, test } from 'vitest';
import { SearchIndex, type IndexedRow } from '../../src/renderer/src/search/engine';
import type { TxQuery } from '../../src/renderer/src/model/tx-query';
import { referenceSearch } from '../../src/renderer/src/search/model/reference-search';
import { toSearchRow } from '../../src/renderer/src/search/model/search-row';
import { wordsOf } from '../../src/renderer/src/model/query-text';
import { createWorld } from '../../src/sandbox/seed/create-world';
import { settlePending } from '../../src/sandbox/simulation/settlement';
import type { World } from '../../src/sandbox/world/world';
import type { Transaction } from '../../src/shared/service';

/**
 * The engine on the sandbox's seeded history, with the questions a person would type; answers
 * must equal referenceSearch, and filter-only counts and totals must equal the sandbox's own
 * aggregation of the same transactions.
 */

const FIXED_MS = Date.UTC(2026, 5, 1, 12);
const DAY = 86_400_000;

let world: World;
let txs: Transaction[];
let rows: IndexedRow[];
let index: SearchIndex;

function rowsOf(items: readonly Transaction[]): IndexedRow[] {
  return items.map((tx, i) => ({
    ...toSearchRow(tx, (id) => world.cards.get(id)),
    seq: Math.floor(i / 64),
    slot: i % 64,
  }));
}

/** Checks the engine against the reference and returns the reference's answer. */
function answer(q: TxQuery, on: SearchIndex = index, all: IndexedRow[] = rows): { count: number; ids: string[] } {
  const expected = referenceSearch(all, q);
  const result = on.query(q);
  expect(result.summary, JSON.stringify(q)).toEqual(expected.summary);
  expect(
    on.page(result, 0, expected.ids.length).map((r) => r.id),
    JSON.stringify(q),
  ).toEqual(expected.ids);
  return { count: expected.summary.count, ids: expected.ids };
}

let byId = new Map<string, IndexedRow>();
const rowById = (id: string) => byId.get(id) as IndexedRow;

beforeAll(() => {
  world = createWorld({ seed: 11, transactions: 3000, now: () => FIXED_MS });
  txs = world.transactions.list({}, undefined, Number.MAX_SAFE_INTEGER).items;
  rows = rowsOf(txs);
  byId = new Map(rows.map((r) => [r.id, r]));
  index = SearchIndex.build(rows);
});

describe('searching the seeded history', () => {
  test('holds every transaction, found by id', () => {
    expect(index.size).toBe(txs.length);
    for (const row of rows.slice(0, 200))
      expect(index.get(row.id)).toEqual({ id: row.id, seq: row.seq, slot: row.slot });
  });

  test('one word, two words, and two or three letters of a merchant', () => {
    const card = txs.find((t) => t.cardId && t.merchantData?.description) as Transaction;
    const [first, second] = wordsOf(card.description);
    expect(answer({ text: first }).count).toBeGreaterThan(0);
    if (second) expect(answer({ text: `${first} ${second}` }).count).toBeGreaterThan(0);
    expect(answer({ text: (first as string).slice(0, 2) }).count).toBeGreaterThan(0);
    expect(answer({ text: (first as string).slice(0, 3).toUpperCase() }).count).toBeGreaterThan(0);
    expect(answer({ text: 'wire' }).count).toBeGreaterThan(0);
  });

  test('an amount as people type it', () => {
    const spent = txs.find((t) => t.amountCents < -150_000) as Transaction;
    const abs = -spent.amountCents;
    const dollars = Math.floor(abs / 100);
    const cents = String(abs % 100).padStart(2, '0');
    const exact = answer({ text: `${dollars}.${cents}` });
    expect(exact.ids).toContain(spent.id);
    for (const id of exact.ids) expect(Math.abs(rowById(id).amountCents)).toBe(abs);
    const out = answer({ text: `-${dollars.toLocaleString('en-US')}` });
    expect(out.ids).toContain(spent.id);
    for (const id of out.ids) expect(rowById(id).amountCents).toBeLessThan(0);
    expect(answer({ text: String(dollars) }).ids).toContain(spent.id);
    answer({ text: '42.50' });
    answer({ text: '$1,200.5' });
  });

  test('text with a date range and a status', () => {
    const q: TxQuery = { text: 'card', fromMs: FIXED_MS - 90 * DAY, toMs: FIXED_MS - 30 * DAY, statuses: ['posted'] };
    const found = answer(q);
    expect(found.count).toBeGreaterThan(0);
    for (const id of found.ids) {
      const row = rowById(id);
      expect(row.status).toBe('posted');
      expect(row.dateMs).toBeGreaterThanOrEqual(q.fromMs as number);
      expect(row.dateMs).toBeLessThanOrEqual(q.toMs as number);
    }
  });

  test('filters alone count and total exactly what the sandbox aggregates', () => {
    const va = [...world.virtualAccounts.keys()][1] as string;
    const card = [...world.cards.keys()][0] as string;
    const cases: [TxQuery, Parameters<World['transactions']['aggregate']>[0]][] = [
      [{}, {}],
      [{ statuses: ['pending'] }, { status: 'pending' }],
      [{ detailedStatuses: ['settled'] }, { detailedStatus: 'settled' }],
      [
        { virtualAccountIds: [va], fromMs: FIXED_MS - 60 * DAY, toMs: FIXED_MS - 10 * DAY },
        { virtualAccountId: va, fromDateMs: FIXED_MS - 60 * DAY, toDateMs: FIXED_MS - 10 * DAY },
      ],
      [
        { cardIds: [card], statuses: ['posted'] },
        { cardId: card, status: 'posted' },
      ],
    ];
    for (const [q, filter] of cases) {
      const { count } = answer(q);
      const agg = world.transactions.aggregate(filter);
      expect(index.query(q).summary, JSON.stringify(q)).toEqual({
        count: agg.count,
        inCents: agg.totalIn,
        outCents: agg.totalOut,
        netCents: agg.netChange,
      });
      expect(count).toBe(agg.count);
    }
    answer({ hasFee: true });
    answer({ currencies: ['CAD', 'EUR', 'GBP'] });
    answer({ minCents: -50_000, maxCents: -10_000, fromMs: FIXED_MS - 180 * DAY });
  });

  test('a wire whose fee is a transaction of its own is with the fees, by the link the fee carries, and so is the fee', () => {
    const fees = txs.filter((t) => t.feeInfo?.relatedTransaction);
    const wireFee = fees.find((t) =>
      rowById(t.feeInfo?.relatedTransaction?.id ?? '')?.words.includes('wire'),
    ) as Transaction;
    expect(wireFee, 'the seed has an outgoing wire with its fee as a separate transaction').toBeDefined();
    const wireId = wireFee.feeInfo?.relatedTransaction?.id as string;
    const wire = txs.find((t) => t.id === wireId) as Transaction;
    expect(wire.feeInfo ?? wire.fxFeeInfo, 'the wire carries no fee field itself').toBeUndefined();
    const withFee = answer({ hasFee: true });
    const without = answer({ hasFee: false });
    expect(withFee.ids).toEqual(expect.arrayContaining([wireId, wireFee.id]));
    expect(without.ids).not.toContain(wireId);
    // Every transaction a fee names is with the fees; together the two answers are everything.
    for (const f of fees) expect(withFee.ids).toContain(f.feeInfo?.relatedTransaction?.id);
    expect(withFee.count + without.count).toBe(rows.length);
    answer({ hasFee: true, text: 'wire' });
  });

  test('a card by its id, a merchant city, and something that matches nothing', () => {
    const card = [...world.cards.values()].find((c) => rows.some((r) => r.cardId === c.id));
    const byCard = answer({ text: card?.id });
    expect(byCard.count).toBe(rows.filter((r) => r.cardId === card?.id).length);
    expect(answer({ text: card?.last4 }).count).toBeGreaterThan(0);
    const city = txs.find((t) => t.merchantData?.location?.city)?.merchantData?.location?.city as string;
    const inCity = answer({ text: city });
    expect(inCity.count).toBeGreaterThan(0);
    for (const id of inCity.ids) expect(rowById(id).words).toEqual(expect.arrayContaining(wordsOf(city)));
    expect(answer({ text: 'zzyzx qwv' }).count).toBe(0);
    expect(answer({ text: rows[7]?.id }).ids).toEqual([rows[7]?.id]);
  });
});

describe('keeping up with the sandbox', () => {
  test('pending purchases settle (new status, date and reference), new rows arrive: upsert, compact, save and load', () => {
    const local = createWorld({ seed: 12, transactions: 1500, now: () => FIXED_MS });
    world = local;
    const before = local.transactions.list({}, undefined, Number.MAX_SAFE_INTEGER).items;
    const snapshot = new Map(before.map((t) => [t.id, JSON.stringify(t)]));
    const startRows = rowsOf(before);
    const live = SearchIndex.build(startRows);
    const settled = settlePending(local, FIXED_MS + 5 * DAY);
    expect(settled).toBeGreaterThan(0);
    const after = local.transactions.list({}, undefined, Number.MAX_SAFE_INTEGER).items;
    const afterRows = rowsOf(after);
    const changed = afterRows.filter((r, i) => snapshot.get(r.id) !== JSON.stringify(after[i]));
    const fresh = afterRows
      .slice(0, 30)
      .map((r, i) => ({ ...r, id: `txn_arrived_${i}`, dateMs: FIXED_MS + i * 60_000 }));
    live.upsert([...changed, ...fresh]);
    const current = new Map(startRows.map((r) => [r.id, r]));
    for (const r of [...changed, ...fresh]) current.set(r.id, r);
    const all = [...current.values()];
    const questions: TxQuery[] = [
      {},
      { statuses: ['pending'] },
      { statuses: ['posted'], fromMs: FIXED_MS - 3 * DAY },
      { text: 'card' },
      { text: '74' },
      { text: 'txn_arrived' },
    ];
    for (const q of questions) answer(q, live, all);
    const compacted = live.compact();
    for (const q of questions) answer(q, compacted, all);
    const loaded = SearchIndex.fromBuffers(compacted.toBuffers());
    for (const q of questions) answer(q, loaded, all);
    expect(loaded.size).toBe(all.length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/shared/service';
import { DAY, startClient, TEST_NOW, type Client } from '../support/sandbox-harness';
import { bruteAggregate, bruteFilter, type Query } from '../support/transactions-helpers';
import { lcg } from '../support/lcg';

let c: Client;
let everything: Transaction[];

beforeAll(async () => {
  c = await startClient({ transactions: 800, pageSize: 7, seed: 11 });
  everything = await c.all<Transaction>('/transaction');
});
afterAll(() => c.close());

const STATUSES = ['pending', 'posted', 'failed'];
const DETAILED = ['pending', 'canceled', 'failed', 'settled', 'declined', 'refund', 'reversed', 'returned', 'dispute'];

function ids(items: readonly { id: string }[]): string[] {
  return items.map((t) => t.id);
}

/** Random combinations of every filter, with values that match many, few and no rows. */
function cases(): Query[] {
  const r = lcg(2024);
  const w = c.sandbox.world;
  const cards = [...w.cards.keys(), 'card_unknown'];
  const vas = [...w.virtualAccounts.keys(), 'va_unknown'];
  const accounts = [...w.accounts.keys(), 'acct_unknown'];
  const dates = everything.map((t) => Date.parse(t.date));
  const auths = everything.flatMap((t) => (t.authorizedAt ? [Date.parse(t.authorizedAt)] : []));
  const out: Query[] = [
    {},
    { 'filter:status': 'pending' },
    { 'filter:detailed_status': 'dispute' },
    { 'filter:detailed_status': 'returned', 'filter:status': 'posted' },
    { 'filter:status': 'failed', 'filter:detailed_status': 'settled' },
    { accountId: accounts[1] as string },
    { 'filter:legalEntityId': w.legalEntity.id, 'filter:status': 'posted' },
    // Inclusive bounds: a range of exactly one existing instant.
    { 'filter:from_date': String(dates[3]), 'filter:to_date': String(dates[3]) },
    { 'filter:from_authorized_at': String(auths[5]), 'filter:to_authorized_at': String(auths[5]) },
  ];
  for (let i = 0; i < 70; i++) {
    const q: Query = {};
    if (r.next() < 0.35) q['filter:cardId'] = r.pick(cards);
    if (r.next() < 0.3) q['filter:virtualAccountId'] = r.pick(vas);
    if (r.next() < 0.2) q[r.next() < 0.5 ? 'filter:accountId' : 'accountId'] = r.pick(accounts);
    if (r.next() < 0.35) q['filter:status'] = r.pick(STATUSES);
    if (r.next() < 0.35) q['filter:detailed_status'] = r.pick(DETAILED);
    if (r.next() < 0.4) {
      const a = r.pick(dates);
      const b = r.next() < 0.2 ? a + r.int(0, 5) * DAY : r.pick(dates);
      if (r.next() < 0.8) q['filter:from_date'] = String(Math.min(a, b));
      if (r.next() < 0.8) q['filter:to_date'] = String(Math.max(a, b));
    }
    if (r.next() < 0.25) {
      const a = r.pick(auths);
      const b = r.pick(auths);
      if (r.next() < 0.8) q['filter:from_authorized_at'] = String(Math.min(a, b));
      if (r.next() < 0.8) q['filter:to_authorized_at'] = String(Math.max(a, b));
    }
    out.push(q);
  }
  return out;
}

describe('GET /transaction filters', () => {
  it('walks every page without filters: newest first, no duplicates, everything seeded', () => {
    expect(everything.length).toBe(c.sandbox.world.transactions.size);
    expect(new Set(ids(everything)).size).toBe(everything.length);
    for (let i = 1; i < everything.length; i++) {
      expect(Date.parse((everything[i - 1] as Transaction).date)).toBeGreaterThanOrEqual(
        Date.parse((everything[i] as Transaction).date),
      );
    }
  });

  it('answers every filter and combination exactly as a brute-force filter of the full list, in order', async () => {
    const qs = cases();
    let nonEmpty = 0;
    let empty = 0;
    for (const q of qs) {
      const got = await c.all<Transaction>('/transaction', q);
      const want = bruteFilter(everything, q, c.sandbox.world.legalEntity.id);
      expect(ids(got), JSON.stringify(q)).toEqual(ids(want));
      if (want.length > 0) nonEmpty++;
      else empty++;
    }
    // The cases exercise both selective and empty answers.
    expect(nonEmpty).toBeGreaterThan(20);
    expect(empty).toBeGreaterThan(5);
  });

  it('aggregates exactly what the same filters list', async () => {
    for (const q of cases().slice(0, 40)) {
      const res = await c.get('/transaction/aggregation', q);
      expect(res.status, JSON.stringify(q)).toBe(200);
      expect(res.body, JSON.stringify(q)).toEqual(
        bruteAggregate(bruteFilter(everything, q, c.sandbox.world.legalEntity.id)),
      );
    }
  });

  it('counts money out as negative and netChange as totalIn + totalOut, as the reference defines them', async () => {
    const res = await c.get('/transaction/aggregation');
    expect(res.status).toBe(200);
    const { count, totalIn, totalOut, netChange } = res.body as {
      count: number;
      totalIn: number;
      totalOut: number;
      netChange: number;
    };
    expect(count).toBe(everything.length);
    expect(totalIn).toBeGreaterThan(0);
    expect(totalOut).toBeLessThan(0);
    expect(totalOut).toBe(everything.filter((t) => t.amountCents < 0).reduce((s, t) => s + t.amountCents, 0));
    expect(netChange).toBe(totalIn + totalOut);
    expect(netChange).toBe(everything.reduce((s, t) => s + t.amountCents, 0));
  });

  it('gives an empty page, not an error, when from is after to', async () => {
    const res = await c.get('/transaction', {
      'filter:from_date': String(TEST_NOW),
      'filter:to_date': String(TEST_NOW - DAY),
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.metadata.nextCursor).toBeUndefined();
    const agg = await c.get('/transaction/aggregation', {
      'filter:from_authorized_at': '2000',
      'filter:to_authorized_at': '1000',
    });
    expect(agg.body).toEqual({ count: 0, totalIn: 0, totalOut: 0, netChange: 0 });
  });

  it('treats another legal entity as having no transactions, and its own as no filter', async () => {
    const other = await c.get('/transaction', { 'filter:legalEntityId': 'le_someone_else' });
    expect(other.status).toBe(200);
    expect(other.body.items).toEqual([]);
    const own = await c.get('/transaction', { 'filter:legalEntityId': c.sandbox.world.legalEntity.id });
    expect(ids(own.body.items)).toEqual(ids(everything.slice(0, 7)));
    const agg = await c.get('/transaction/aggregation', { 'filter:legalEntityId': 'le_someone_else' });
    expect(agg.body.count).toBe(0);
  });

  it('reads the deprecated accountId like filter:accountId, and filter:accountId wins when both are sent', async () => {
    const [a, b] = [...c.sandbox.world.accounts.keys()] as [string, string];
    const old = await c.all<Transaction>('/transaction', { accountId: b });
    const current = await c.all<Transaction>('/transaction', { 'filter:accountId': b });
    expect(old.length).toBeGreaterThan(0);
    expect(ids(old)).toEqual(ids(current));
    const both = await c.all<Transaction>('/transaction', { accountId: a, 'filter:accountId': b });
    expect(ids(both)).toEqual(ids(current));
  });

  it('uses page size 7 and reports the page count in metadata', async () => {
    const res = await c.get('/transaction');
    expect(res.body.items).toHaveLength(7);
    expect(res.body.metadata.count).toBe(7);
    expect(typeof res.body.metadata.nextCursor).toBe('string');
  });
});

describe('pagination while transactions arrive', () => {
  it('neither repeats nor skips an existing transaction when new ones are inserted between pages', async () => {
    // Its own world: the rows it inserts must not show up in the other tests' expectations.
    const own = await startClient({ transactions: 300, pageSize: 7, seed: 11 });
    try {
      await walkWhileInserting(own);
    } finally {
      await own.close();
    }
  });
});

/** Walks the posted transactions of `client` page by page, inserting two rows after each page. */
async function walkWhileInserting(client: Client): Promise<void> {
  const before = new Set(ids(await client.all<Transaction>('/transaction', { 'filter:status': 'posted' })));
  const w = client.sandbox.world;
  const va = [...w.virtualAccounts.values()][1];
  const seen: string[] = [];
  let cursor: string | undefined;
  let n = 0;
  do {
    const res = await client.get('/transaction', { 'filter:status': 'posted', ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    seen.push(...ids(res.body.items));
    cursor = res.body.metadata?.nextCursor;
    // A new transaction now, and one dated inside the range already walked.
    for (const dateMs of [w.clock.now(), Date.parse(res.body.items[0].date) + 1]) {
      const id = `txn_test_${n++}`;
      w.transactions.insert({
        tx: {
          id,
          date: new Date(dateMs).toISOString(),
          description: 'Inserted mid-walk',
          amountCents: 100,
          status: 'posted',
          detailedStatus: 'settled',
          accountId: va?.accountId ?? 'a',
          accountSubtype: 'cash',
          virtualAccountId: va?.id,
        },
        dateMs,
        kind: 'other',
      });
    }
  } while (cursor);
  expect(new Set(seen).size).toBe(seen.length);
  for (const id of before) expect(seen, id).toContain(id);
  expect(seen.filter((id) => !before.has(id)).every((id) => id.startsWith('txn_test_'))).toBe(true);
}

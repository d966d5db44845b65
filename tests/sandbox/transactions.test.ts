import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, FeeDetails, Transaction } from '../../src/shared/service';
import { encodeCursor } from '../../src/sandbox/world/pagination';
import { expectError } from '../support/errors';
import { startClient, type Client } from '../support/sandbox-harness';

let c: Client;
let all: Transaction[];

beforeAll(async () => {
  c = await startClient({ transactions: 600, pageSize: 50, seed: 5 });
  all = await c.all<Transaction>('/transaction');
});
afterAll(() => c.close());

describe('GET /transaction/{id}', () => {
  it('returns the same transaction the list shows', async () => {
    for (const tx of [all[0], all[100], all[all.length - 1]] as Transaction[]) {
      const res = await c.get(`/transaction/${tx.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(tx);
      Transaction.parse(res.body);
    }
  });

  it('answers 404 with the error body for an unknown id', async () => {
    expectError(await c.get('/transaction/txn_nope'), 404, /txn_nope/);
  });
});

describe('GET /transaction/{id}/fee-details', () => {
  it('expands the original transaction and the card of a foreign transaction fee', async () => {
    const w = c.sandbox.world;
    const feeTxId = [...w.feeDetails.entries()].find(([, d]) => d[0]?.cardId && d[0].originalTransactionId)?.[0];
    expect(feeTxId).toBeDefined();
    const res = await c.get(`/transaction/${feeTxId}/fee-details`);
    expect(res.status).toBe(200);
    const body = FeeDetails.parse(res.body);
    const item = body.items[0];
    expect(item).toBeDefined();
    expect(item?.feeType).toBe('foreign_transaction_fee');
    expect(Number.isInteger(item?.feeAmountCents)).toBe(true);
    const fee = await c.get(`/transaction/${feeTxId}`);
    expect(-fee.body.amountCents).toBe(item?.feeAmountCents);
    const original = await c.get(`/transaction/${item?.originalTransaction?.id}`);
    expect(item?.originalTransaction).toEqual(original.body);
    expect(item?.originalTransaction?.originalCurrency).toBeDefined();
    expect(item?.card?.id).toBe(original.body.cardId);
    expect(item?.card).not.toHaveProperty('pan');
    expect(item?.card).not.toHaveProperty('cvv');
  });

  it('lists wire fees without a card', async () => {
    const w = c.sandbox.world;
    const feeTxId = [...w.feeDetails.entries()].find(([, d]) => d[0]?.feeType === 'wire_fee')?.[0];
    const res = await c.get(`/transaction/${feeTxId}/fee-details`);
    expect(res.status).toBe(200);
    expect(res.body.items[0].originalTransaction.description).toMatch(/^Wire to/);
    expect(res.body.items[0].card).toBeUndefined();
  });

  it('answers an empty list for a transaction that is not a fee, and 404 for an unknown one', async () => {
    const purchase = all.find(
      (t) => t.cardId && t.amountCents < 0 && !c.sandbox.world.feeDetails.has(t.id),
    ) as Transaction;
    const res = await c.get(`/transaction/${purchase.id}/fee-details`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [] });
    expectError(await c.get('/transaction/txn_nope/fee-details'), 404);
  });
});

describe('PATCH /transaction/{id}/note', () => {
  it('stores the note, shows it on read and in the list, and replaces it on a second call', async () => {
    const tx = all[42] as Transaction;
    const res = await c.call('PATCH', `/transaction/${tx.id}/note`, {
      body: { note: 'Team offsite, see receipt #12' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await c.get(`/transaction/${tx.id}`)).body.note).toBe('Team offsite, see receipt #12');
    await c.call('PATCH', `/transaction/${tx.id}/note`, { body: { note: '' } });
    expect((await c.get(`/transaction/${tx.id}`)).body.note).toBe('');
    const list = await c.all<Transaction>('/transaction');
    expect(list.map((t) => t.id)).toEqual(all.map((t) => t.id)); // a note does not move anything
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const tx = all[7] as Transaction;
    for (const body of [{}, { note: 42 }, { note: null }, { note: 'x'.repeat(2001) }]) {
      expectError(await c.call('PATCH', `/transaction/${tx.id}/note`, { body }), 400);
    }
    expectError(await c.call('PATCH', `/transaction/${tx.id}/note`, { rawBody: '"just a string"' }), 400);
    expect((await c.get(`/transaction/${tx.id}`)).body).toEqual(tx);
  });

  it('answers 404 for an unknown transaction', async () => {
    expectError(await c.call('PATCH', '/transaction/txn_nope/note', { body: { note: 'hi' } }), 404);
  });
});

describe('bad list input', () => {
  it.each([
    ['filter:from_date', 'yesterday'],
    ['filter:to_date', '-5'],
    ['filter:from_authorized_at', '1.5'],
    ['filter:to_authorized_at', ''],
    ['filter:status', 'settled'],
    ['filter:detailed_status', 'pending_approval'],
    ['filter:detailed_status', 'bogus'],
  ])('refuses %s=%s with 400 and the error body', async (key, value) => {
    expectError(await c.get('/transaction', { [key]: value }), 400, new RegExp(key));
    expectError(await c.get('/transaction/aggregation', { [key]: value }), 400);
  });

  it('refuses cursors it did not issue with 400', async () => {
    for (const cursor of [
      'garbage!!',
      'eyJub3QiOiJhbiBhcnJheSJ9',
      encodeCursor('yesterday', '5'),
      encodeCursor(1, 'x'),
      encodeCursor(1.5, '1'),
    ]) {
      expectError(await c.get('/transaction', { cursor }), 400, /cursor/);
    }
  });

  it('accepts a cursor with other filters (keyset), walking from that point', async () => {
    const first = await c.get('/transaction', { 'filter:status': 'posted' });
    const next = await c.get('/transaction', { cursor: first.body.metadata.nextCursor });
    expect(next.status).toBe(200);
    const last = first.body.items.at(-1) as Transaction;
    expect(Date.parse(next.body.items[0].date)).toBeLessThanOrEqual(Date.parse(last.date));
  });
});

describe('fuzzing the transaction endpoints', () => {
  it('never answers 5xx to arbitrary query strings or note bodies', async () => {
    const keys = fc.constantFrom(
      'cursor',
      'accountId',
      'filter:legalEntityId',
      'filter:accountId',
      'filter:virtualAccountId',
      'filter:cardId',
      'filter:status',
      'filter:detailed_status',
      'filter:from_date',
      'filter:to_date',
      'filter:from_authorized_at',
      'filter:to_authorized_at',
    );
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer({ min: 0 }).map(String),
      fc.constantFrom('posted', 'dispute', encodeCursor(1e20, '1'), encodeCursor(5, '99999999999999999')),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/transaction', '/transaction/aggregation'),
        fc.dictionary(keys, value),
        async (path, query) => {
          const res = await c.get(path, query);
          expect(res.status, `${path} ${JSON.stringify(query)}`).toBeLessThan(500);
          if (res.status >= 400) ErrorBody.parse(res.body);
        },
      ),
      { numRuns: 300 },
    );
    const id = (all[3] as Transaction).id;
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
        const res = await c.call('PATCH', `/transaction/${id}/note`, { rawBody: JSON.stringify(body) });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DetailedStatus, Transaction, TransactionStatus } from '../../src/shared/service';
import { MemoryTransactionStore } from '../../src/sandbox/world/memory-transaction-store';
import type { TransactionKind } from '../../src/sandbox/world/records';
import type { TransactionFilter } from '../../src/sandbox/world/transaction-store';

/**
 * The indexed store against a brute-force model: random inserts, updates that move rows between
 * dates and posting lists, then every kind of filter walked page by page.
 */

const T0 = Date.parse('2025-01-01T00:00:00Z');
const CARDS = ['c1', 'c2', 'c3'];
const VAS = ['v1', 'v2', 'v3'];
const PAIRS: [TransactionStatus, DetailedStatus][] = [
  ['pending', 'pending'],
  ['pending', 'pending_approval'],
  ['posted', 'settled'],
  ['posted', 'refund'],
  ['failed', 'declined'],
  ['failed', 'canceled'],
];

interface Row {
  seq: number;
  dateMs: number;
  authMs?: number;
  tx: Transaction;
  kind: TransactionKind;
}

const shape = fc.record({
  minute: fc.integer({ min: 0, max: 40 }), // few distinct dates: many ties broken by seq
  card: fc.option(fc.constantFrom(...CARDS), { nil: undefined }),
  va: fc.constantFrom(...VAS),
  pair: fc.constantFrom(...PAIRS),
  amount: fc.integer({ min: -50_000, max: 50_000 }),
  lag: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
});
type Shape = typeof shape extends fc.Arbitrary<infer S> ? S : never;

const op = fc.oneof(
  { weight: 3, arbitrary: shape.map((s) => ({ kind: 'insert' as const, s })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), s: shape }) },
);

const filterArb: fc.Arbitrary<TransactionFilter> = fc.record(
  {
    cardId: fc.constantFrom(...CARDS, 'cx'),
    virtualAccountId: fc.constantFrom(...VAS),
    accountId: fc.constantFrom('a1', 'a2'),
    status: fc.constantFrom('pending', 'posted', 'failed'),
    detailedStatus: fc.constantFrom('pending', 'settled', 'declined', 'refund', 'canceled'),
    fromDateMs: fc.integer({ min: -5, max: 45 }).map((m) => T0 + m * 60_000),
    toDateMs: fc.integer({ min: -5, max: 45 }).map((m) => T0 + m * 60_000),
    fromAuthorizedAtMs: fc.integer({ min: -35, max: 45 }).map((m) => T0 + m * 60_000),
    toAuthorizedAtMs: fc.integer({ min: -35, max: 45 }).map((m) => T0 + m * 60_000),
  },
  { requiredKeys: [] },
);

function txOf(id: string, s: Shape): { tx: Transaction; dateMs: number; authMs?: number } {
  const dateMs = T0 + s.minute * 60_000;
  const authMs = s.card && s.lag !== undefined ? dateMs - s.lag * 60_000 : undefined;
  const tx: Transaction = {
    id,
    date: new Date(dateMs).toISOString(),
    description: 'x',
    amountCents: s.amount,
    status: s.pair[0],
    detailedStatus: s.pair[1],
    accountId: s.va === 'v3' ? 'a2' : 'a1',
    accountSubtype: 'cash',
    virtualAccountId: s.va,
    ...(s.card ? { cardId: s.card } : {}),
    ...(authMs !== undefined ? { authorizedAt: new Date(authMs).toISOString() } : {}),
  };
  return { tx, dateMs, ...(authMs !== undefined ? { authMs } : {}) };
}

function modelMatches(r: Row, f: TransactionFilter): boolean {
  const t = r.tx;
  return (
    (f.cardId === undefined || t.cardId === f.cardId) &&
    (f.virtualAccountId === undefined || t.virtualAccountId === f.virtualAccountId) &&
    (f.accountId === undefined || t.accountId === f.accountId) &&
    (f.status === undefined || t.status === f.status) &&
    (f.detailedStatus === undefined || t.detailedStatus === f.detailedStatus) &&
    (f.fromDateMs === undefined || r.dateMs >= f.fromDateMs) &&
    (f.toDateMs === undefined || r.dateMs <= f.toDateMs) &&
    (f.fromAuthorizedAtMs === undefined || (r.authMs !== undefined && r.authMs >= f.fromAuthorizedAtMs)) &&
    (f.toAuthorizedAtMs === undefined || (r.authMs !== undefined && r.authMs <= f.toAuthorizedAtMs))
  );
}

function walk(store: MemoryTransactionStore, f: TransactionFilter, pageSize: number): string[] {
  const out: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = store.list(f, cursor, pageSize);
    expect(page.items.length).toBeLessThanOrEqual(pageSize);
    if (page.nextCursor) expect(page.items.length).toBe(pageSize);
    out.push(...page.items.map((t) => t.id));
    cursor = page.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('pagination did not end');
}

describe('MemoryTransactionStore against a brute-force model', () => {
  it('lists, aggregates, totals and finds pending rows exactly like the model after any inserts and updates', () => {
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 60 }),
        fc.array(filterArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (ops, filters, pageSize, bulk) => {
          const store = new MemoryTransactionStore();
          const model: Row[] = [];
          let n = 0;
          // Either build the first rows by bulk load (sorted by date) or one at a time.
          const inserts = ops.filter((o) => o.kind === 'insert');
          if (bulk && inserts.length > 0) {
            const first = inserts.map((o) => txOf(`t${n++}`, o.s)).sort((a, b) => a.dateMs - b.dateMs);
            store.bulkLoad(
              first.map((x) => ({
                tx: structuredClone(x.tx),
                dateMs: x.dateMs,
                authorizedAtMs: x.authMs,
                kind: 'card' as const,
              })),
            );
            for (const x of first) {
              const seq = store.get(x.tx.id)?.seq as number;
              model.push({ seq, dateMs: x.dateMs, authMs: x.authMs, tx: x.tx, kind: 'card' });
            }
          }
          for (const o of ops) {
            if (o.kind === 'insert') {
              if (bulk) continue;
              const x = txOf(`t${n++}`, o.s);
              const rec = store.insert({
                tx: structuredClone(x.tx),
                dateMs: x.dateMs,
                authorizedAtMs: x.authMs,
                kind: 'card',
              });
              model.push({ seq: rec.seq, dateMs: x.dateMs, authMs: x.authMs, tx: x.tx, kind: 'card' });
            } else if (model.length > 0) {
              const row = model[o.pick % model.length] as Row;
              const x = txOf(row.tx.id, o.s);
              store.update(row.tx.id, (tx) => {
                for (const k of Object.keys(tx)) delete (tx as Record<string, unknown>)[k];
                Object.assign(tx, structuredClone(x.tx));
              });
              row.tx = x.tx;
              row.dateMs = x.dateMs;
              row.authMs = x.authMs;
            }
          }
          const ordered = [...model].sort((a, b) => b.dateMs - a.dateMs || b.seq - a.seq);
          expect(store.size).toBe(model.length);
          for (const f of [{}, ...filters]) {
            const want = ordered.filter((r) => modelMatches(r, f));
            expect(walk(store, f, pageSize)).toEqual(want.map((r) => r.tx.id));
            const tin = want.reduce((s, r) => s + Math.max(0, r.tx.amountCents), 0);
            const tout = want.reduce((s, r) => s + Math.min(0, r.tx.amountCents), 0);
            expect(store.aggregate(f)).toEqual({
              count: want.length,
              totalIn: tin,
              totalOut: tout,
              netChange: tin + tout,
            });
          }
          for (const va of VAS) {
            const mine = model.filter((r) => r.tx.virtualAccountId === va);
            const available = mine
              .filter((r) => r.tx.status !== 'failed' && r.tx.detailedStatus !== 'pending_approval')
              .reduce((s, r) => s + r.tx.amountCents, 0);
            const posted = mine.filter((r) => r.tx.status === 'posted').reduce((s, r) => s + r.tx.amountCents, 0);
            const t = store.totals(va);
            expect([t.availableCents, t.postedCents]).toEqual([available, posted]);
          }
          const cut = T0 + 20 * 60_000;
          const pending = ordered
            .filter((r) => r.tx.status === 'pending' && r.dateMs <= cut)
            .map((r) => r.tx.id)
            .sort();
          expect(
            store
              .pendingCreatedBefore(cut)
              .map((r) => r.tx.id)
              .sort(),
          ).toEqual(pending);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a duplicate id and keeps the row when an update tries to change the id', () => {
    const store = new MemoryTransactionStore();
    const x = txOf('a', { minute: 1, card: 'c1', va: 'v1', pair: ['posted', 'settled'], amount: -5, lag: 1 });
    store.insert({ tx: x.tx, dateMs: x.dateMs, kind: 'card' });
    expect(() => store.insert({ tx: { ...x.tx }, dateMs: x.dateMs, kind: 'card' })).toThrow(/duplicate/);
    expect(() => store.update('a', (tx) => (tx.id = 'b'))).toThrow(/cannot change/);
    expect(store.get('a')?.tx.id).toBe('a');
    expect(store.list({}, undefined, 10).items.map((t) => t.id)).toEqual(['a']);
    expect(() => store.update('a', (tx) => (tx.date = 'not a date'))).toThrow(/unreadable/);
    expect(store.list({ cardId: 'c1' }, undefined, 10).items).toHaveLength(1);
  });
});

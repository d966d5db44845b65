import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/shared/service';
import { ReferenceSearch } from '../bench/shared/reference-search';

// The benchmarks' own search (their oracle for what the app paints), on hand-made rows with the
// answers worked out by hand from the rules of docs/features/transactions.md, not from the app.

const tx = (id: string, date: string, amountCents: number, extra: Partial<Transaction> = {}): Transaction =>
  ({ id, date, amountCents, description: '', accountId: 'acct_main', ...extra }) as Transaction;

const rows = [
  tx('t1', '2026-01-01T10:00:00Z', -120_050, { description: 'Café Olé Paris', memo: 'team lunch' }),
  tx('t2', '2026-01-02T10:00:00Z', 1_200_000, {
    description: 'Wire from ACME Corp',
    referenceNumber: '7400000000001234',
  }),
  tx('t3', '2026-01-02T10:00:00Z', -4_250, {
    description: 'Cafeteria',
    cardId: 'card_1',
    merchantData: { description: 'Cafeteria', location: { city: 'New York' } },
  } as Partial<Transaction>),
  tx('t4', '2026-01-03T10:00:00Z', 120_000, { description: 'Refund 1200' }),
];
const search = new ReferenceSearch(rows, (id) => (id === 'card_1' ? { last4: '4242', name: 'Ops card' } : undefined));

describe("the benchmarks' reference search", () => {
  it('orders newest first, then by the greater id on the same date', () => {
    expect(search.answer('', 10).firstIds).toEqual(['t4', 't3', 't2', 't1']);
    expect(search.rank('t1')).toBe(3);
  });

  it('folds accents and case, and matches each piece as the start of a word', () => {
    expect(search.answer('CAFE', 10).firstIds).toEqual(['t3', 't1']);
    expect(search.answer('ole par', 10).firstIds).toEqual(['t1']);
    expect(search.answer('new-york', 10).firstIds).toEqual(['t3']);
    expect(search.answer('ops 4242', 10).firstIds).toEqual(['t3']);
    expect(search.answer('ork', 10).count).toBe(0);
  });

  it('reads amounts as typed: whole dollars up to the point, decimals from it, a minus for money out', () => {
    expect(search.answer('1200', 10).firstIds).toEqual(['t4', 't1']); // 1200.00 and 1200.50; 12000.00 is not 1200, but 'Refund 1200' is also a word
    expect(search.answer('1,200.5', 10).firstIds).toEqual(['t1']);
    expect(search.answer('-$1,200', 10).firstIds).toEqual(['t1']);
    expect(search.answer('12000.', 10).firstIds).toEqual(['t2']);
    expect(search.answer('42.5', 10).firstIds).toEqual(['t3']);
    expect(search.answer('740000000000', 10).firstIds).toEqual(['t2']);
  });

  it('counts and totals the whole result, not only the first rows', () => {
    expect(search.answer('1200', 1)).toEqual({ count: 2, inCents: 120_000, outCents: -120_050, firstIds: ['t4'] });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTransactionPage } from '../../src/main/service/transaction-page-check';
import { endpoints, paginated, Transaction } from '../../src/shared/service';

// The hand-written check must say yes exactly when zod's schema does, on every shape: valid
// pages, pages with one field wrong anywhere, and odd values JSON can carry.

const schema = paginated(Transaction);

/** Any JSON-ish value, including the ones that are wrong for a field. */
const junk = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.string({ maxLength: 4 }),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER, Number.NaN, Infinity, -0),
  fc.integer(),
  fc.double(),
  fc.constant([]),
  fc.constant({}),
  fc.constantFrom('pending', 'posted', 'failed', 'settled', 'declined', 'in_review', 'cash', 'credit', 'other'),
);

/** A field's valid values, sometimes replaced by junk. */
const or = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: junk, weight: 1 });
const str = or(fc.string({ maxLength: 6 }));
const num = or(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
const cents = or(fc.integer({ min: -1e12, max: 1e12 }));
const obj = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T, required: (keyof T)[] = []) =>
  or(fc.record(shape, { requiredKeys: required as never[] }).chain((r) => fc.oneof(fc.constant(r), fc.constant({ ...r, extra: 'kept' }))));

const transaction = obj(
  {
    id: str,
    date: str,
    description: str,
    amountCents: cents,
    status: or(fc.constantFrom('pending', 'posted', 'failed')),
    detailedStatus: or(fc.constantFrom('pending', 'pending_approval', 'in_review', 'canceled', 'failed', 'settled', 'declined', 'refund', 'reversed', 'returned', 'dispute')),
    accountId: str,
    accountSubtype: or(fc.constantFrom('cash', 'credit')),
    virtualAccountId: str,
    memo: str,
    merchantDescription: str,
    merchantData: obj({ description: str, categoryCode: str, location: obj({ city: str, state: str, country: str, zip: str }) }),
    cardId: str,
    originalCurrency: obj({ code: str, amountCents: num, conversionRate: num }, ['code', 'amountCents', 'conversionRate']),
    orderId: str,
    referenceNumber: str,
    authorizedAt: str,
    declineReason: str,
    note: str,
    feeInfo: obj({ relatedTransaction: obj({ id: str, amount: num }, ['id', 'amount']) }),
    fxFeeInfo: obj({ amountCents: cents }, ['amountCents']),
    unknownField: fc.anything(),
  },
  ['id', 'date', 'description', 'amountCents', 'status', 'detailedStatus', 'accountId', 'accountSubtype'],
);

const page = obj(
  {
    items: or(fc.array(transaction, { maxLength: 4 })),
    metadata: obj({ nextCursor: str, count: or(fc.integer({ min: -2, max: 1e6 })) }),
  },
  ['items'],
);

describe('the transaction page check', () => {
  it('is the schema listTransactions answers with', () => {
    // The endpoint's schema is paginated(Transaction): if the table changes, this check must too.
    const sample = { items: [{ id: 't', date: 'd', description: '', amountCents: 1, status: 'posted', detailedStatus: 'settled', accountId: 'a', accountSubtype: 'cash' }] };
    expect(endpoints.listTransactions.response.safeParse(sample).success).toBe(true);
    expect(endpoints.listTransactions.response.safeParse({ items: [{ ...sample.items[0], amountCents: 1.5 }] }).success).toBe(false);
  });

  it('accepts exactly what zod accepts, and a page it accepts is its own parse', () => {
    fc.assert(
      fc.property(page, (p) => {
        const z = schema.safeParse(p);
        expect(isTransactionPage(p)).toBe(z.success);
        // Loose schemas without transforms: what zod returns is the page itself, field for field.
        if (z.success) expect(z.data).toEqual(p);
      }),
      { numRuns: 3000, seed: 20261124 },
    );
  });

  it('refuses the shapes zod refuses, one by one', () => {
    const tx = { id: 't', date: 'd', description: '', amountCents: 1, status: 'posted', detailedStatus: 'settled', accountId: 'a', accountSubtype: 'cash' };
    const bad: unknown[] = [
      null,
      [],
      { items: {} },
      { items: [tx], metadata: null },
      { items: [tx], metadata: { count: -1 } },
      { items: [tx], metadata: { count: 1.5 } },
      { items: [tx], metadata: { nextCursor: 5 } },
      { items: [{ ...tx, amountCents: 2 ** 53 }] },
      { items: [{ ...tx, amountCents: '1' }] },
      { items: [{ ...tx, status: 'settled' }] },
      { items: [{ ...tx, accountSubtype: 'savings' }] },
      { items: [{ ...tx, merchantData: [] }] },
      { items: [{ ...tx, originalCurrency: { code: 'EUR', amountCents: 1 } }] },
      { items: [{ ...tx, fxFeeInfo: { amountCents: 0.5 } }] },
      { items: [tx, undefined] },
      // eslint-disable-next-line no-sparse-arrays -- a hole in the list is a missing row
      { items: [tx, , tx] },
    ];
    for (const b of bad) {
      expect(schema.safeParse(b).success).toBe(false);
      expect(isTransactionPage(b)).toBe(false);
    }
    expect(isTransactionPage({ items: [tx], metadata: { nextCursor: 'c', count: 3, more: true } })).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTransactionPage } from '../../src/main/service/transaction-page-check';
import { endpoints, paginated, Transaction } from '../../src/shared/service';

// The hand-written reading must refuse exactly what zod's schema refuses and give exactly what it
// gives, on every shape: valid pages, pages with one field wrong anywhere, odd values JSON can
// carry, strings at and past each length limit, and strings with controls and bidi characters.

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
// Past each limit (id 500, code 200, name 1,000, text 5,000) and with what is cleaned or refused.
const awkward = fc.constantFrom(
  'a\u202Eb',
  'line\nbreak',
  'tab\there',
  '\u2066x\u2069',
  'p\u2029q',
  'nul\u0000',
  '\u200F',
  'x'.repeat(200),
  'x'.repeat(201),
  'y'.repeat(501),
  'z'.repeat(1001),
  'w'.repeat(5001),
);
const str = or(
  fc.oneof(
    { arbitrary: fc.string({ maxLength: 6 }), weight: 4 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 8 }), weight: 2 },
    { arbitrary: awkward, weight: 1 },
  ),
);
const num = or(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
const cents = or(fc.integer({ min: -1e12, max: 1e12 }));
const obj = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T, required: (keyof T)[] = []) =>
  or(
    fc
      .record(shape, { requiredKeys: required as never[] })
      .chain((r) => fc.oneof(fc.constant(r), fc.constant({ ...r, extra: 'kept' }))),
  );

const transaction = obj(
  {
    id: str,
    date: str,
    description: str,
    amountCents: cents,
    status: or(fc.constantFrom('pending', 'posted', 'failed')),
    detailedStatus: or(
      fc.constantFrom(
        'pending',
        'pending_approval',
        'in_review',
        'canceled',
        'failed',
        'settled',
        'declined',
        'refund',
        'reversed',
        'returned',
        'dispute',
      ),
    ),
    accountId: str,
    accountSubtype: or(fc.constantFrom('cash', 'credit')),
    virtualAccountId: str,
    memo: str,
    merchantDescription: str,
    merchantData: obj({
      description: str,
      categoryCode: str,
      location: obj({ city: str, state: str, country: str, zip: str }),
    }),
    cardId: str,
    originalCurrency: obj({ code: str, amountCents: num, conversionRate: num }, [
      'code',
      'amountCents',
      'conversionRate',
    ]),
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
    const sample = {
      items: [
        {
          id: 't',
          date: 'd',
          description: '',
          amountCents: 1,
          status: 'posted',
          detailedStatus: 'settled',
          accountId: 'a',
          accountSubtype: 'cash',
        },
      ],
    };
    expect(endpoints.listTransactions.response.safeParse(sample).success).toBe(true);
    expect(
      endpoints.listTransactions.response.safeParse({ items: [{ ...sample.items[0], amountCents: 1.5 }] }).success,
    ).toBe(false);
  });

  it('refuses exactly what zod refuses, and reads the rest exactly as zod parses it', () => {
    fc.assert(
      fc.property(page, (p) => {
        const z = schema.safeParse(p);
        const read = readTransactionPage(p);
        expect(read !== undefined).toBe(z.success);
        if (z.success) expect(read).toStrictEqual(z.data);
      }),
      { numRuns: 3000, seed: 20261124 },
    );
  });

  it('keeps only the fields it knows, and takes controls and bidi characters out of shown text', () => {
    const tx = {
      id: 't',
      date: 'd',
      description: 'Coffee\u202E\nshop',
      amountCents: 1,
      status: 'posted',
      detailedStatus: 'settled',
      accountId: 'a',
      accountSubtype: 'cash',
    };
    const read = readTransactionPage({
      items: [
        { ...tx, cvc: '123', fullPan: '4111111111111111', merchantData: { description: 'x', card_number: '4111' } },
      ],
      metadata: { count: 1, more: true },
    });
    expect(read).toStrictEqual({
      items: [{ ...tx, description: 'Coffee shop', merchantData: { description: 'x' } }],
      metadata: { count: 1 },
    });
  });

  it('refuses the shapes zod refuses, one by one', () => {
    const tx = {
      id: 't',
      date: 'd',
      description: '',
      amountCents: 1,
      status: 'posted',
      detailedStatus: 'settled',
      accountId: 'a',
      accountSubtype: 'cash',
    };
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
      { items: [{ ...tx, id: 'a\u202Eb' }] },
      { items: [{ ...tx, accountId: 'a'.repeat(501) }] },
      { items: [{ ...tx, date: 'd'.repeat(201) }] },
      { items: [{ ...tx, description: 'x'.repeat(5001) }] },
      { items: [tx], metadata: { nextCursor: 'c'.repeat(501) } },
    ];
    for (const b of bad) {
      expect(schema.safeParse(b).success).toBe(false);
      expect(readTransactionPage(b)).toBeUndefined();
    }
    expect(readTransactionPage({ items: [tx], metadata: { nextCursor: 'c', count: 3, more: true } })).toStrictEqual({
      items: [tx],
      metadata: { nextCursor: 'c', count: 3 },
    });
  });
});

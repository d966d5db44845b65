import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ofxAmount, OFX_NAME_MAX, ofxProblem, writeOfx, type OfxStatement } from '../../src/renderer/src/accounts/model/ofx';
import type { Transaction } from '../../src/shared/service';
import { readOfx } from './ofx-reader';

const NOW = Date.UTC(2026, 2, 4, 9, 30, 0);
const STATEMENT: OfxStatement = { bankId: '021000021', accountId: '000123456789', from: '2026-02-01', to: '2026-02-28', balanceCents: 1_234_567, balanceAsOfMs: NOW - 60_000, nowMs: NOW };

function tx(over: Partial<Transaction> & Pick<Transaction, 'id' | 'amountCents'>): Transaction {
  return { date: '2026-02-10T12:00:00.000Z', description: 'Transfer', status: 'posted', detailedStatus: 'settled', accountId: 'acc_1', accountSubtype: 'cash', virtualAccountId: 'va_1', ...over };
}

const FEB_START = Date.UTC(2026, 1, 1);
const FEB_END = Date.UTC(2026, 2, 1) - 1;
const arbTx = fc.record({
  // Every cents value a transaction may carry, with the edges drawn often.
  amountCents: fc.oneof(fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }), fc.constantFrom(-1, 0, 1, -99, 100, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER)),
  atMs: fc.integer({ min: FEB_START, max: FEB_END }),
  // Text with the characters OFX must escape, line breaks and non-ASCII.
  merchant: fc.option(fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '&', '<', '>', 'é', '\n', ';', '9'), maxLength: 60 }), { nil: undefined }),
  description: fc.string({ unit: fc.constantFrom('b', 'Q', ' ', '&', '<', '>', 'ü', '"'), minLength: 1, maxLength: 40 }),
  fee: fc.boolean(),
});

const uniqueTxs = fc.uniqueArray(arbTx, { maxLength: 40, selector: (t) => t.atMs }).map((list) =>
  list.map((t, i) =>
    tx({
      id: `tx_${String(i).padStart(4, '0')}&<${i}>`,
      amountCents: t.amountCents,
      date: new Date(t.atMs).toISOString(),
      description: t.description,
      merchantData: t.merchant === undefined ? undefined : { description: t.merchant },
      feeInfo: t.fee ? {} : undefined,
    }),
  ),
);

/** What a reader should see of a text field: control characters as one space, trimmed. */
// eslint-disable-next-line no-control-regex -- the writer's rule for control characters, restated
const flat = (s: string) => s.replace(/[\u0000-\u001f]+/g, ' ').trim();

describe('OFX statement of an account', () => {
  it('reads back with ofx-data-extractor: count, every amount in cents, date, FITID and type match (random sets, fixed seed)', () => {
    fc.assert(
      fc.property(uniqueTxs, (rows) => {
        const back = readOfx(writeOfx(STATEMENT, rows));
        expect(back.valid).toBe(true);
        expect(back.rows).toHaveLength(rows.length);
        back.rows.forEach((r, i) => {
          const t = rows[i] as Transaction;
          expect(r.cents).toBe(t.amountCents);
          expect(r.date).toBe(t.date.slice(0, 10));
          expect(r.fitId).toBe(t.id);
          expect(r.type).toBe(t.feeInfo ? 'FEE' : t.amountCents < 0 ? 'DEBIT' : 'CREDIT');
          const payee = flat(t.merchantData?.description ?? '') || flat(t.description);
          // A blank payee leaves NAME out (it is optional) rather than writing an empty one.
          expect(r.name).toBe(Array.from(payee).slice(0, OFX_NAME_MAX).join('').trimEnd() || undefined);
        });
        expect(new Set(back.rows.map((r) => r.fitId)).size).toBe(rows.length);
      }),
      { seed: 20260304, numRuns: 150 },
    );
  });

  it('states the account, currency, range and balance', () => {
    const back = readOfx(writeOfx(STATEMENT, [tx({ id: 'tx_1', amountCents: -500 })]));
    expect(back).toMatchObject({ currency: 'USD', bankId: '021000021', accountId: '000123456789', accountType: 'CHECKING', start: '2026-02-01', end: '2026-02-28', balanceCents: 1_234_567, balanceAsOf: '2026-03-04' });
    expect(back.rows).toEqual([{ type: 'DEBIT', date: '2026-02-10', cents: -500, fitId: 'tx_1', name: 'Transfer', memo: undefined }]);
  });

  it('escapes &, < and > in names and memos, cuts NAME to 32 characters without splitting an entity, keeps the memo whole', () => {
    const name = 'Smith & <Sons> Hardware & Lumber Co. of Springfield';
    const text = writeOfx(STATEMENT, [tx({ id: 'tx_a', amountCents: -1, merchantData: { description: name }, description: 'Card <purchase> & co', memo: 'line one\r\nline two' })]);
    expect(text).not.toMatch(/<NAME>[^\r\n]*[<>][^\r\n]*\r\n/);
    expect(text).toContain('<NAME>Smith &amp; &lt;Sons&gt; Hardware &amp; Lumber\r\n');
    const [row] = readOfx(text).rows;
    expect(row?.name).toBe(Array.from(name).slice(0, 32).join(''));
    expect(row?.memo).toBe('Card <purchase> & co · line one line two');
    expect(row?.cents).toBe(-1);
  });

  it('zero rows: a valid statement with an empty list and the balance', () => {
    const text = writeOfx(STATEMENT, []);
    const back = readOfx(text);
    expect(back.valid).toBe(true);
    expect(back.rows).toEqual([]);
    expect(back.balanceCents).toBe(1_234_567);
    expect(text).toContain('<BANKTRANLIST>\r\n<DTSTART>20260201000000[0:GMT]\r\n<DTEND>20260228235959[0:GMT]\r\n</BANKTRANLIST>');
  });

  it('amounts from integer cents, no floating point: -0.01, -12.34, large ones', () => {
    expect(ofxAmount(-1)).toBe('-0.01');
    expect(ofxAmount(-1234)).toBe('-12.34');
    expect(ofxAmount(0)).toBe('0.00');
    expect(ofxAmount(100_000_000_07)).toBe('100000000.07');
    expect(ofxAmount(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(() => ofxAmount(0.1 + 0.2)).toThrow(RangeError);
  });

  it('is deterministic: the same input gives the same bytes; the clock comes from the statement', () => {
    const rows = [tx({ id: 'tx_1', amountCents: 10 }), tx({ id: 'tx_2', amountCents: -10, date: '2026-02-11T23:59:59.000Z' })];
    expect(writeOfx(STATEMENT, rows)).toBe(writeOfx({ ...STATEMENT }, [...rows]));
    expect(writeOfx(STATEMENT, rows)).toContain('<DTSERVER>20260304093000[0:GMT]');
    expect(writeOfx(STATEMENT, rows)).toContain('<DTPOSTED>20260211235959[0:GMT]');
  });

  it('refuses a row whose date cannot be read, naming it', () => {
    expect(() => writeOfx(STATEMENT, [tx({ id: 'tx_bad', amountCents: 1, date: 'soon' })])).toThrow(/tx_bad/);
  });

  it('needs the account and routing numbers: without either, OFX is refused with what to do', () => {
    const view = (numbers: { accountNumber?: string; routingNumber?: string }) => ({
      virtualAccount: { id: 'va_1', name: 'Ops', accountId: 'acc_1', accountType: 'default' as const, ...numbers },
      balance: { amountCents: 0 },
      spend: { amountCents: 0 },
    });
    expect(ofxProblem(view({ accountNumber: '1', routingNumber: '2' }), NOW)).toBeNull();
    expect(ofxProblem(view({ accountNumber: '1' }), NOW)).toMatch(/routing number.*Sync.*or export CSV/);
    expect(ofxProblem(view({ routingNumber: '2' }), NOW)).toMatch(/account and routing number/);
    // A balance never read from the service has no time to state in LEDGERBAL's DTASOF: OFX is
    // refused rather than stamping it with the time of the export.
    expect(ofxProblem(view({ accountNumber: '1', routingNumber: '2' }), null)).toMatch(/balance has not been read.*Sync when online, or export CSV/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ofxAmount,
  ofxProblem,
  ofxTransactions,
  writeOfx,
  type OfxStatement,
} from '../../src/renderer/src/accounts/model/ofx';
import type { Transaction } from '../../src/shared/service';
import { expectedOfxRow, expectedText, fitTo, utf8Bytes } from '../support/ofx-expected';
import { libofxInstant, ofxdumpText } from '../support/ofxdump';

/**
 * The OFX writer read back by libofx (ofxdump, the library GnuCash imports OFX with), against
 * what the rows say by the rules of docs/features/cash-position.md, written apart in ofx-expected.ts.
 */

const NOW = Date.UTC(2026, 2, 4, 9, 30, 0);
const STATEMENT: OfxStatement = {
  bankId: '021000021',
  accountId: '000123456789',
  from: '2026-02-01',
  to: '2026-02-28',
  balanceCents: 1_234_567,
  balanceAsOfMs: NOW - 60_000,
  nowMs: NOW,
};

function tx(over: Partial<Transaction> & Pick<Transaction, 'id' | 'amountCents'>): Transaction {
  return {
    date: '2026-02-10T12:00:00.000Z',
    description: 'Transfer',
    status: 'posted',
    detailedStatus: 'settled',
    accountId: 'acc_1',
    accountSubtype: 'cash',
    virtualAccountId: 'va_1',
    ...over,
  };
}

const ascii = (s: string) => /^[\x20-\x7e]*$/.test(s);
const UTF8_NOTICE = /^LibOFX WARNING: ofx_proc_file\(\): OpenSP cannot process an UTF-8/;

const FEB_START = Date.UTC(2026, 1, 1);
const FEB_END = Date.UTC(2026, 2, 1) - 1;
// Text with what OFX must escape, line breaks, non-ASCII of two, three and four bytes, and the separator.
const textUnit = fc.constantFrom(
  'a',
  'Z',
  ' ',
  ' ',
  '&',
  '<',
  '>',
  'é',
  '東',
  '😀',
  '\n',
  '\t',
  '\u0007',
  ';',
  '9',
  ':',
);
const asciiUnit = fc.constantFrom('a', 'Z', ' ', '&', '<', '>', ';', '9', ':');
const arbTx = (unit: fc.Arbitrary<string>) =>
  fc.record({
    // Every amount a statement shows; libofx reads amounts as doubles, exact to the cent below about $45 trillion.
    amountCents: fc.oneof(
      fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 }),
      fc.constantFrom(-1, 0, 1, -99, 100, 4_000_000_000_000_00, -4_000_000_000_000_00),
    ),
    // Whole seconds, midnight among them (libofx reads 00:00:00 as a date with no time).
    atSec: fc.oneof(
      fc.integer({ min: FEB_START / 1000, max: Math.floor(FEB_END / 1000) }),
      fc.integer({ min: 1, max: 27 }).map((d) => FEB_START / 1000 + d * 86_400),
    ),
    merchant: fc.option(fc.string({ unit, maxLength: 70 }), { nil: undefined }),
    description: fc.string({ unit, minLength: 1, maxLength: 50 }),
    memo: fc.option(fc.string({ unit, maxLength: 300 }), { nil: undefined }),
    note: fc.option(fc.string({ unit, maxLength: 40 }), { nil: undefined }),
    fee: fc.boolean(),
  });

const rowsOf = (unit: fc.Arbitrary<string>) =>
  fc.uniqueArray(arbTx(unit), { maxLength: 30, selector: (t) => t.atSec }).map((list) =>
    list
      .sort((a, b) => a.atSec - b.atSec)
      .map((t, i) =>
        tx({
          id: `tx_${String(i).padStart(4, '0')}&<${i}>`,
          amountCents: t.amountCents,
          date: new Date(t.atSec * 1000).toISOString(),
          description: t.description,
          ...(t.merchant === undefined ? {} : { merchantData: { description: t.merchant } }),
          ...(t.memo === undefined ? {} : { memo: t.memo }),
          ...(t.note === undefined ? {} : { note: t.note }),
          ...(t.fee ? { feeInfo: {} } : {}),
        }),
      ),
  );

/** Every row as libofx read it, against the row: amount, instant, FITID, type, NAME and MEMO. */
function expectReadBack(rows: readonly Transaction[], text: string) {
  const back = ofxdumpText(text);
  expect(back.transactions).toEqual(rows.map(expectedOfxRow));
  back.transactions.forEach((r, i) => {
    // The payee is whole somewhere in the row: in NAME, or in MEMO when NAME had to cut it.
    const { payee } = expectedText(rows[i] as Transaction);
    if (r.name !== payee) expect(r.memo?.startsWith(fitTo(payee, 255, 255))).toBe(true);
  });
  return back;
}

describe('OFX statement of an account, read back by libofx (ofxdump)', () => {
  it('plain ASCII text: every amount, instant, FITID, type, NAME and MEMO; libofx reads it with no warning (random sets, fixed seed)', () => {
    fc.assert(
      fc.property(rowsOf(asciiUnit), (rows) => {
        const text = writeOfx(STATEMENT, rows);
        expect(text).toMatch(/\r\nENCODING:USASCII\r\nCHARSET:1252\r\n/);
        const back = expectReadBack(rows, text);
        expect(back.problems).toEqual([]);
        expect(back.stderr).not.toMatch(/non SGML character/);
      }),
      { seed: 20260304, numRuns: 80 },
    );
  });

  it('any text (accents, CJK, emoji, &, <, >): the same, declared UTF-8, whose notice is all libofx says (random sets, fixed seed)', () => {
    fc.assert(
      fc.property(rowsOf(textUnit), (rows) => {
        const text = writeOfx(STATEMENT, rows);
        const back = expectReadBack(rows, text);
        // USASCII exactly when what the file holds is ASCII (a character past a cut is not in it).
        const allAscii = back.transactions.every((r) => ascii(r.fitId) && ascii(r.name ?? '') && ascii(r.memo ?? ''));
        expect(text.includes('\r\nENCODING:USASCII\r\n')).toBe(allAscii);
        expect(back.problems.filter((line) => !UTF8_NOTICE.test(line))).toEqual([]);
      }),
      { seed: 20260305, numRuns: 80 },
    );
  });

  it('states the account, currency, range and balance', () => {
    const back = ofxdumpText(writeOfx(STATEMENT, [tx({ id: 'tx_1', amountCents: -500 })]));
    expect(back).toMatchObject({
      bankId: '021000021',
      accountNumber: '000123456789',
      accountType: 'CHECKING',
      currency: 'USD',
      balanceCents: 1_234_567,
      balanceAsOfMs: NOW - 60_000,
      problems: [],
    });
    // DTSTART is written at 00:00:00, which libofx reads as that day at 10:59.
    expect(back.startMs).toBe(libofxInstant(Date.UTC(2026, 1, 1)));
    expect(back.endMs).toBe(Date.UTC(2026, 1, 28, 23, 59, 59));
    expect(back.transactions).toEqual([
      { type: 'DEBIT', postedMs: Date.UTC(2026, 1, 10, 12), cents: -500, fitId: 'tx_1', name: 'Transfer' },
    ]);
  });

  it('a name cut to 32 characters keeps the whole payee in MEMO; one of exactly 32 is not repeated; &, < and > are escaped in the file', () => {
    const long = 'Smith & <Sons> Hardware & Lumber Co. of Springfield';
    const exactly32 = 'Müller & Söhne <Zürich> GmbH & C';
    const of33 = `${exactly32}o`;
    const rows = [
      tx({
        id: 'tx_a',
        amountCents: -1,
        merchantData: { description: long },
        description: 'Card <purchase> & co',
        memo: 'line one\r\nline two',
      }),
      tx({ id: 'tx_b', amountCents: -2, merchantData: { description: exactly32 }, description: 'Card purchase' }),
      tx({ id: 'tx_c', amountCents: -3, merchantData: { description: of33 }, description: 'Card purchase' }),
      // No merchant: the description is the payee, and a cut one was nowhere else in the row.
      tx({
        id: 'tx_d',
        amountCents: 4,
        description: 'Transfer from Client Escrow - Globex',
        memo: 'Sender ref 295E50F948',
      }),
    ];
    const text = writeOfx(STATEMENT, rows);
    expect(text).not.toMatch(/<(NAME|MEMO)>[^\r\n]*[<>][^\r\n]*\r\n/);
    expect(text).toContain('<NAME>Smith &amp; &lt;Sons&gt; Hardware &amp; Lumber\r\n');
    const [a, b, c, d] = ofxdumpText(text).transactions;
    expect(a).toMatchObject({
      name: 'Smith & <Sons> Hardware & Lumber',
      memo: `${long}; Card <purchase> & co; line one line two`,
      cents: -1,
    });
    expect(b).toMatchObject({ name: exactly32, memo: 'Card purchase' });
    expect(c).toMatchObject({ name: exactly32, memo: `${of33}; Card purchase` });
    expect(d).toMatchObject({
      name: 'Transfer from Client Escrow - Gl',
      memo: 'Transfer from Client Escrow - Globex; Sender ref 295E50F948',
    });
  });

  it('NAME and MEMO fit the bytes libofx reads them into (96 and 255 of UTF-8), cut between characters', () => {
    const emoji = '😀'.repeat(40);
    const memo = `${'é'.repeat(200)} end`;
    const rows = [
      tx({ id: 'tx_e', amountCents: -5, merchantData: { description: emoji }, description: 'Card purchase', memo }),
    ];
    const [row] = ofxdumpText(writeOfx(STATEMENT, rows)).transactions;
    // 24 four-byte characters are 96 bytes; the 25th would not fit, even under 32 characters.
    expect(row?.name).toBe('😀'.repeat(24));
    expect(utf8Bytes(row?.memo ?? '')).toBeLessThanOrEqual(255);
    expect(row?.memo).toBe(fitTo(`${emoji}; Card purchase; ${memo}`, 255, 255));
  });

  it('zero rows: a statement with an empty list and the balance', () => {
    const text = writeOfx(STATEMENT, []);
    const back = ofxdumpText(text);
    expect(back.transactions).toEqual([]);
    expect(back.balanceCents).toBe(1_234_567);
    expect(back.problems).toEqual([]);
    expect(text).toContain(
      '<BANKTRANLIST>\r\n<DTSTART>20260201000000[0:GMT]\r\n<DTEND>20260228235959[0:GMT]\r\n</BANKTRANLIST>',
    );
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
    const rows = [
      tx({ id: 'tx_1', amountCents: 10 }),
      tx({ id: 'tx_2', amountCents: -10, date: '2026-02-11T23:59:59.000Z' }),
    ];
    expect(writeOfx(STATEMENT, rows)).toBe(writeOfx({ ...STATEMENT }, [...rows]));
    expect(writeOfx(STATEMENT, rows)).toContain('<DTSERVER>20260304093000[0:GMT]');
    expect(writeOfx(STATEMENT, rows)).toContain('<DTPOSTED>20260211235959[0:GMT]');
  });

  it('a streamed statement declared USASCII refuses a row that has since gained text beyond ASCII, rather than writing it misread', () => {
    const plain = tx({ id: 'tx_p', amountCents: -1, merchantData: { description: 'Cafe Zurich' } });
    expect(ofxTransactions([plain], 'USASCII')).toContain('<NAME>Cafe Zurich\r\n');
    expect(() => ofxTransactions([{ ...plain, merchantData: { description: 'Café Zürich' } }], 'USASCII')).toThrow(
      /changed while the export was running.*Export again/,
    );
    expect(ofxTransactions([{ ...plain, merchantData: { description: 'Café Zürich' } }], 'UTF-8')).toContain(
      '<NAME>Café Zürich\r\n',
    );
  });

  it('refuses a row whose date cannot be read, naming it', () => {
    expect(() => writeOfx(STATEMENT, [tx({ id: 'tx_bad', amountCents: 1, date: 'soon' })])).toThrow(/tx_bad/);
  });

  it('needs the account and routing numbers, whole within OFX’s limits: otherwise OFX is refused with what to do', () => {
    const view = (numbers: { accountNumber?: string; routingNumber?: string }) => ({
      virtualAccount: { id: 'va_1', name: 'Ops', accountId: 'acc_1', accountType: 'default' as const, ...numbers },
      balance: { amountCents: 0 },
      spend: { amountCents: 0 },
    });
    expect(ofxProblem(view({ accountNumber: '1', routingNumber: '2' }), NOW)).toBeNull();
    expect(ofxProblem(view({ accountNumber: '1' }), NOW)).toMatch(/routing number.*Sync.*or export CSV/);
    expect(ofxProblem(view({ routingNumber: '2' }), NOW)).toMatch(/account and routing number/);
    // BANKID holds 9 characters and ACCTID 22 (and libofx reads no more): a cut number would book into another account.
    expect(ofxProblem(view({ accountNumber: '1'.repeat(22), routingNumber: '1'.repeat(9) }), NOW)).toBeNull();
    expect(ofxProblem(view({ accountNumber: '1', routingNumber: '1'.repeat(10) }), NOW)).toMatch(
      /routing number .* longer than the 9 characters.*export CSV/,
    );
    expect(ofxProblem(view({ accountNumber: '1'.repeat(23), routingNumber: '2' }), NOW)).toMatch(
      /account number .* longer than the 22 characters.*export CSV/,
    );
    // A balance never read from the service has no time to state in LEDGERBAL's DTASOF: OFX is
    // refused rather than stamping it with the time of the export.
    expect(ofxProblem(view({ accountNumber: '1', routingNumber: '2' }), null)).toMatch(
      /balance has not been read.*Sync when online, or export CSV/,
    );
  });
});

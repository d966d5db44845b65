import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvHeader, csvRow, parseCsv, CSV_COLUMNS } from '../../src/renderer/src/model/csv';
import type { Transaction } from '../../src/shared/service';

const tx = (over: Partial<Transaction> = {}): Transaction => ({
  id: 'txn_1',
  date: '2026-01-31T12:00:00.000Z',
  description: 'ACME, Inc. "Widgets"\nline 2',
  amountCents: -123456,
  status: 'posted',
  detailedStatus: 'settled',
  accountId: 'acc_1',
  accountSubtype: 'cash',
  ...over,
});

describe('CSV export (RFC 4180)', () => {
  it('quotes commas, quotes and line breaks, and parses back to the same fields', () => {
    const text = csvHeader() + csvRow(tx());
    const [header, row] = parseCsv(text);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(row?.[2]).toBe('ACME, Inc. "Widgets"\nline 2');
    expect(row?.[3]).toBe('-123456');
    expect(row?.[4]).toBe('-1,234.56');
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('never lets a spreadsheet run a description as a formula', () => {
    const [row] = parseCsv(csvRow(tx({ description: '=HYPERLINK("http://x")', memo: '+1', note: '@x' })));
    expect(row?.[2]).toBe(`'=HYPERLINK("http://x")`);
    expect(row?.[10]).toBe("'+1");
    expect(row?.[17]).toBe("'@x");
  });

  it('round-trips any field text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme-composite' }), { minLength: 1, maxLength: 8 }), (fields) => {
        const line = fields.map(csvField).join(',') + '\r\n';
        expect(parseCsv(line)).toEqual([fields]);
      }),
    );
  });
});

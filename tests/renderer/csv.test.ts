import { describe, expect, it } from 'vitest';
import { csvHeader, csvRow, CSV_COLUMNS } from '../../src/renderer/src/model/csv';
import type { Transaction } from '../../src/shared/service';
import { parseCsv } from '../support/csv-read';

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

// Read back by csv-parse, a reader that is not ours.

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

  it('neutralizes ids and the currency code too, and keeps amounts numeric', () => {
    const [row] = parseCsv(
      csvRow(
        tx({
          id: '=1+1',
          accountId: '@SUM(A1)',
          cardId: '-2+3',
          virtualAccountId: '+cmd',
          originalCurrency: { code: '=1+1', amountCents: -1250, conversionRate: 1 },
        }),
      ),
    );
    expect(row?.[0]).toBe("'=1+1");
    expect(row?.[13]).toBe("'@SUM(A1)");
    expect(row?.[11]).toBe("'-2+3");
    expect(row?.[12]).toBe("'+cmd");
    expect(row?.[14]).toBe("'=1+1");
    expect(row?.[15]).toBe('-1250');
    expect(row?.[3]).toBe('-123456');
    expect(row?.[4]).toBe('-1,234.56');
  });
});

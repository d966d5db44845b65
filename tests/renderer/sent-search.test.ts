import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../src/shared/outbox';
import { sentMatching } from '../../src/renderer/src/outbox/model/sent-search';
import { importTemplate, importTransfers, importPayments } from '../../src/renderer/src/outbox/model/bulk-import';
import { dayOrDateTime, setDateLocale } from '../../src/renderer/src/model/format';
import { row, transferInput } from '../support/outbox-fixtures';

// The sent history's search, the import's template and whole days without a midnight time.

const labelled = (r: OutboxRow, source: string, destination: string): OutboxRow => ({
  ...r,
  labels: { source, destination },
});

describe('searching what was sent', () => {
  const rent = labelled(row(transferInput('va_a', 'va_b', 123_456, { memo: 'March rent' })), 'Operating', 'Landlord');
  const fee = labelled(row(transferInput('va_a', 'va_c', 2_500)), 'Operating', 'Client Escrow - Globex');
  const rows = [rent, fee];

  it('keeps every row for an empty query and narrows by payee, memo or amount, every word counting', () => {
    expect(sentMatching(rows, '  ')).toEqual(rows);
    expect(sentMatching(rows, 'globex')).toEqual([fee]);
    expect(sentMatching(rows, 'MARCH')).toEqual([rent]);
    expect(sentMatching(rows, '$1,234.56')).toEqual([rent]);
    expect(sentMatching(rows, '1234.56')).toEqual([rent]);
    expect(sentMatching(rows, 'operating rent')).toEqual([rent]);
    expect(sentMatching(rows, 'operating nothing')).toEqual([]);
  });
});

describe('the import template', () => {
  const ctx = { accounts: new Map([['va_a', 'A']]), handles: new Map<string, string>() };

  it('is the header row the importer reads, and nothing else', () => {
    expect(importTemplate('transfer')).toBe('source,destination,amount,memo,send_on\r\n');
    expect(importTemplate('payment')).toBe('svc_handle,amount,source_handle_id\r\n');
    // Filled in, it is accepted: the rows are checked, not the header refused.
    expect(importTransfers(`${importTemplate('transfer')}va_a,va_a,1,,\r\n`, ctx).ok).toBe(true);
    expect(importPayments(`${importTemplate('payment')}acme,1,\r\n`, ctx).ok).toBe(true);
  });
});

describe('a whole day is written without a time', () => {
  it('writes midnight UTC as the day alone and any other instant with its time', () => {
    setDateLocale('en-US');
    try {
      expect(dayOrDateTime('2026-04-01T00:00:00.000Z')).toBe('Apr 1, 2026');
      expect(dayOrDateTime('2026-04-01')).toBe('Apr 1, 2026');
      expect(dayOrDateTime('2026-04-01T09:00:00.000Z')).toBe('Apr 1, 2026, 9:00 AM UTC');
      expect(dayOrDateTime('soon')).toBe('soon');
    } finally {
      setDateLocale(undefined);
    }
  });
});

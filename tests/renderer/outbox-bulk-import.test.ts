import { describe, expect, it } from 'vitest';
import { importPayments, importTransfers, MAX_IMPORT_ROWS } from '../../src/renderer/src/outbox/model/bulk-import';

const ctx = {
  accounts: new Map([
    ['va_a', 'Operating'],
    ['va_b', 'Payroll'],
  ]),
  handles: new Map([['acme', 'Acme Inc']]),
};

describe('bulk import of transfers', () => {
  it('checks every row on its own and says what is wrong beside it', () => {
    const csv =
      'source,destination,amount,memo,send_on\nva_a,va_b,"1,200.50",rent,2026-12-01\nva_a,va_a,0,,\nva_x,va_b,1.005,,31/12/2026\r\nva_b,va_a,$7,"a, b",\n';
    const r = importTransfers(csv, ctx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.lines.map((l) => l.line)).toEqual([2, 3, 4, 5]);
    expect(r.lines[0]?.input).toEqual({
      kind: 'transfer',
      payload: { source: 'va_a', destination: 'va_b', amountCents: 120050, memo: 'rent' },
      notBefore: Date.UTC(2026, 11, 1),
      labels: { source: 'Operating', destination: 'Payroll' },
    });
    expect(r.lines[1]?.errors).toEqual([
      'The source and the destination are the same: choose a different account.',
      'The amount must be more than zero.',
    ]);
    expect(r.lines[2]?.errors.join(' ')).toMatch(/Unknown or closed account va_x.*whole cents.*not a date/);
    expect(r.lines[3]?.input?.payload).toEqual({ source: 'va_b', destination: 'va_a', amountCents: 700, memo: 'a, b' });
  });

  it('refuses a file with the wrong columns, no rows, or too many rows, naming the problem', () => {
    expect(importTransfers('from,to,amount\nva_a,va_b,1\n', ctx)).toEqual({
      ok: false,
      error: expect.stringMatching(/missing: source, destination; unknown: from, to/),
    });
    expect(importTransfers('source,destination,amount\n', ctx)).toEqual({
      ok: false,
      error: 'The file has no rows under its header.',
    });
    const big = `source,destination,amount\n${'va_a,va_b,1\n'.repeat(100_000)}`;
    const r = importTransfers(big, ctx);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toBe(
      `The file has 100,000 rows; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time.`,
    );
  });
});

describe('bulk import of payments', () => {
  it('accepts handles with or without "@", refuses empty ones and bad amounts', () => {
    const r = importPayments('svc_handle,amount\n@acme,12.34\n,5\nnewco,abc\n', ctx);
    expect(r.ok && r.lines.map((l) => [l.input?.payload, l.errors])).toEqual([
      [{ svcHandle: 'acme', amountCents: 1234 }, []],
      [undefined, ['Choose or type the handle to pay.']],
      [undefined, [expect.stringMatching(/not an amount/)]],
    ]);
  });
});

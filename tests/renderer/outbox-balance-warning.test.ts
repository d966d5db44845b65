import { describe, expect, it } from 'vitest';
import { balanceWarning } from '../../src/renderer/src/outbox/model/balance-check';
import { payloadHash } from '../../src/renderer/src/outbox/model/payload-hash';
import * as t from '../../src/renderer/src/outbox/model/transitions';
import { ADA, row, T0, SVC } from '../support/outbox-fixtures';

// At send time a transfer whose source's cached balance looks too low is warned about, never
// blocked: the cached balance, less what the outbox sent out since, plus what it sent in.

const cached = (balanceCents: number, asOf: number | null = Date.UTC(2026, 0, 31, 9, 30)) => ({
  accountName: 'Payroll',
  balanceCents,
  asOf,
});

describe('balanceWarning', () => {
  it('enough by the cache: no warning, to the cent', () => {
    expect(balanceWarning(10_000, cached(10_000), { outCents: 0, inCents: 0 })).toBeNull();
    expect(balanceWarning(10_001, cached(10_000), { outCents: 0, inCents: 0 })).toMatch(/looks short of \$100\.01/);
  });

  it('counts what the outbox moved since the balance was fetched', () => {
    // 100.00 cached, 60.00 sent out since: 50.00 looks short; 30.00 sent in since makes it enough.
    const short = balanceWarning(5_000, cached(10_000), { outCents: 6_000, inCents: 0 });
    expect(short).toBe(
      'The cached balance of Payroll ($100.00 as of 2026-01-31 09:30 UTC, $40.00 after what the outbox moved since) looks short of $50.00. Sent anyway: the service decides, and a refusal will say so.',
    );
    expect(balanceWarning(5_000, cached(10_000), { outCents: 6_000, inCents: 3_000 })).toBeNull();
  });

  it('says nothing about a time it does not know; works on amounts up to 2^53 - 1 without floating point', () => {
    expect(balanceWarning(2, cached(1, null), { outCents: 0, inCents: 0 })).toBe(
      'The cached balance of Payroll ($0.01) looks short of $0.02. Sent anyway: the service decides, and a refusal will say so.',
    );
    expect(
      balanceWarning(Number.MAX_SAFE_INTEGER, cached(Number.MAX_SAFE_INTEGER - 1), { outCents: 0, inCents: 0 }),
    ).toMatch(/looks short of \$90,071,992,547,409\.91/);
  });
});

describe('warn (transition)', () => {
  it('keeps a row being sent in sending, with the warning on the row and in its history; refused in any other state', async () => {
    const h = await payloadHash(row().payload);
    const approved = t.approve(t.submit(row(), true, T0, SVC), ADA, h, h, T0 + 1, SVC);
    const sending = t.claim(approved, T0 + 2, SVC);
    const warned = t.warn(sending, 'looks short', T0 + 3);
    expect(warned.state).toBe('sending');
    expect(warned.warning).toBe('looks short');
    expect(warned.history.at(-1)).toEqual({
      at: T0 + 3,
      from: 'sending',
      to: 'sending',
      reason: 'warning: looks short',
    });
    expect(warned.idempotencyKey).toBe(sending.idempotencyKey);
    expect(() => t.warn(approved, 'x', T0)).toThrow(t.IllegalTransition);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDollars } from '../../src/renderer/src/outbox/model/money-input';
import { nextDueAfter, planQueue } from '../../src/renderer/src/outbox/model/queue-plan';
import type { OutboxRow } from '../../src/shared/outbox';
import { row, T0, transferInput, paymentInput } from '../support/outbox-fixtures';

describe('amounts as typed, to cents without floating point', () => {
  it.each([
    ['42.50', 4250],
    ['42.5', 4250],
    ['1,200', 120000],
    ['$1,200.05', 120005],
    ['0.01', 1],
    ['  7 ', 700],
    ['90071992547409.91', 9007199254740991],
  ])('%s -> %i cents', (typed, cents) => {
    expect(parseDollars(typed)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', /Enter an amount/],
    ['0', /more than zero/],
    ['0.00', /more than zero/],
    ['-5', /positive/],
    ['1.005', /whole cents/],
    ['90071992547409.92', /too large/],
    ['1e3', /not an amount/],
    ['abc', /not an amount/],
    ['1,20', /not an amount/],
    ['12.3.4', /not an amount/],
  ])('%j is refused with a reason', (typed, reason) => {
    const r = parseDollars(typed);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(reason);
  });

  it('reads back every whole-cent amount it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const text = `${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
        expect(parseDollars(text)).toEqual({ ok: true, cents });
      }),
    );
  });
});

const approvedRow = (input = transferInput(), at = T0, patch: Partial<OutboxRow> = {}): OutboxRow =>
  ({ ...row(input, at), state: 'approved', ...patch }) as OutboxRow;

describe('which approved rows may go now', () => {
  it('FIFO per source; independent sources together', () => {
    const a1 = approvedRow(transferInput('va_a', 'va_x'), T0);
    const a2 = approvedRow(transferInput('va_a', 'va_y'), T0 + 1);
    const b1 = approvedRow(transferInput('va_b', 'va_x'), T0 + 2);
    const plan = planQueue([a2, b1, a1], T0 + 10);
    expect(plan.due).toEqual([a1.id, b1.id]);
    expect(plan.waiting.get(a2.id)).toMatch(/earlier transfer from the same source/);
    // While a1 is being sent, a2 still waits.
    expect(planQueue([{ ...a1, state: 'sending' }, a2], T0 + 10).due).toEqual([]);
    // Once a1 is sent (or failed), a2 goes.
    expect(planQueue([{ ...a1, state: 'failed' }, a2], T0 + 10).due).toEqual([a2.id]);
  });

  it('A->B then B->C: the second waits until the first is sent or fails, and says so', () => {
    const ab = approvedRow(transferInput('va_a', 'va_b'), T0);
    const bc = approvedRow(transferInput('va_b', 'va_c'), T0 + 1);
    const plan = planQueue([ab, bc], T0 + 5);
    expect(plan.due).toEqual([ab.id]);
    expect(plan.waiting.get(bc.id)).toMatch(/funds its source/);
    expect(planQueue([{ ...ab, state: 'sent' }, bc], T0 + 5).due).toEqual([bc.id]);
  });

  it('a row scheduled for later holds nobody up; a row in backoff keeps its place', () => {
    const later = approvedRow(transferInput('va_a', 'va_b'), T0, { notBefore: T0 + 86_400_000 });
    const now = approvedRow(transferInput('va_a', 'va_c'), T0 + 1);
    expect(planQueue([later, now], T0 + 5).due).toEqual([now.id]);
    const backoff = approvedRow(paymentInput(), T0, { nextAttemptAt: T0 + 60_000 });
    const behind = approvedRow(paymentInput(5), T0 + 1);
    const plan = planQueue([backoff, behind], T0 + 5);
    expect(plan.due).toEqual([]);
    expect(plan.waiting.get(backoff.id)).toMatch(/try again/);
    expect(nextDueAfter([later, backoff, behind], T0 + 5)).toBe(T0 + 60_000);
  });
});

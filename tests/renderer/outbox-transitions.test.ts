import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, nextAttemptAt } from '../../src/renderer/src/outbox/model/backoff';
import { canonicalJson, payloadHash } from '../../src/renderer/src/outbox/model/payload-hash';
import * as t from '../../src/renderer/src/outbox/model/transitions';
import type { OutboxRow } from '../../src/shared/outbox';
import { ADA, paymentInput, noteInput, row, T0, SVC } from '../support/outbox-fixtures';

const approved = async (r: OutboxRow = row()) => {
  const h = await payloadHash(r.payload);
  return t.approve(t.submit(r, true, T0, SVC), ADA, h, h, T0 + 1, SVC);
};
const sending = async (r?: OutboxRow) => t.claim(await approved(r), T0 + 2, SVC);
const half = () => 0.5;

describe('each transition', () => {
  it('submit: to approval, or straight to approved when no approval is needed', () => {
    expect(t.submit(row(), true, T0, SVC).state).toBe('awaiting-approval');
    const direct = t.submit(row(noteInput()), false, T0, SVC);
    expect(direct.state).toBe('approved');
    expect(direct.history.at(-1)).toMatchObject({ from: 'draft', to: 'approved', reason: 'no approval needed' });
  });

  it('approve records who, when and the hash of the payload shown; a different hash is refused', async () => {
    const r = t.submit(row(), true, T0, SVC);
    const h = await payloadHash(r.payload);
    const ok = t.approve(r, ADA, h, h, T0 + 5, SVC);
    expect(ok.approval).toEqual({ by: ADA, at: T0 + 5, payloadHash: h, service: SVC });
    expect(ok.approvedFor).toBe(SVC);
    expect(() => t.approve(r, ADA, 'other', h, T0, SVC)).toThrow(t.IllegalTransition);
  });

  it('reject needs a reason; cancel is refused while sending and after the end', async () => {
    const waiting = t.submit(row(), true, T0, SVC);
    expect(() => t.reject(waiting, ADA, '  ', T0)).toThrow(/reason is required/);
    expect(t.reject(waiting, ADA, 'wrong account', T0).history.at(-1)).toMatchObject({
      to: 'rejected',
      reason: 'wrong account',
      by: 'ada on ledger-1',
    });
    const s = await sending();
    expect(() => t.cancel(s, T0)).toThrow(/being sent/);
    const sent = t.recordOutcome(s, { type: 'ok', value: { transferId: 'tr_1' } }, T0 + 3, half);
    expect(() => t.cancel(sent, T0)).toThrow(/finished/);
    expect(t.cancel(await approved(), T0).state).toBe('canceled');
  });

  it('edit: back to draft with a new key, no approval, no attempts; refused while sending', async () => {
    const a = await approved();
    const e = t.edit(
      a,
      { payload: { source: 'va_a', destination: 'va_b', amountCents: 999 }, amountCents: 999 },
      'key-new',
      T0 + 9,
    );
    expect(e).toMatchObject({ state: 'draft', idempotencyKey: 'key-new', amountCents: 999 });
    expect(e.approval).toBeUndefined();
    const inFlight = await sending();
    expect(() => t.edit(inFlight, { payload: a.payload }, 'k', T0)).toThrow(t.IllegalTransition);
  });

  it('claim: only approved rows that are due (schedule and backoff)', async () => {
    const a = await approved();
    expect(() => t.claim({ ...a, notBefore: T0 + 60_000 }, T0 + 2, SVC)).toThrow(/scheduled/);
    expect(() => t.claim({ ...a, nextAttemptAt: T0 + 60_000 }, T0 + 2, SVC)).toThrow(/waiting/);
    const c = t.claim(a, T0 + 2, SVC);
    expect(c).toMatchObject({ state: 'sending', firstAttemptAt: T0 + 2 });
    expect(t.claim({ ...c, state: 'approved' }, T0 + 50, SVC).firstAttemptAt).toBe(T0 + 2);
  });

  it('outcomes: sent with the result; retry keeps the key and waits at least Retry-After; refusal fails; ambiguity goes to review; blocked waits without an attempt', async () => {
    const s = await sending();
    expect(t.recordOutcome(s, { type: 'ok', value: { transferId: 'tr_9' } }, T0 + 3, half)).toMatchObject({
      state: 'sent',
      result: { transferId: 'tr_9' },
    });
    const retry = t.recordOutcome(
      s,
      { type: 'retryable', message: 'Busy.', httpStatus: 429, retryAfterMs: 7_000 },
      T0 + 3,
      () => 0,
    );
    expect(retry).toMatchObject({ state: 'approved', idempotencyKey: s.idempotencyKey, nextAttemptAt: T0 + 3 + 7_000 });
    expect(retry.attempts.at(-1)).toMatchObject({ outcome: 'retryable', httpStatus: 429, retryAfterMs: 7_000 });
    expect(t.recordOutcome(s, { type: 'rejected', message: 'Insufficient funds.' }, T0, half)).toMatchObject({
      state: 'failed',
      lastError: 'Insufficient funds.',
    });
    expect(
      t.recordOutcome(await sending(row(paymentInput())), { type: 'ambiguous', message: 'Connection lost.' }, T0, half)
        .state,
    ).toBe('needs-review');
    const blocked = t.recordOutcome(s, { type: 'blocked', message: 'No key.' }, T0, half);
    expect(blocked).toMatchObject({ state: 'approved', attempts: [] });
  });

  it('after a crash: a transfer is resent with the same key, a payment waits for a person', async () => {
    const tr = t.recoverAfterCrash(await sending(), T0 + 4);
    expect(tr.state).toBe('approved');
    expect(t.recoverAfterCrash(await sending(row(paymentInput())), T0 + 4).state).toBe('needs-review');
  });

  it('key age: first tried 24 h ago or more goes to review; younger stays', async () => {
    const s = await sending();
    const retry = t.recordOutcome(s, { type: 'retryable', message: 'Down.' }, T0 + 3, half);
    expect(() => t.keyExpired(retry, T0 + 2 + t.KEY_AGE_LIMIT_MS - 1)).toThrow(/still remembered/);
    expect(t.keyExpired(retry, T0 + 2 + t.KEY_AGE_LIMIT_MS).state).toBe('needs-review');
  });

  it('review: mark as sent, or send again with a new key; a failed row reopens as a draft with a new key', async () => {
    const review = t.recordOutcome(
      await sending(row(paymentInput())),
      { type: 'ambiguous', message: 'Lost.' },
      T0,
      half,
    );
    expect(t.resolveSent(review, T0, { matchedTransactionId: 'txn_9' }).history.at(-1)?.reason).toContain('txn_9');
    const again = t.resendAnyway(review, ADA, 'key-2', T0, SVC);
    expect(again).toMatchObject({ state: 'approved', idempotencyKey: 'key-2', attempts: [] });
    const failed = t.recordOutcome(await sending(), { type: 'rejected', message: 'Closed account.' }, T0, half);
    expect(t.retryFailed(failed, 'key-3', T0)).toMatchObject({ state: 'draft', idempotencyKey: 'key-3' });
  });
});

describe('backoff and hashing', () => {
  it('grows, is capped, and never comes before Retry-After', () => {
    expect(nextAttemptAt(0, 1, () => 0.999)).toBeLessThan(1_000);
    expect(nextAttemptAt(0, 4, () => 0.999)).toBeLessThan(8_000);
    expect(nextAttemptAt(0, 40, () => 0.999)).toBeLessThanOrEqual(BACKOFF_CAP_MS);
    expect(nextAttemptAt(100, 1, () => 0, 30_000)).toBe(30_100);
  });

  it('hashes equal payloads equally whatever the key order, and different ones differently', async () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}',
    );
    expect(await payloadHash({ a: 1, b: 2 })).toBe(await payloadHash({ b: 2, a: 1 }));
    expect(await payloadHash({ a: 1 })).not.toBe(await payloadHash({ a: 2 }));
    expect(await payloadHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});

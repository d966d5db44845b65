import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/renderer/src/outbox/model/payload-hash';
import * as t from '../../src/renderer/src/outbox/model/transitions';
import type { OutboxRow, OutboxState } from '../../src/shared/outbox';
import { ADA, paymentInput, noteInput, row, T0, transferInput, SVC } from '../support/outbox-fixtures';

// Random event sequences against a reference model of the outbox's state machine: the real
// transitions must allow exactly what the model allows, land where it lands, change the key
// exactly when it says, and keep approval, history and final states consistent.

type Event =
  | { e: 'submit'; needsApproval: boolean }
  | { e: 'approve'; tamper: boolean }
  | { e: 'reject' }
  | { e: 'cancel' }
  | { e: 'edit'; amountCents: number }
  | { e: 'claim' }
  | { e: 'outcome'; type: 'ok' | 'retryable' | 'rejected' | 'ambiguous' | 'blocked'; retryAfterMs: number }
  | { e: 'crash' }
  | { e: 'keyExpired' }
  | { e: 'resolveSent' }
  | { e: 'resendAnyway' }
  | { e: 'retryFailed' }
  | { e: 'sendNow' }
  | { e: 'wait'; ms: number }
  /** The profile's address changes (staging <-> production): not a row transition. */
  | { e: 'addressChange' }
  | { e: 'approvedElsewhere' };

const eventArb: fc.Arbitrary<Event> = fc.oneof(
  fc.boolean().map((needsApproval) => ({ e: 'submit' as const, needsApproval })),
  fc.boolean().map((tamper) => ({ e: 'approve' as const, tamper })),
  fc.constant({ e: 'reject' as const }),
  fc.constant({ e: 'cancel' as const }),
  fc.integer({ min: 1, max: 1_000_000 }).map((amountCents) => ({ e: 'edit' as const, amountCents })),
  fc.constant({ e: 'claim' as const }),
  fc.record({
    e: fc.constant('outcome' as const),
    type: fc.constantFrom('ok', 'retryable', 'rejected', 'ambiguous', 'blocked' as const),
    retryAfterMs: fc.constantFrom(0, 1_000, 120_000),
  }),
  fc.constant({ e: 'crash' as const }),
  fc.constant({ e: 'keyExpired' as const }),
  fc.constant({ e: 'resolveSent' as const }),
  fc.constant({ e: 'resendAnyway' as const }),
  fc.constant({ e: 'retryFailed' as const }),
  fc.constant({ e: 'sendNow' as const }),
  fc.constantFrom(1_000, 60 * 60_000, 25 * 60 * 60_000).map((ms) => ({ e: 'wait' as const, ms })),
  fc.constant({ e: 'addressChange' as const }),
  fc.constant({ e: 'approvedElsewhere' as const }),
);

/** The two services the profile's address moves between. */
const OTHER_SVC = 'https://production.example';

/** The reference: a plain table of what each event does from each state (null: refused). */
interface Model {
  state: OutboxState;
  kind: OutboxRow['kind'];
  notBefore: number;
  nextAttemptAt: number;
  firstAttemptAt: number | null;
  /** The service the profile sends to now, and the one the row was approved for. */
  service: string;
  boundTo: string | null;
}

function modelStep(m: Model, ev: Event, now: number): { to: OutboxState; newKey: boolean } | null {
  const s = m.state;
  switch (ev.e) {
    case 'submit':
      return s === 'draft' ? { to: ev.needsApproval ? 'awaiting-approval' : 'approved', newKey: false } : null;
    case 'approvedElsewhere':
      return s === 'approved' && m.boundTo !== m.service ? { to: 'awaiting-approval', newKey: false } : null;
    case 'approve':
      return s === 'awaiting-approval' && !ev.tamper ? { to: 'approved', newKey: false } : null;
    case 'reject':
      return s === 'awaiting-approval' ? { to: 'rejected', newKey: false } : null;
    case 'cancel':
      return ['draft', 'awaiting-approval', 'approved', 'failed', 'needs-review'].includes(s)
        ? { to: 'canceled', newKey: false }
        : null;
    case 'edit':
      return ['draft', 'awaiting-approval', 'approved', 'failed'].includes(s) ? { to: 'draft', newKey: true } : null;
    case 'claim':
      return s === 'approved' && m.boundTo === m.service && m.notBefore <= now && m.nextAttemptAt <= now
        ? { to: 'sending', newKey: false }
        : null;
    case 'outcome': {
      if (s !== 'sending') return null;
      const to = {
        ok: 'sent',
        retryable: 'approved',
        rejected: 'failed',
        ambiguous: 'needs-review',
        blocked: 'approved',
      } as const;
      return { to: to[ev.type], newKey: false };
    }
    case 'crash':
      return s === 'sending' ? { to: m.kind === 'payment' ? 'needs-review' : 'approved', newKey: false } : null;
    case 'keyExpired':
      return s === 'approved' && m.firstAttemptAt !== null && now - m.firstAttemptAt >= t.KEY_AGE_LIMIT_MS
        ? { to: 'needs-review', newKey: false }
        : null;
    case 'resolveSent':
      return s === 'needs-review' ? { to: 'sent', newKey: false } : null;
    case 'resendAnyway':
      return s === 'needs-review' ? { to: 'approved', newKey: true } : null;
    case 'retryFailed':
      return s === 'failed' ? { to: 'draft', newKey: true } : null;
    case 'sendNow':
      return s === 'approved' ? { to: 'approved', newKey: false } : null;
    case 'wait':
    case 'addressChange':
      return null;
  }
}

let keys = 0;
const freshKey = () => `model-key-${++keys}`;

function realStep(r: OutboxRow, ev: Event, now: number, service: string): OutboxRow {
  const hash = canonicalJson(r.payload);
  switch (ev.e) {
    case 'submit':
      return t.submit(r, ev.needsApproval, now, service);
    case 'approve':
      return t.approve(r, ADA, ev.tamper ? `${hash}x` : hash, hash, now, service);
    case 'reject':
      return t.reject(r, ADA, 'not ours', now);
    case 'cancel':
      return t.cancel(r, now);
    case 'edit':
      return t.edit(
        r,
        {
          payload: r.kind === 'note' ? r.payload : { ...r.payload, amountCents: ev.amountCents },
          amountCents: r.kind === 'note' ? 0 : ev.amountCents,
        },
        freshKey(),
        now,
      );
    case 'claim':
      return t.claim(r, now, service);
    case 'outcome':
      return t.recordOutcome(
        r,
        ev.type === 'ok'
          ? { type: 'ok', value: { transferId: 'tr' } }
          : ev.type === 'retryable'
            ? { type: 'retryable', message: 'busy', retryAfterMs: ev.retryAfterMs }
            : { type: ev.type, message: 'x' },
        now,
        () => 0.5,
      );
    case 'crash':
      return t.recoverAfterCrash(r, now);
    case 'keyExpired':
      return t.keyExpired(r, now);
    case 'resolveSent':
      return t.resolveSent(r, now, { by: ADA });
    case 'resendAnyway':
      return t.resendAnyway(r, ADA, freshKey(), now, service);
    case 'retryFailed':
      return t.retryFailed(r, freshKey(), now);
    case 'sendNow':
      return t.sendNow(r, now);
    case 'approvedElsewhere':
      return t.approvedElsewhere(r, service, now);
    case 'wait':
    case 'addressChange':
      throw new t.IllegalTransition(r.state, ev.e, 'not a transition');
  }
}

describe('outbox state machine against a reference model', () => {
  it('random event sequences: same states, keys change only on edit / send again / reopen, approvals match payloads, history is the story', () => {
    const inputArb = fc.constantFrom(
      transferInput(),
      paymentInput(),
      noteInput(),
      transferInput('va_a', 'va_b', 10, { notBefore: T0 + 3_600_000 }),
    );
    fc.assert(
      fc.property(inputArb, fc.array(eventArb, { maxLength: 40 }), (input, events) => {
        let now = T0;
        let r = row(input, now);
        const m: Model = {
          state: 'draft',
          kind: r.kind,
          notBefore: r.notBefore ?? 0,
          nextAttemptAt: 0,
          firstAttemptAt: null,
          service: SVC,
          boundTo: null,
        };
        for (const ev of events) {
          now += 1;
          if (ev.e === 'wait') {
            now += ev.ms;
            continue;
          }
          if (ev.e === 'addressChange') {
            m.service = m.service === SVC ? OTHER_SVC : SVC;
            continue;
          }
          const expected = modelStep(m, ev, now);
          const before = r;
          if (expected === null) {
            expect(() => realStep(r, ev, now, m.service), `${ev.e} from ${r.state}`).toThrow(t.IllegalTransition);
            expect(r).toBe(before);
            continue;
          }
          r = realStep(r, ev, now, m.service);
          expect(r.state, `${ev.e} from ${before.state}`).toBe(expected.to);
          expect(r.idempotencyKey !== before.idempotencyKey, `${ev.e}: key changed?`).toBe(expected.newKey);
          expect(r.history).toHaveLength(before.history.length + 1);
          expect(r.history.slice(0, -1)).toEqual(before.history);
          expect(r.history.at(-1)).toMatchObject({ from: before.state, to: r.state, at: now });
          if (r.state === 'approved' && r.kind !== 'note' && r.approval)
            expect(r.approval.payloadHash).toBe(canonicalJson(r.payload));
          if (r.state === 'draft') expect(r.approval).toBeUndefined();
          // Approved means approved for one service (by a person or by the rule), and only then.
          if (r.state === 'approved') expect(r.approvedFor).toBeDefined();
          if (r.state === 'draft' || r.state === 'awaiting-approval') expect(r.approvedFor).toBeUndefined();
          if (r.approval) expect(r.approval.service).toBe(r.approvedFor ?? r.approval.service);
          expect(Number.isSafeInteger(r.amountCents)).toBe(true);
          // Keep the model's clocks in step with what the row carries.
          m.state = r.state;
          m.notBefore = r.notBefore ?? 0;
          m.nextAttemptAt = r.nextAttemptAt ?? 0;
          m.firstAttemptAt = r.firstAttemptAt ?? null;
          m.boundTo = r.approvedFor ?? null;
        }
        if (['sent', 'rejected', 'canceled'].includes(r.state)) {
          for (const ev of [
            { e: 'cancel' },
            { e: 'claim' },
            { e: 'resendAnyway' },
            { e: 'edit', amountCents: 5 },
          ] as Event[]) {
            expect(() => realStep(r, ev, now + 1, m.service)).toThrow(t.IllegalTransition);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});

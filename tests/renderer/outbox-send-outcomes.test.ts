import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import type { FaultSettingsInput } from '../../src/sandbox/http/faults';
import { classifySend } from '../../src/shared/outbox/classify';
import { payloadHash } from '../../src/renderer/src/outbox/model/payload-hash';
import * as t from '../../src/renderer/src/outbox/model/transitions';
import type { OutboxRow } from '../../src/shared/outbox';
import { ADA, paymentInput, row, SVC, T0, transferInput } from '../support/outbox-fixtures';
import { startCore, type CoreHarness } from '../support/core-helpers';
import { realIds } from '../support/service-client-helpers';

// What a send comes to, through main's real client over real HTTP, with the sandbox's faults:
// the outbox's safety rests on these answers (resend with the same key, or stop for a person).

let h: CoreHarness;
let sandbox: Sandbox;
beforeAll(async () => {
  h = await startCore();
  sandbox = await h.core.demo.start();
});
afterAll(() => h.close());
afterEach(() => sandbox.resetFaults());

const ledger = () => sandbox.world.ledger.length;

/** A solo outbox row of the Demo, handed to main as the renderer's sender hands it (outbox:send). */
async function transfer(key: string, amountCents = 100) {
  const r = await h.invoke('outbox:send', {
    profileId: 'demo',
    rowId: randomUUID(),
    kind: 'transfer',
    payload: { source: realIds(sandbox.world).primaryVaId, destination: realIds(sandbox.world).vaId, amountCents },
    idempotencyKey: key,
  });
  return classifySend(r, true);
}

async function pay(key: string, amountCents = 100) {
  const r = await h.invoke('outbox:send', {
    profileId: 'demo',
    rowId: randomUUID(),
    kind: 'payment',
    payload: { amountCents, svcHandle: realIds(sandbox.world).payeeHandle },
    idempotencyKey: key,
  });
  return classifySend(r, false);
}

async function withFaults<T>(faults: FaultSettingsInput, run: () => Promise<T>): Promise<T> {
  await sandbox.setFaults(faults);
  try {
    return await run();
  } finally {
    await sandbox.resetFaults();
  }
}

describe('a transfer (idempotent by key)', () => {
  it('is done once: the answer, then the same answer for the same key', async () => {
    const key = randomUUID();
    const before = ledger();
    const first = await transfer(key);
    const again = await transfer(key);
    expect(first.type).toBe('ok');
    expect(again).toEqual(first);
    expect(ledger()).toBe(before + 1);
  });

  it('dropped after the service did it: retryable, and the resend with the same key does not move money again', async () => {
    const key = randomUUID();
    const before = ledger();
    const dropped = await withFaults({ dropAfterRate: 1 }, () => transfer(key));
    expect(dropped.type).toBe('retryable');
    expect(ledger()).toBe(before + 1);
    expect((await transfer(key)).type).toBe('ok');
    expect(ledger()).toBe(before + 1);
  });

  it('503, 429 with Retry-After, a dropped connection and a service that is down are retryable, with nothing done', async () => {
    const before = ledger();
    expect(await withFaults({ errorRate: 1 }, () => transfer(randomUUID()))).toMatchObject({
      type: 'retryable',
      httpStatus: 503,
    });
    expect(await withFaults({ rateLimitRate: 1, retryAfterSeconds: 7 }, () => transfer(randomUUID()))).toMatchObject({
      type: 'retryable',
      httpStatus: 429,
      retryAfterMs: 7000,
    });
    expect((await withFaults({ dropBeforeRate: 1 }, () => transfer(randomUUID()))).type).toBe('retryable');
    expect((await withFaults({ offline: true }, () => transfer(randomUUID()))).type).toBe('retryable');
    expect(ledger()).toBe(before);
  });

  it('refusals are not retried: the same key with another body (main refuses it before the service would, with 409), more than the balance, an amount of 0', async () => {
    const key = randomUUID();
    const before = ledger();
    expect((await transfer(key, 101)).type).toBe('ok');
    expect(await transfer(key, 102)).toMatchObject({
      type: 'rejected',
      message: expect.stringMatching(/^Not sent: this key was sent before with another transfer/),
    });
    expect(ledger()).toBe(before + 1);
    const tooMuch = await transfer(randomUUID(), 1_000_000_000_000);
    expect(tooMuch.type).toBe('rejected');
    expect(tooMuch.type === 'rejected' && tooMuch.message.length).toBeGreaterThan(10);
    expect((await transfer(randomUUID(), 0)).type).toBe('rejected');
  });
});

describe('a payment (no documented idempotency)', () => {
  it('dropped after the service did it: ambiguous, never retryable (a resend would pay twice), and main refuses the same key again', async () => {
    const before = ledger();
    const key = randomUUID();
    expect((await withFaults({ dropAfterRate: 1 }, () => pay(key))).type).toBe('ambiguous');
    expect(ledger()).toBe(before + 1);
    // A rewound outbox (or a page) asking again: main's send journal remembers the key.
    expect(await pay(key)).toMatchObject({
      type: 'ambiguous',
      message: expect.stringMatching(
        /^Not sent again: main sent this payment on .* and no answer showed it did nothing/,
      ),
    });
    expect(ledger()).toBe(before + 1);
    expect(sandbox.requests.all().filter((r) => r.idempotencyKey === key)).toHaveLength(1);
  });

  it('paid once, the same key is never paid again, whoever asks', async () => {
    const before = ledger();
    const key = randomUUID();
    expect((await pay(key)).type).toBe('ok');
    expect(await pay(key)).toMatchObject({
      type: 'ambiguous',
      message: expect.stringMatching(/the service answered that it went through/),
    });
    expect(ledger()).toBe(before + 1);
  });

  it('a 5xx may come after the work: ambiguous; a 429 and a refused connection were not processed: retryable', async () => {
    const before = ledger();
    expect((await withFaults({ errorRate: 1 }, () => pay(randomUUID()))).type).toBe('ambiguous');
    expect(await withFaults({ rateLimitRate: 1, retryAfterSeconds: 2 }, () => pay(randomUUID()))).toMatchObject({
      type: 'retryable',
      retryAfterMs: 2000,
    });
    // A refused connection is retryable; a kept-alive socket the server closed under us may
    // already have carried the request, which for a payment is ambiguous. Either way, never ok.
    expect(['retryable', 'ambiguous']).toContain((await withFaults({ offline: true }, () => pay(randomUUID()))).type);
    expect(ledger()).toBe(before);
    expect((await pay(randomUUID())).type).toBe('ok');
    expect(ledger()).toBe(before + 1);
  });
});

describe('only through the outbox', () => {
  it('a transfer or a payment asked through the generic service call is refused in main; nothing reaches the service', async () => {
    const before = sandbox.requests.all().length;
    const transferCall = await h.invoke('service:call', {
      profileId: 'demo',
      requestId: randomUUID(),
      endpoint: 'transferBetweenVirtualAccounts',
      body: { source: realIds(sandbox.world).primaryVaId, destination: realIds(sandbox.world).vaId, amountCents: 5 },
      idempotencyKey: randomUUID(),
    });
    const payCall = await h.invoke('service:call', {
      profileId: 'demo',
      requestId: randomUUID(),
      endpoint: 'pay',
      body: { amountCents: 5, svcHandle: realIds(sandbox.world).payeeHandle },
    });
    for (const r of [transferCall, payCall])
      expect(r.ok ? null : r.error).toMatchObject({ code: 'money-refused', money: { reason: 'not-through-main' } });
    expect(sandbox.requests.all().length).toBe(before);
  });
});

describe('not the row’s fault', () => {
  it('a deleted profile blocks the sender with a reason; nothing is sent', async () => {
    const r = await h.invoke('outbox:send', {
      profileId: 'gone',
      rowId: randomUUID(),
      kind: 'payment',
      payload: { amountCents: 1, svcHandle: realIds(sandbox.world).payeeHandle },
      idempotencyKey: randomUUID(),
    });
    expect(classifySend(r, false)).toMatchObject({ type: 'blocked' });
  });
});

describe("main's refusal of a key the service told to wait", () => {
  const RETRY_AFTER_S = 40;

  async function claimed(input: Parameters<typeof row>[0]): Promise<OutboxRow> {
    const r = t.submit(row(input), true, T0, SVC);
    const hash = await payloadHash(r.payload);
    return t.claim(t.approve(r, ADA, hash, hash, T0 + 1, SVC), T0 + 2, SVC);
  }

  // Nothing was sent: not an attempt, a payment does not become "may have gone through", and the
  // row goes again exactly when main says the service's wait runs out.
  for (const [kind, send, how] of [
    // The 429 reached main; the renderer never heard (it reloaded) and resends the row it finds in `sending`.
    ['transfer', transfer, 'after a reload'],
    // The renderer heard the 429 and waits, but a person presses "Send now".
    ['payment', pay, 'sent now by a person'],
  ] as const) {
    it(`${kind} ${how}: recorded as not sent, still approved, due when the Retry-After main gives runs out`, async () => {
      const first = await claimed(kind === 'transfer' ? transferInput('va_a', 'va_b', 401) : paymentInput(402));
      const told = await withFaults({ rateLimitRate: 1, retryAfterSeconds: RETRY_AFTER_S }, () =>
        send(first.idempotencyKey, first.amountCents),
      );
      const waiting =
        kind === 'transfer'
          ? t.recoverAfterCrash(first, T0 + 3)
          : t.sendNow(
              t.recordOutcome(first, told, T0 + 3, () => 0),
              T0 + 3,
            );
      const resend = t.claim(waiting, T0 + 4, SVC);

      const outcome = await send(resend.idempotencyKey, resend.amountCents);
      expect(outcome).toMatchObject({ type: 'held' });
      const waitMs = outcome.type === 'held' ? outcome.retryAfterMs : NaN;
      expect(waitMs).toBeGreaterThan(0);
      expect(waitMs).toBeLessThanOrEqual(RETRY_AFTER_S * 1000);

      const at = T0 + 5;
      const after = t.recordOutcome(resend, outcome, at, () => 0);
      expect(after.state).toBe('approved');
      expect(after.attempts).toEqual(resend.attempts);
      expect(after.nextAttemptAt).toBe(at + waitMs);
      expect(after).toMatchObject({ firstAttemptAt: resend.firstAttemptAt, idempotencyKey: resend.idempotencyKey });
      expect(after.lastError).toMatch(/^Not sent yet/);
      expect(after.history.at(-1)).toMatchObject({
        from: 'sending',
        to: 'approved',
        reason: 'not sent: the service asked to wait',
      });
      // Nothing with this key reached the service after its 429.
      expect(
        sandbox.requests
          .all()
          .filter((r) => r.idempotencyKey === resend.idempotencyKey)
          .map((r) => r.status),
      ).toEqual([429]);
    });
  }
});

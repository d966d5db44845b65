import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import type { FaultSettingsInput } from '../../src/sandbox/http/faults';
import { classifySend } from '../../src/renderer/src/outbox/model/classify';
import { startCore, type CoreHarness } from './core-helpers';
import { realIds } from './service-client-helpers';

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

const ids = () => realIds(sandbox.world);
const ledger = () => sandbox.world.ledger.length;

async function transfer(key: string, amountCents = 100) {
  const r = await h.invoke('service:call', { profileId: 'demo', requestId: randomUUID(), endpoint: 'transferBetweenVirtualAccounts', body: { source: ids().primaryVaId, destination: ids().vaId, amountCents }, idempotencyKey: key });
  return classifySend(r, true);
}

async function pay(key: string, amountCents = 100) {
  const r = await h.invoke('service:call', { profileId: 'demo', requestId: randomUUID(), endpoint: 'pay', body: { amountCents, svcHandle: ids().payeeHandle }, idempotencyKey: key });
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
    expect(await withFaults({ errorRate: 1 }, () => transfer(randomUUID()))).toMatchObject({ type: 'retryable', httpStatus: 503 });
    expect(await withFaults({ rateLimitRate: 1, retryAfterSeconds: 7 }, () => transfer(randomUUID()))).toMatchObject({ type: 'retryable', httpStatus: 429, retryAfterMs: 7000 });
    expect((await withFaults({ dropBeforeRate: 1 }, () => transfer(randomUUID()))).type).toBe('retryable');
    expect((await withFaults({ offline: true }, () => transfer(randomUUID()))).type).toBe('retryable');
    expect(ledger()).toBe(before);
  });

  it('refusals are not retried: the same key with another body (409), more than the balance, an amount of 0', async () => {
    const key = randomUUID();
    expect((await transfer(key, 101)).type).toBe('ok');
    expect(await transfer(key, 102)).toMatchObject({ type: 'rejected', httpStatus: 409 });
    const tooMuch = await transfer(randomUUID(), 1_000_000_000_000);
    expect(tooMuch.type).toBe('rejected');
    expect(tooMuch.type === 'rejected' && tooMuch.message.length).toBeGreaterThan(10);
    expect((await transfer(randomUUID(), 0)).type).toBe('rejected');
  });
});

describe('a payment (no documented idempotency)', () => {
  it('dropped after the service did it: ambiguous, never retryable (a resend would pay twice)', async () => {
    const before = ledger();
    expect((await withFaults({ dropAfterRate: 1 }, () => pay(randomUUID()))).type).toBe('ambiguous');
    expect(ledger()).toBe(before + 1);
  });

  it('a 5xx may come after the work: ambiguous; a 429 and a refused connection were not processed: retryable', async () => {
    const before = ledger();
    expect((await withFaults({ errorRate: 1 }, () => pay(randomUUID()))).type).toBe('ambiguous');
    expect(await withFaults({ rateLimitRate: 1, retryAfterSeconds: 2 }, () => pay(randomUUID()))).toMatchObject({ type: 'retryable', retryAfterMs: 2000 });
    // A refused connection is retryable; a kept-alive socket the server closed under us may
    // already have carried the request, which for a payment is ambiguous. Either way, never ok.
    expect(['retryable', 'ambiguous']).toContain((await withFaults({ offline: true }, () => pay(randomUUID()))).type);
    expect(ledger()).toBe(before);
    expect((await pay(randomUUID())).type).toBe('ok');
    expect(ledger()).toBe(before + 1);
  });
});

describe('not the row’s fault', () => {
  it('a deleted profile blocks the sender with a reason; nothing is sent', async () => {
    const r = await h.invoke('service:call', { profileId: 'gone', requestId: randomUUID(), endpoint: 'pay', body: { amountCents: 1, svcHandle: ids().payeeHandle } });
    expect(classifySend(r, false)).toMatchObject({ type: 'blocked' });
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBody } from '../../src/shared/service';
import { untilRefused } from '../support/network';
import { startClient, type Client } from '../support/sandbox-harness';

let c: Client;
beforeAll(async () => {
  c = await startClient({ adminPort: 0 });
});
afterEach(() => c.sandbox.resetFaults());
afterAll(() => c.close());

const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${c.sandbox.adminUrl}${path}`, {
    method,
    headers: { 'x-api-key': c.sandbox.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function transferBody() {
  const list = await c.get<{ items: { virtualAccount: { id: string; accountType: string } }[] }>('/virtual-account');
  const [a, b] = list.body.items.filter((v) => v.virtualAccount.accountType === 'default');
  return { source: a!.virtualAccount.id, destination: b!.virtualAccount.id, amountCents: 100 };
}

describe('faults', () => {
  it('holds API requests for the latency set, never admin routes', async () => {
    // The test holds each request itself (no timer), so held and answered are states, not durations.
    const holds: { ms: number; release: () => void }[] = [];
    const held = await startClient({
      latencyHold: (ms) => new Promise<void>((release) => holds.push({ ms, release })),
    });
    try {
      await held.call('POST', '/__sandbox/faults', { body: { latencyMs: 300, jitterMs: 0 } });
      const answer = held.get('/card-product');
      await vi.waitFor(() => expect(holds.map((h) => h.ms)).toEqual([300]));
      // While it is held, the admin route answers at once and nothing else is held.
      expect((await held.get('/__sandbox/faults')).status).toBe(200);
      expect(holds).toHaveLength(1);
      expect(held.sandbox.requests.all({ path: '/card-product' }).map((r) => r.status)).toEqual([null]);
      holds[0]?.release();
      expect((await answer).status).toBe(200);
      expect(held.sandbox.requests.all({ path: '/card-product' }).map((r) => r.status)).toEqual([200]);
    } finally {
      await held.close();
    }
  });

  it('answers 503 with the error body at error rate 1', async () => {
    await c.sandbox.setFaults({ errorRate: 1 });
    const res = await c.get('/card-product');
    expect(res.status).toBe(503);
    expect(ErrorBody.parse(res.body).rawStatus).toBe(503);
    expect(res.headers.get('retry-after')).toBeNull();
  });

  it('gives the 503s a Retry-After when asked, and the request log records it', async () => {
    await c.sandbox.setFaults({ errorRate: 1, retryAfterOn503: true, retryAfterSeconds: 9 });
    const res = await c.get('/card-product');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('9');
    expect(c.sandbox.requests.all({ path: '/card-product' }).at(-1)).toMatchObject({
      status: 503,
      retryAfterMs: 9_000,
    });
  });

  it('answers 429 with Retry-After at rate-limit rate 1', async () => {
    await c.sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 7 });
    const res = await c.get('/card-product');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(ErrorBody.parse(res.body).identifier).toBe('RATE_LIMITED');
  });

  it('drops the connection before processing: the transfer does not happen', async () => {
    const body = await transferBody();
    const before = (await c.get<{ count: number }>('/__sandbox/ledger')).body.count;
    await c.sandbox.setFaults({ dropBeforeRate: 1 });
    await expect(
      c.call('POST', '/transfer/virtual-account', { body, headers: { 'x-idempotency-key': 'drop-before-1' } }),
    ).rejects.toThrow();
    await c.sandbox.resetFaults();
    expect((await c.get<{ count: number }>('/__sandbox/ledger')).body.count).toBe(before);
  });

  it('drops the connection after processing: the transfer happened, and a retry with the key does not repeat it', async () => {
    const body = await transferBody();
    const before = (await c.get<{ count: number }>('/__sandbox/ledger')).body.count;
    await c.sandbox.setFaults({ dropAfterRate: 1 });
    await expect(
      c.call('POST', '/transfer/virtual-account', { body, headers: { 'x-idempotency-key': 'drop-after-1' } }),
    ).rejects.toThrow();
    await c.sandbox.resetFaults();
    expect((await c.get<{ count: number }>('/__sandbox/ledger')).body.count).toBe(before + 1);
    const retry = await c.call('POST', '/transfer/virtual-account', {
      body,
      headers: { 'x-idempotency-key': 'drop-after-1' },
    });
    expect(retry.status).toBe(200);
    expect((await c.get<{ count: number }>('/__sandbox/ledger')).body.count).toBe(before + 1);
  });

  it('goes offline (connections refused) and comes back through the admin listener', async () => {
    const res = await admin('POST', '/__sandbox/faults', { offline: true });
    expect(res.status).toBe(200);
    await untilRefused(c.sandbox.apiUrl);
    await expect(fetch(`${c.sandbox.vaultUrl}/card/x`)).rejects.toThrow();
    expect((await admin('DELETE', '/__sandbox/faults')).status).toBe(200);
    expect((await c.get('/card-product')).status).toBe(200);
  });

  it('drops a request that arrives after "offline" is set but before the listeners close, whatever else the setting relaxed', async () => {
    const before = (await c.get<{ count: number }>('/__sandbox/ledger')).body.count;
    const body = await transferBody();
    await c.sandbox.setFaults({ errorRate: 1 });
    // The setting alone, listeners still open: the moment between the admin route's answer and
    // the listeners closing, held open.
    c.sandbox.faults.set({ offline: true, errorRate: 0 });
    const sent = await c
      .call('POST', '/transfer/virtual-account', { body, headers: { 'x-idempotency-key': 'offline-window-1' } })
      .then(
        (r) => r.status,
        () => 'dropped' as const,
      );
    expect(sent).toBe('dropped');
    c.sandbox.faults.reset();
    expect((await c.get<{ count: number }>('/__sandbox/ledger')).body.count).toBe(before);
  });

  it('rejects invalid fault settings with 400 and keeps the old ones', async () => {
    await c.sandbox.setFaults({ latencyMs: 5 });
    const res = await c.call('POST', '/__sandbox/faults', { body: { errorRate: 2 } });
    expect(res.status).toBe(400);
    expect((await c.get<{ latencyMs: number; errorRate: number }>('/__sandbox/faults')).body).toMatchObject({
      latencyMs: 5,
      errorRate: 0,
    });
  });
});

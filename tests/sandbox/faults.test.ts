import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/shared/service';
import { startClient, type Client } from './harness';

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
  it('adds latency to API responses but not to admin routes', async () => {
    await c.call('POST', '/__sandbox/faults', { body: { latencyMs: 300 } });
    let t = performance.now();
    await c.get('/card-product');
    expect(performance.now() - t).toBeGreaterThanOrEqual(290);
    t = performance.now();
    await c.get('/__sandbox/faults');
    expect(performance.now() - t).toBeLessThan(250);
  });

  it('answers 503 with the error body at error rate 1', async () => {
    await c.sandbox.setFaults({ errorRate: 1 });
    const res = await c.get('/card-product');
    expect(res.status).toBe(503);
    expect(ErrorBody.parse(res.body).rawStatus).toBe(503);
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
    await expect(c.call('POST', '/transfer/virtual-account', { body, headers: { 'x-idempotency-key': 'drop-before-1' } })).rejects.toThrow();
    await c.sandbox.resetFaults();
    expect((await c.get<{ count: number }>('/__sandbox/ledger')).body.count).toBe(before);
  });

  it('drops the connection after processing: the transfer happened, and a retry with the key does not repeat it', async () => {
    const body = await transferBody();
    const before = (await c.get<{ count: number }>('/__sandbox/ledger')).body.count;
    await c.sandbox.setFaults({ dropAfterRate: 1 });
    await expect(c.call('POST', '/transfer/virtual-account', { body, headers: { 'x-idempotency-key': 'drop-after-1' } })).rejects.toThrow();
    await c.sandbox.resetFaults();
    expect((await c.get<{ count: number }>('/__sandbox/ledger')).body.count).toBe(before + 1);
    const retry = await c.call('POST', '/transfer/virtual-account', { body, headers: { 'x-idempotency-key': 'drop-after-1' } });
    expect(retry.status).toBe(200);
    expect((await c.get<{ count: number }>('/__sandbox/ledger')).body.count).toBe(before + 1);
  });

  it('goes offline (connections refused) and comes back through the admin listener', async () => {
    const res = await admin('POST', '/__sandbox/faults', { offline: true });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const error = await c.get('/card-product').then(
      () => undefined,
      (e: unknown) => e as Error & { cause?: { code?: string } },
    );
    expect(error?.cause?.code).toBe('ECONNREFUSED');
    await expect(fetch(`${c.sandbox.vaultUrl}/card/x`)).rejects.toThrow();
    expect((await admin('DELETE', '/__sandbox/faults')).status).toBe(200);
    expect((await c.get('/card-product')).status).toBe(200);
  });

  it('rejects invalid fault settings with 400 and keeps the old ones', async () => {
    await c.sandbox.setFaults({ latencyMs: 5 });
    const res = await c.call('POST', '/__sandbox/faults', { body: { errorRate: 2 } });
    expect(res.status).toBe(400);
    expect((await c.get<{ latencyMs: number; errorRate: number }>('/__sandbox/faults')).body).toMatchObject({ latencyMs: 5, errorRate: 0 });
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedRequest, RequestLogPage } from '../../src/sandbox';
import { startClient, TEST_NOW, type Client } from '../support/sandbox-harness';

let c: Client;
let source: string;
let destination: string;
beforeAll(async () => {
  c = await startClient();
  const list = await c.get<{ items: { virtualAccount: { id: string; accountType: string } }[] }>('/virtual-account');
  const [a, b] = list.body.items.filter((v) => v.virtualAccount.accountType === 'default');
  source = a!.virtualAccount.id;
  destination = b!.virtualAccount.id;
});
afterEach(() => c.sandbox.resetFaults());
afterAll(() => c.close());

const TRANSFER = '/transfer/virtual-account';
const transfer = (key: string) =>
  c.call('POST', TRANSFER, { body: { source, destination, amountCents: 100 }, headers: { 'x-idempotency-key': key } });

async function requests(query: Record<string, string> = {}): Promise<RequestLogPage> {
  const res = await c.get<RequestLogPage>('/__sandbox/requests', query);
  expect(res.status).toBe(200);
  return res.body;
}

/** The entries of one key, as the service recorded them. */
async function ofKey(key: string): Promise<LoggedRequest[]> {
  return (await requests({ path: TRANSFER, limit: '10000' })).items.filter((e) => e.idempotencyKey === key);
}

describe('GET /__sandbox/requests', () => {
  it('records a money movement as it arrived and was answered, on the sandbox clock', async () => {
    expect((await transfer('log-ok-1')).status).toBe(200);
    expect(await ofKey('log-ok-1')).toEqual([
      {
        seq: expect.any(Number),
        host: 'api',
        atMs: TEST_NOW,
        answeredAtMs: TEST_NOW,
        method: 'POST',
        path: TRANSFER,
        idempotencyKey: 'log-ok-1',
        status: 200,
        retryAfterMs: null,
        dropped: null,
      },
    ]);
  });

  it('records the Retry-After a 429 gave, and a 503', async () => {
    await c.sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 7 });
    expect((await transfer('log-429')).status).toBe(429);
    await c.sandbox.setFaults({ rateLimitRate: 0, errorRate: 1 });
    expect((await transfer('log-429')).status).toBe(503);
    expect((await ofKey('log-429')).map((e) => [e.status, e.retryAfterMs, e.dropped])).toEqual([
      [429, 7000, null],
      [503, null, null],
    ]);
  });

  it('tells a connection dropped after processing (money moved) from one dropped before', async () => {
    const ledgerBefore = c.sandbox.world.ledger.length;
    await c.sandbox.setFaults({ dropAfterRate: 1 });
    await expect(transfer('log-drop-after')).rejects.toThrow();
    await c.sandbox.setFaults({ dropAfterRate: 0, dropBeforeRate: 1 });
    await expect(transfer('log-drop-before')).rejects.toThrow();
    expect(c.sandbox.world.ledger.length).toBe(ledgerBefore + 1);
    expect((await ofKey('log-drop-after')).map((e) => [e.status, e.dropped, e.answeredAtMs])).toEqual([
      [null, 'after-processing', TEST_NOW],
    ]);
    expect((await ofKey('log-drop-before')).map((e) => [e.status, e.dropped])).toEqual([[null, 'before-processing']]);
  });

  it('filters by exact path and method, strips the query string, and leaves admin routes out', async () => {
    await c.get('/card-product', { limit: '2' });
    await c.get('/__sandbox/ledger');
    const all = await requests({ limit: '10000' });
    expect(all.items.some((e) => e.path.startsWith('/__sandbox/'))).toBe(false);
    const products = await requests({ path: '/card-product', method: 'get' });
    expect(products.items.length).toBeGreaterThan(0);
    expect(products.items.every((e) => e.path === '/card-product' && e.method === 'GET')).toBe(true);
    expect((await requests({ path: '/card-product', method: 'POST' })).items).toEqual([]);
  });

  it('pages in arrival order with after / nextAfter', async () => {
    for (let i = 0; i < 5; i++) await transfer(`log-page-${i}`);
    const mark =
      (await requests({ path: TRANSFER, limit: '10000' })).items.find((e) => e.idempotencyKey === 'log-page-0')!.seq -
      1;
    const keys: (string | null)[] = [];
    let after = String(mark);
    for (let pages = 0; pages < 10; pages++) {
      const page = await requests({ path: TRANSFER, after, limit: '2' });
      keys.push(...page.items.map((e) => e.idempotencyKey));
      if (page.nextAfter === undefined) break;
      expect(page.items).toHaveLength(2);
      after = String(page.nextAfter);
    }
    expect(keys).toEqual(['log-page-0', 'log-page-1', 'log-page-2', 'log-page-3', 'log-page-4']);
  });

  it('refuses an unknown or malformed filter, and a caller without the API key', async () => {
    expect((await c.get('/__sandbox/requests', { limit: '0' })).status).toBe(400);
    expect((await c.get('/__sandbox/requests', { status: '200' })).status).toBe(400);
    expect((await c.call('GET', '/__sandbox/requests', { headers: { 'x-api-key': '' } })).status).toBe(401);
  });
});

describe('the request log cap', () => {
  it('keeps the newest entries and says how many older ones were let go', async () => {
    const small = await startClient({ transactions: 10, requestLogCap: 3 });
    try {
      // Ten, so the log also compacts what it let go (at three dropped) and still pages right.
      for (let i = 0; i < 10; i++) await small.get('/card-product');
      const page = (await small.get<RequestLogPage>('/__sandbox/requests')).body;
      expect(page.cap).toBe(3);
      expect(page.evicted).toBe(7);
      expect(page.items.map((e) => e.seq)).toEqual([8, 9, 10]);
      expect(page.lastSeq).toBe(10);
      expect(
        (await small.get<RequestLogPage>('/__sandbox/requests', { after: '8' })).body.items.map((e) => e.seq),
      ).toEqual([9, 10]);
      expect((await small.get<RequestLogPage>('/__sandbox/requests', { after: '2', limit: '1' })).body).toMatchObject({
        items: [{ seq: 8 }],
        nextAfter: 8,
      });
    } finally {
      await small.close();
    }
  });
});

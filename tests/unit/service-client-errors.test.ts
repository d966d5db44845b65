import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createServiceClient,
  parseRetryAfter,
  ServiceError,
  type ServiceClient,
  type ServiceClientOptions,
  type Sleep,
} from '../../src/main/service';
import { defaultSleep } from '../../src/main/service/retry';
import {
  goOffline,
  json,
  ledgerCount,
  realIds,
  startEnv,
  startStub,
  type Env,
} from '../support/service-client-helpers';
import { freshKey } from '../support/fresh-key';
import { caught } from '../support/errors';

/**
 * How the ServiceClient fails: each kind of ServiceError from a real cause (sandbox faults, a
 * stub server for answers the sandbox never gives), retries of reads and never of writes, and
 * the API key kept out of every error.
 */

// Recognizable, so a leak anywhere in a serialized error is easy to spot.
const SENTINEL_KEY = 'SENTINEL-api-key-7f3a9c2e-DO-NOT-LEAK';

let env: Env;
beforeAll(async () => {
  env = await startEnv({ apiKey: SENTINEL_KEY });
});
afterAll(() => env.close());
afterEach(() => env.sandbox.resetFaults());

/** A client on the sandbox that counts HTTP attempts (real fetch underneath) and waits. */
function counting(extra: Partial<ServiceClientOptions> = {}): {
  client: ServiceClient;
  attempts: () => number;
  waits: number[];
} {
  let attempts = 0;
  const waits: number[] = [];
  const client = env.clientWith({
    fetch: (url, init) => {
      attempts++;
      return fetch(url, init);
    },
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  });
  return { client, attempts: () => attempts, waits };
}

const ids = () => realIds(env.sandbox.world);
const transferArgs = (amountCents = 77) => ({
  body: { source: ids().primaryVaId, destination: ids().vaId, amountCents },
  idempotencyKey: freshKey('err'),
});

describe('HTTP errors', () => {
  it('401: a refused key is not retryable and says where to fix it', async () => {
    const { client, attempts } = counting({ getApiKey: () => 'wrong-key-123' });
    const error = await caught(client.listCards());
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      retryable: false,
      sentRequest: true,
      endpoint: 'listCards',
    });
    expect(error.body).toMatchObject({ identifier: 'INVALID_API_KEY', rawStatus: 401 });
    expect(error.message).toBe('The API key was refused (401). Check the key in Settings.');
    expect(attempts()).toBe(1);
  });

  it('404: carries the service error body and quotes its message', async () => {
    const error = await caught(env.client.getCard({ params: { cardId: 'no-such-card' } }));
    expect(error).toMatchObject({ kind: 'http', status: 404, retryable: false, endpoint: 'getCard' });
    expect(error.body).toEqual({
      message: 'card no-such-card was not found',
      name: 'NotFoundError',
      identifier: 'NOT_FOUND',
      rawStatus: 404,
      meta: { id: 'no-such-card' },
    });
    expect(error.message).toContain('card no-such-card was not found');
  });

  it('409: the same idempotency key with another body is a conflict, not retried', async () => {
    const args = transferArgs(300);
    await env.client.transferBetweenVirtualAccounts(args);
    const error = await caught(
      env.client.transferBetweenVirtualAccounts({ ...args, body: { ...args.body, amountCents: 301 } }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 409, retryable: false });
  });

  it('429 with Retry-After: retryable with retryAfterMs; a GET retries honouring it, a POST never retries', async () => {
    await env.sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 1 });

    const read = counting();
    const error = await caught(read.client.listCards());
    expect(error).toMatchObject({ kind: 'http', status: 429, retryable: true, retryAfterMs: 1000 });
    expect(read.attempts()).toBe(3); // 1 + readRetries (2)
    expect(read.waits).toHaveLength(2);
    for (const w of read.waits) expect(w).toBeGreaterThanOrEqual(1000);

    const ledger = ledgerCount(env.sandbox);
    const write = counting();
    const writeError = await caught(write.client.transferBetweenVirtualAccounts(transferArgs()));
    expect(writeError).toMatchObject({ kind: 'http', status: 429, retryable: true, retryAfterMs: 1000 });
    expect(write.attempts()).toBe(1);
    expect(write.waits).toHaveLength(0);
    expect(ledgerCount(env.sandbox)).toBe(ledger);
  });

  it('a keyed write told to wait is not sent again with that key before Retry-After, whoever asks; other keys go', async () => {
    let clock = Date.UTC(2030, 0, 1, 12, 0, 0);
    const write = counting({ now: () => clock });
    const args = transferArgs(91);
    await env.sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 30 });
    expect(await caught(write.client.transferBetweenVirtualAccounts(args))).toMatchObject({
      status: 429,
      retryAfterMs: 30_000,
      sentRequest: true,
    });
    expect(write.attempts()).toBe(1);
    await env.sandbox.resetFaults();

    // 10 s later the same key (a reloaded renderer resending its row) is refused here, unsent.
    clock += 10_000;
    const ledger = ledgerCount(env.sandbox);
    const early = await caught(write.client.transferBetweenVirtualAccounts(args));
    expect(early).toMatchObject({ kind: 'held', retryable: true, sentRequest: false, retryAfterMs: 20_000 });
    expect(early.message).toContain('Not sent yet');
    expect(write.attempts()).toBe(1);
    expect(ledgerCount(env.sandbox)).toBe(ledger);

    // Another key is not held back.
    await write.client.transferBetweenVirtualAccounts(transferArgs(92));
    expect(write.attempts()).toBe(2);

    // Once the wait is over, the held key goes out with the same body and is carried out once.
    clock += 20_000;
    const done = await write.client.transferBetweenVirtualAccounts(args);
    expect(done.transferId).toBeTruthy();
    expect(write.attempts()).toBe(3);
    expect(ledgerCount(env.sandbox)).toBe(ledger + 2);
  });

  it('caps each wait at 10 s even when Retry-After asks for more', async () => {
    await env.sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 120 });
    const read = counting();
    const error = await caught(read.client.listCardProducts());
    expect(error.retryAfterMs).toBe(120_000);
    expect(read.waits).toEqual([10_000, 10_000]);
  });

  it('503: retryable; a read that meets one recovers on the retry', async () => {
    await env.sandbox.setFaults({ errorRate: 1 });
    const error = await caught(env.client.getOwnSvcHandle());
    expect(error).toMatchObject({ kind: 'http', status: 503, retryable: true, sentRequest: true });
    expect(error.body?.identifier).toBe('UNAVAILABLE');
    expect(error.message).toContain('(503)');

    // The fault clears during the backoff wait: the second attempt succeeds.
    const read = counting({ sleep: async () => env.sandbox.resetFaults() });
    await env.sandbox.setFaults({ errorRate: 1 });
    expect((await read.client.getOwnSvcHandle()).id).toBe(env.sandbox.world.ownSvcHandleId);
    expect(read.attempts()).toBe(2);
  });

  it('readRetries 0 turns read retries off', async () => {
    await env.sandbox.setFaults({ errorRate: 1 });
    const read = counting({ readRetries: 0 });
    await caught(read.client.listCards());
    expect(read.attempts()).toBe(1);
  });

  it('an error body that is not the contract shape is left out, the status kept', async () => {
    const stub = await startStub((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    try {
      const client = createServiceClient({
        baseUrl: stub.url,
        vaultUrl: stub.url,
        getApiKey: () => 'k-1234',
        readRetries: 0,
      });
      const error = await caught(client.listCards());
      expect(error).toMatchObject({ kind: 'http', status: 502, retryable: true });
      expect(error.body).toBeUndefined();
    } finally {
      await stub.close();
    }
  });

  it('Retry-After as an HTTP-date', async () => {
    const at = new Date(Date.UTC(2030, 0, 1, 12, 0, 30));
    const stub = await startStub((_req, res) =>
      json(
        res,
        429,
        { message: 'slow down', name: 'TooManyRequestsError', identifier: 'RATE_LIMITED', rawStatus: 429 },
        { 'retry-after': at.toUTCString() },
      ),
    );
    try {
      const client = createServiceClient({
        baseUrl: stub.url,
        vaultUrl: stub.url,
        getApiKey: () => 'k-1234',
        readRetries: 0,
        now: () => at.getTime() - 3000,
      });
      const error = await caught(client.listCards());
      expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 3000, retryable: true });
    } finally {
      await stub.close();
    }
  });

  it('does not follow redirects, so the key never goes to another host', async () => {
    const elsewhere = await startStub((_req, res) => json(res, 200, { items: [] }));
    const stub = await startStub((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/card` });
      res.end();
    });
    try {
      const client = createServiceClient({ baseUrl: stub.url, vaultUrl: stub.url, getApiKey: () => 'k-1234' });
      const error = await caught(client.listCards());
      expect(error).toMatchObject({ kind: 'http', status: 307, retryable: false });
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await Promise.all([stub.close(), elsewhere.close()]);
    }
  });
});

describe('network failures', () => {
  it('offline (connection refused): network, nothing sent, retryable', async () => {
    await goOffline(env);
    const read = counting();
    const error = await caught(read.client.listCards());
    expect(error).toMatchObject({ kind: 'network', sentRequest: false, retryable: true });
    expect(error.message).toContain('nothing was sent');
    expect((error.cause as { code?: string }).code).toBe('ECONNREFUSED');
    expect(read.attempts()).toBe(3);
  });

  it('a transfer processed and then dropped: network, sentRequest unknown, and it did happen', async () => {
    const ledger = ledgerCount(env.sandbox);
    const args = transferArgs(123);
    await env.sandbox.setFaults({ dropAfterRate: 1 });
    const write = counting();
    const error = await caught(write.client.transferBetweenVirtualAccounts(args));
    expect(error).toMatchObject({ kind: 'network', sentRequest: 'unknown', retryable: true });
    expect(write.attempts()).toBe(1);
    expect(ledgerCount(env.sandbox)).toBe(ledger + 1);

    // Why the key matters: the outbox's resend with the same key gets the same transfer.
    await env.sandbox.resetFaults();
    const again = await env.client.transferBetweenVirtualAccounts(args);
    expect(env.sandbox.world.ledger.at(-1)?.id).toBe(again.transferId);
    expect(ledgerCount(env.sandbox)).toBe(ledger + 1);
  });

  it('a payment dropped after processing is also "unknown" (and POST /pay has no key to make a resend safe)', async () => {
    const ledger = ledgerCount(env.sandbox);
    await env.sandbox.setFaults({ dropAfterRate: 1 });
    const payee = ids().payeeHandle;
    const error = await caught(env.client.pay({ body: { amountCents: 55, svcHandle: payee } }));
    expect(error).toMatchObject({ kind: 'network', sentRequest: 'unknown' });
    expect(error.message).toMatch(/not known whether/);
    expect(ledgerCount(env.sandbox)).toBe(ledger + 1);
  });

  it('a read dropped before processing is retried', async () => {
    await env.sandbox.setFaults({ dropBeforeRate: 1 });
    const read = counting();
    const error = await caught(read.client.listMerchants());
    expect(error).toMatchObject({ kind: 'network', retryable: true });
    expect(read.attempts()).toBe(3);
  });
});

describe('timeouts and cancellation', () => {
  it('timeout: no answer within timeoutMs', async () => {
    // A server that never answers: only the client's own timeout can end the call.
    const stub = await startStub(() => undefined);
    try {
      const client = createServiceClient({
        baseUrl: stub.url,
        vaultUrl: stub.url,
        getApiKey: () => 'k-1234',
        timeoutMs: 100,
        readRetries: 0,
      });
      const error = await caught(client.listCards());
      expect(error).toMatchObject({ kind: 'timeout', retryable: true, sentRequest: 'unknown' });
      expect(error.message).toBe(
        'The service did not answer within 0.1 s. Check your connection; the request will be retried.',
      );
      expect(stub.requests).toHaveLength(1);
    } finally {
      await stub.close();
    }
  });

  it('a slow answer within the limit succeeds', async () => {
    await env.sandbox.setFaults({ latencyMs: 300 });
    const client = env.clientWith({ timeoutMs: 15_000, readRetries: 0 });
    await expect(client.listCardProducts()).resolves.toBeDefined(); // slow but within the limit
  });

  it('caller abort during the request: canceled, not retried', async () => {
    // The server holds the request; the caller aborts once it has arrived there.
    const controller = new AbortController();
    const stub = await startStub(() => controller.abort());
    try {
      let attempts = 0;
      const client = createServiceClient({
        baseUrl: stub.url,
        vaultUrl: stub.url,
        getApiKey: () => 'k-1234',
        fetch: (url, init) => {
          attempts++;
          return fetch(url, init);
        },
      });
      const error = await caught(client.listCards({ signal: controller.signal }));
      expect(error).toMatchObject({ kind: 'canceled', retryable: false });
      expect(attempts).toBe(1);
      expect(stub.requests).toHaveLength(1);
    } finally {
      await stub.close();
    }
  });

  it('an already aborted signal: canceled, nothing sent', async () => {
    const read = counting();
    const error = await caught(read.client.listCards({ signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ kind: 'canceled', sentRequest: false });
    expect(read.attempts()).toBe(0);
  });

  it('abort during a retry wait ends the wait at once', async () => {
    await env.sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 5 });
    const controller = new AbortController();
    // The real timer (the client's default sleep), watched: the caller aborts once the wait has
    // begun, and the wait must end by that abort, not by its timer running out.
    let ended: 'by abort' | 'by its timer' | undefined;
    const sleep: Sleep = (ms, signal) => {
      const waiting = defaultSleep(ms, signal).then(
        () => void (ended = 'by its timer'),
        (reason: unknown) => {
          ended = 'by abort';
          throw reason;
        },
      );
      controller.abort();
      return waiting;
    };
    const client = createServiceClient({
      baseUrl: env.sandbox.apiUrl,
      vaultUrl: env.sandbox.vaultUrl,
      getApiKey: () => SENTINEL_KEY,
      sleep,
    });
    const error = await caught(client.listCards({ signal: controller.signal }));
    expect(error.kind).toBe('canceled');
    expect(ended).toBe('by abort');
  });
});

describe('invalid responses', () => {
  it('a 2xx body that breaks the contract: invalid-response naming the endpoint and the first issue path', async () => {
    const stub = await startStub((req, res) => {
      if (req.url?.startsWith('/card/')) json(res, 200, { id: 5, pan: '4111111111111111', accountId: 'a' });
      else if (req.url === '/pay') json(res, 200, { redirect: 'x' });
      else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{not json');
      }
    });
    try {
      const client = createServiceClient({ baseUrl: stub.url, vaultUrl: stub.url, getApiKey: () => 'k-1234' });
      const error = await caught(client.getCard({ params: { cardId: 'c1' } }));
      expect(error).toMatchObject({
        kind: 'invalid-response',
        status: 200,
        retryable: false,
        sentRequest: true,
        endpoint: 'getCard',
      });
      expect(error.message).toContain('getCard');
      expect(error.message).toContain(' id ');
      // The body itself is never quoted: it may hold a card number.
      expect(JSON.stringify(error) + error.message).not.toContain('4111111111111111');

      const pay = await caught(client.pay({ body: { amountCents: 1, svcHandle: 'x' } }));
      expect(pay.kind).toBe('invalid-response');
      expect(pay.message).toContain('success');

      const notJson = await caught(client.listCards());
      expect(notJson.kind).toBe('invalid-response');
      expect(notJson.message).toContain('not JSON');
    } finally {
      await stub.close();
    }
  });

  it('tolerates unknown fields (the service adds fields over time), and drops them: the app keeps only what it knows', async () => {
    const stub = await startStub((_req, res) => json(res, 200, { success: true, somethingNew: { nested: 1 } }));
    try {
      const client = createServiceClient({ baseUrl: stub.url, vaultUrl: stub.url, getApiKey: () => 'k-1234' });
      expect(await client.pay({ body: { amountCents: 1, svcHandle: 'x' } })).toEqual({ success: true });
    } finally {
      await stub.close();
    }
  });
});

describe('the API key never leaks into an error', () => {
  function expectNoKey(error: ServiceError, key = SENTINEL_KEY): void {
    const views = [
      JSON.stringify(error),
      String(error),
      error.stack ?? '',
      error.message,
      inspect(error, { depth: Infinity, showHidden: true }),
    ];
    for (let cause: unknown = error.cause; cause; cause = (cause as { cause?: unknown }).cause) {
      views.push(inspect(cause, { depth: Infinity, showHidden: true }), JSON.stringify(cause) ?? '');
    }
    for (const view of views) expect(view).not.toContain(key);
  }

  it('for every kind of failure against the sandbox', async () => {
    const errors: ServiceError[] = [];
    errors.push(await caught(env.client.getCard({ params: { cardId: SENTINEL_KEY } }))); // 404 echoing the id
    errors.push(await caught(env.client.pay({ body: { amountCents: -1, svcHandle: SENTINEL_KEY } }))); // invalid-request
    await env.sandbox.setFaults({ rateLimitRate: 1 });
    errors.push(await caught(env.client.listCards()));
    await env.sandbox.setFaults({ rateLimitRate: 0, dropAfterRate: 1 });
    errors.push(await caught(env.client.transferBetweenVirtualAccounts(transferArgs(9))));
    await env.sandbox.setFaults({ dropAfterRate: 0, latencyMs: 300 });
    errors.push(await caught(env.clientWith({ timeoutMs: 50, readRetries: 0 }).listCards()));
    await env.sandbox.resetFaults();
    await goOffline(env);
    errors.push(await caught(env.client.listCards()));
    expect(new Set(errors.map((e) => e.kind))).toEqual(new Set(['http', 'invalid-request', 'network', 'timeout']));
    for (const error of errors) expectNoKey(error);
  });

  it('when a server echoes the key in its error body', async () => {
    const stub = await startStub((req, res) =>
      json(res, 400, {
        message: `bad key ${String(req.headers['x-api-key'])}`,
        name: 'BadRequestError',
        identifier: 'BAD',
        rawStatus: 400,
        meta: { key: req.headers['x-api-key'] },
      }),
    );
    try {
      const client = createServiceClient({ baseUrl: stub.url, vaultUrl: stub.url, getApiKey: () => SENTINEL_KEY });
      const error = await caught(client.listCards());
      expect(error.body?.message).toBe('bad key [redacted]');
      expectNoKey(error);
    } finally {
      await stub.close();
    }
  });

  it('when the network failure itself carries the key (simulated undici cause with headers)', async () => {
    const client = createServiceClient({
      baseUrl: env.sandbox.apiUrl,
      vaultUrl: env.sandbox.vaultUrl,
      getApiKey: () => SENTINEL_KEY,
      readRetries: 0,
      fetch: async (_url, init) => {
        const cause = Object.assign(new Error(`socket hang up while sending x-api-key: ${SENTINEL_KEY}`), {
          code: 'ECONNRESET',
          headers: init.headers,
        });
        throw new TypeError('fetch failed', { cause });
      },
    });
    const error = await caught(client.listCards());
    expect(error).toMatchObject({ kind: 'network', sentRequest: 'unknown' });
    expect((error.cause as Error).message).toContain('[redacted]');
    expectNoKey(error);
  });

  it('when the key cannot be sent as a header (fetch would quote it)', async () => {
    const key = `${SENTINEL_KEY}\n`;
    const client = createServiceClient({
      baseUrl: env.sandbox.apiUrl,
      vaultUrl: env.sandbox.vaultUrl,
      getApiKey: () => key,
    });
    const error = await caught(client.listCards());
    expect(error).toMatchObject({ kind: 'invalid-request', sentRequest: false });
    expectNoKey(error, SENTINEL_KEY);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP-dates, ignores the rest', () => {
    const now = Date.UTC(2030, 0, 1);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 7 ', now)).toBe(7000);
    expect(parseRetryAfter(new Date(now + 4000).toUTCString(), now)).toBe(4000);
    expect(parseRetryAfter(new Date(now - 4000).toUTCString(), now)).toBe(0);
    for (const junk of [null, undefined, '', '1.5', '-3', 'soon']) expect(parseRetryAfter(junk, now)).toBeUndefined();
  });
});

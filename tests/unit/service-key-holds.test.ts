import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMainCore, type MainCore } from '../../src/main/core';
import { dispatch } from '../../src/main/ipc/dispatch';
import { createServiceClient, type ServiceClient } from '../../src/main/service';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { IpcError } from '../../src/shared/ipc';
import { caught } from '../support/errors';
import { FakePrompt } from '../support/fake-prompt';
import { json, realIds, startStub } from '../support/service-client-helpers';

/**
 * Main keeps the service's Retry-After per idempotency key and refuses, unsent, an earlier send of
 * that key, whoever asks and whatever happened in between: a second send while the first is in
 * flight, a client made anew after a profile edit, an app restarted inside the wait, a payment's
 * or a note's key, a 503 with Retry-After, a Retry-After given as a date. Counted from the
 * sandbox's own request log, never from the client's account of what it sent.
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ transactions: 50, seed: 3, apiKey: 'holds-key-0123456789' });
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.resetFaults());

/** What reached the sandbox with this idempotency key, in arrival order. */
const arrivedWith = (key: string) => sandbox.requests.all().filter((r) => r.idempotencyKey === key);
const transferBody = (amountCents: number) => ({
  source: realIds(sandbox.world).primaryVaId,
  destination: realIds(sandbox.world).vaId,
  amountCents,
});

function client(now?: () => number): ServiceClient {
  return createServiceClient({
    baseUrl: sandbox.apiUrl,
    vaultUrl: sandbox.vaultUrl,
    getApiKey: () => sandbox.apiKey,
    sleep: async () => {},
    ...(now ? { now } : {}),
  });
}

describe('the ServiceClient', () => {
  it('sends one request per key at a time: a resend while the first is in flight waits for its 429, then is held, unsent', async () => {
    const c = client();
    const key = randomUUID();
    await sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 30 });
    // Both start in the same tick, as a reloaded renderer resends its row while the first send is out.
    const first = caught(c.transferBetweenVirtualAccounts({ body: transferBody(301), idempotencyKey: key }));
    const second = caught(c.transferBetweenVirtualAccounts({ body: transferBody(301), idempotencyKey: key }));
    expect(await first).toMatchObject({ kind: 'http', status: 429, sentRequest: true, retryAfterMs: 30_000 });
    const refused = await second;
    expect(refused).toMatchObject({ kind: 'held', retryable: true, sentRequest: false });
    expect(refused.status).toBeUndefined();
    expect(refused.retryAfterMs).toBeGreaterThan(25_000);
    expect(refused.message).toMatch(/^Not sent yet: .* with the same key\.$/);
    expect(arrivedWith(key)).toHaveLength(1);
  });

  it("holds a payment's key and a note's key as it holds a transfer's", async () => {
    const c = client();
    const payKey = randomUUID();
    const noteKey = randomUUID();
    await sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 30 });
    const pay = { body: { amountCents: 123, svcHandle: realIds(sandbox.world).payeeHandle }, idempotencyKey: payKey };
    const note = {
      params: { transactionId: realIds(sandbox.world).transactionId },
      body: { note: 'held' },
      idempotencyKey: noteKey,
    };
    expect(await caught(c.pay(pay))).toMatchObject({ status: 429 });
    expect(await caught(c.setTransactionNote(note))).toMatchObject({ status: 429 });
    await sandbox.resetFaults();
    expect(await caught(c.pay(pay))).toMatchObject({ kind: 'held', sentRequest: false });
    expect(await caught(c.setTransactionNote(note))).toMatchObject({ kind: 'held', sentRequest: false });
    expect(arrivedWith(payKey).map((r) => r.status)).toEqual([429]);
    expect(arrivedWith(noteKey).map((r) => r.status)).toEqual([429]);
  });

  it('holds a key told to wait by a 503 with Retry-After, for as long as it said', async () => {
    let now = Date.UTC(2030, 0, 1, 12);
    const c = client(() => now);
    const key = randomUUID();
    await sandbox.setFaults({ errorRate: 1, retryAfterOn503: true, retryAfterSeconds: 20 });
    expect(
      await caught(c.transferBetweenVirtualAccounts({ body: transferBody(302), idempotencyKey: key })),
    ).toMatchObject({ status: 503, retryAfterMs: 20_000 });
    await sandbox.resetFaults();
    now += 19_999;
    expect(
      await caught(c.transferBetweenVirtualAccounts({ body: transferBody(302), idempotencyKey: key })),
    ).toMatchObject({ kind: 'held', retryAfterMs: 1 });
    now += 1;
    expect(
      (await c.transferBetweenVirtualAccounts({ body: transferBody(302), idempotencyKey: key })).transferId,
    ).toBeTruthy();
    expect(arrivedWith(key).map((r) => r.status)).toEqual([503, 200]);
  });

  it('holds until the date a Retry-After gives as an HTTP date, on its own clock', async () => {
    const at = Date.UTC(2030, 5, 1, 8, 0, 0);
    let now = at;
    let requests = 0;
    const stub = await startStub((_req, res) => {
      requests++;
      json(
        res,
        429,
        { message: 'slow down', name: 'RateLimitError', identifier: 'RATE_LIMITED', rawStatus: 429 },
        { 'retry-after': new Date(at + 45_000).toUTCString() },
      );
    });
    try {
      const c = createServiceClient({
        baseUrl: stub.url,
        vaultUrl: stub.url,
        getApiKey: () => 'k-1234',
        now: () => now,
      });
      const args = { body: { source: 'va_1', destination: 'va_2', amountCents: 5 }, idempotencyKey: randomUUID() };
      expect(await caught(c.transferBetweenVirtualAccounts(args))).toMatchObject({ status: 429, retryAfterMs: 45_000 });
      now += 30_000;
      expect(await caught(c.transferBetweenVirtualAccounts(args))).toMatchObject({
        kind: 'held',
        retryAfterMs: 15_000,
      });
      expect(requests).toBe(1);
      now += 15_000;
      expect(await caught(c.transferBetweenVirtualAccounts(args))).toMatchObject({ status: 429 });
      expect(requests).toBe(2);
    } finally {
      await stub.close();
    }
  });
});

describe("main's core", () => {
  let dir: string;
  let cores: MainCore[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'treasury-holds-'));
  });
  afterEach(async () => {
    for (const core of cores) await core.dispose();
    cores = [];
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function startCore(userDataDir: string): Promise<MainCore> {
    // The test is the person: it confirms the profiles and keys it enters in main's prompt.
    const core = await createMainCore({
      userDataDir,
      version: 'test',
      platform: 'test',
      secrets: 'memory',
      emit: () => undefined,
      demo: { transactions: 50 },
      prompt: new FakePrompt('confirm'),
    });
    cores.push(core);
    return core;
  }

  async function ok<T>(core: MainCore, channel: string, arg: unknown): Promise<T> {
    const r = await dispatch(core.handlers, channel, arg);
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.value as T;
  }

  /** A transfer through `outbox:send`, as the outbox sends one; the error when it fails. */
  async function send(core: MainCore, profileId: string, key: string): Promise<IpcError | null> {
    const r = await dispatch(core.handlers, 'outbox:send', {
      profileId,
      rowId: randomUUID(),
      kind: 'transfer',
      payload: transferBody(303),
      idempotencyKey: key,
    });
    return r.ok ? null : r.error;
  }

  const liveProfile = (core: MainCore, name: string) =>
    ok<{ id: string }>(core, 'profiles:create', {
      name,
      baseUrl: sandbox.apiUrl,
      vaultUrl: sandbox.vaultUrl,
      apiKey: sandbox.apiKey,
    }).then((p) => p.id);

  it('keeps a hold when a profile gets a new client (key entered again, profile renamed), and for every profile', async () => {
    const core = await startCore(join(dir, 'edits'));
    const id = await liveProfile(core, 'Live');
    const key = randomUUID();
    await sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 60 });
    expect((await send(core, id, key))?.service).toMatchObject({ kind: 'http', status: 429 });
    await sandbox.resetFaults();

    // Each of these replaces the profile's ServiceClient.
    await ok(core, 'profiles:setKey', { id, apiKey: sandbox.apiKey });
    expect((await send(core, id, key))?.service).toMatchObject({ kind: 'held', sentRequest: false, retryable: true });
    await ok(core, 'profiles:update', { id, name: 'Live (renamed)' });
    expect((await send(core, id, key))?.service).toMatchObject({ kind: 'held', sentRequest: false });
    // The key is the row's, whichever profile carries it.
    const other = await liveProfile(core, 'Same service, other profile');
    expect((await send(core, other, key))?.service).toMatchObject({ kind: 'held', sentRequest: false });
    expect(arrivedWith(key)).toHaveLength(1);
  });

  it('keeps a hold across a restart of the app', async () => {
    const userDataDir = join(dir, 'restart');
    const first = await startCore(userDataDir);
    const id = await liveProfile(first, 'Live');
    const key = randomUUID();
    await sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 60 });
    expect((await send(first, id, key))?.service).toMatchObject({ status: 429 });
    await sandbox.resetFaults();
    await first.dispose();
    cores = [];

    const second = await startCore(userDataDir);
    // The key was kept in memory only (as for a machine without a keychain): entered again.
    await ok(second, 'profiles:setKey', { id, apiKey: sandbox.apiKey });
    expect((await send(second, id, key))?.service).toMatchObject({ kind: 'held', sentRequest: false });
    expect(arrivedWith(key)).toHaveLength(1);
  });
});

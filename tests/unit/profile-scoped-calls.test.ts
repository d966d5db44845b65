import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../src/main/service';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { startCaptureServer, type CaptureServer } from '../support/capture-server';
import { startCore, type CoreHarness } from '../support/core-helpers';

// docs/architecture.md, "Processes and what each owns": every service call names its profile, and work in flight finishes against the
// profile it belongs to, whichever profile is on screen.

let live: Sandbox;
let other: Sandbox;
beforeAll(async () => {
  live = await startSandbox({ transactions: 50, apiKey: 'live-key-0123456789', seed: 1 });
  other = await startSandbox({ transactions: 50, apiKey: 'other-key-0123456789', seed: 2 });
});
afterAll(async () => {
  await live.close();
  await other.close();
});

let h: CoreHarness;
afterEach(async () => {
  await live.resetFaults();
  await h?.close();
});

async function liveProfile(sandbox: Sandbox, name: string): Promise<string> {
  const view = await h.ok('profiles:create', {
    name,
    baseUrl: sandbox.apiUrl,
    vaultUrl: sandbox.vaultUrl,
    apiKey: sandbox.apiKey,
  });
  return view.id;
}

/** A keychain that takes `ms` for every operation, as a real one may (D-Bus, a prompt). */
class SlowKeychain extends MemorySecretStore {
  constructor(private readonly ms: number) {
    super();
  }
  private pause = () => new Promise((r) => setTimeout(r, this.ms));
  override async get(id: string) {
    await this.pause();
    return super.get(id);
  }
  override async set(id: string, secret: string) {
    await this.pause();
    return super.set(id, secret);
  }
  override async delete(id: string) {
    await this.pause();
    return super.delete(id);
  }
}

/** Resolves once `sandbox` holds a request to `path` unanswered (it logs a request as it arrives, before a latency fault holds it). */
async function heldAt(sandbox: Sandbox, path: string): Promise<void> {
  await vi.waitFor(
    () => expect(sandbox.requests.all({ path }).filter((r) => r.status === null && r.dropped === null)).not.toEqual([]),
    { timeout: 15_000 },
  );
}

const ids = (page: unknown) => (page as { items: { id: string }[] }).items.map((i) => i.id);

describe('service calls name their profile', () => {
  it('a call goes to the profile it names, not to the one on screen', async () => {
    h = await startCore();
    const a = await liveProfile(live, 'A');
    const b = await liveProfile(other, 'B');
    await h.ok('profiles:select', { id: a });
    const before = { live: live.stats.requests, other: other.stats.requests };
    const fromB = await h.ok('service:call', { profileId: b, requestId: 'r1', endpoint: 'listCards' });
    expect(other.stats.requests).toBeGreaterThan(before.other);
    const direct = await fetch(`${other.apiUrl}/card`, { headers: { 'x-api-key': other.apiKey } }).then((r) =>
      r.json(),
    );
    expect(ids(fromB)).toEqual(ids(direct));
    expect(ids(fromB)).not.toEqual(
      ids(await h.ok('service:call', { profileId: a, requestId: 'r2', endpoint: 'listCards' })),
    );
  });

  it('a call in flight finishes against its own profile when the person switches profiles', async () => {
    h = await startCore();
    const a = await liveProfile(live, 'A');
    await h.ok('profiles:select', { id: a });
    await live.setFaults({ latencyMs: 400 });
    const inFlight = h.invoke('service:call', { profileId: a, requestId: 'slow', endpoint: 'listVirtualAccounts' });
    await heldAt(live, '/virtual-account');
    await h.ok('profiles:select', { id: 'demo' });
    const r = await inFlight;
    expect(r.ok).toBe(true);
    const direct = await fetch(`${live.apiUrl}/virtual-account`, { headers: { 'x-api-key': live.apiKey } }).then((x) =>
      x.json(),
    );
    if (r.ok) expect(r.value).toEqual(direct);
  });

  it('a profile deleted before its call runs: profile-mismatch, nothing sent', async () => {
    h = await startCore();
    const a = await liveProfile(live, 'A');
    await h.ok('profiles:delete', { id: a });
    const before = live.stats.requests;
    const r = await h.invoke('service:call', { profileId: a, requestId: 'r1', endpoint: 'listCards' });
    expect(r.ok ? 'ok' : r.error.code).toBe('profile-mismatch');
    expect(live.stats.requests).toBe(before);
  });
});

describe('service:cancel', () => {
  it('aborts a read in flight; the call answers canceled', async () => {
    h = await startCore();
    const a = await liveProfile(live, 'A');
    // Held 3 s: a cancel that did not abort the request itself would let it answer, ok.
    await live.setFaults({ latencyMs: 3000 });
    const call = h.invoke('service:call', { profileId: a, requestId: 'read-1', endpoint: 'listTransactions' });
    await heldAt(live, '/transaction');
    expect(await h.ok('service:cancel', { requestId: 'read-1' })).toEqual({ canceled: true });
    const r = await call;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.service?.kind).toBe('canceled');
    // Nothing left to cancel under that id.
    expect(await h.ok('service:cancel', { requestId: 'read-1' })).toEqual({ canceled: false });
  });

  it('never cancels a write: its outcome must be known', async () => {
    h = await startCore();
    const a = await liveProfile(live, 'A');
    await live.setFaults({ latencyMs: 300 });
    const write = h.invoke('service:call', {
      profileId: a,
      requestId: 'write-1',
      endpoint: 'createWebhook',
      body: { url: 'https://hooks.example.com/x', name: 'Cancel test' },
    });
    await heldAt(live, '/webhook');
    expect(await h.ok('service:cancel', { requestId: 'write-1' })).toEqual({ canceled: false });
    expect((await write).ok).toBe(true);
  });
});

describe('a key goes only to the addresses it was entered for', () => {
  let capture: CaptureServer;
  beforeAll(async () => {
    capture = await startCaptureServer();
  });
  afterAll(() => capture.close());

  it('changing an address removes the key in main; the new address never sees the old key', async () => {
    h = await startCore();
    const a = await liveProfile(live, 'A');
    await h.ok('profiles:select', { id: a });
    const updated = await h.ok('profiles:update', { id: a, baseUrl: capture.url });
    expect(updated.keyCleared).toBe(true);
    expect(updated.profile).toMatchObject({ baseUrl: capture.url, hasKey: false, keyStorage: 'none' });
    const r = await h.invoke('service:call', { profileId: a, requestId: 'r1', endpoint: 'listCards' });
    expect(r.ok).toBe(false);
    await h.invoke('connectivity:check', { profileId: a });
    await h.invoke('profiles:testConnection', { id: a });
    for (const req of capture.seen) expect(req.headers['x-api-key']).not.toBe(live.apiKey);
  });

  it('a new key given with the new address is the only key the new address sees', async () => {
    h = await startCore();
    const a = await liveProfile(live, 'A');
    capture.seen.length = 0;
    const updated = await h.ok('profiles:update', { id: a, baseUrl: capture.url, apiKey: 'key-for-capture-1234' });
    expect(updated).toMatchObject({ keyCleared: false, profile: { hasKey: true } });
    await h.invoke('service:call', { profileId: a, requestId: 'r1', endpoint: 'listCards' });
    expect(capture.seen.length).toBeGreaterThan(0);
    expect(new Set(capture.seen.map((s) => s.headers['x-api-key']))).toEqual(new Set(['key-for-capture-1234']));
  });

  it('a key entered with a new address never reaches the old one, with a slow keychain and calls racing the change', async () => {
    // Reported: calls landing between the client reset and the saved address made a client for
    // the old address, which then read the key just entered for the new one (3 of 3 runs with
    // 8 ms per keychain operation and a call every 2 ms).
    const slow = new SlowKeychain(8);
    h = await startCore({ secrets: slow });
    const oldHost = await startCaptureServer();
    const newHost = await startCaptureServer();
    try {
      for (let round = 0; round < 3; round++) {
        const oldKey = `old-key-${round}-0123456789`;
        const newKey = `new-key-${round}-0123456789`;
        const view = await h.ok('profiles:create', {
          name: `Race ${round}`,
          baseUrl: oldHost.url,
          vaultUrl: oldHost.url,
          apiKey: oldKey,
        });
        const calls: Promise<unknown>[] = [];
        let n = 0;
        const fire = () =>
          calls.push(
            h.invoke('service:call', { profileId: view.id, requestId: `race-${round}-${n++}`, endpoint: 'listCards' }),
          );
        const timer = setInterval(fire, 2);
        try {
          await h.ok('profiles:update', { id: view.id, baseUrl: newHost.url, vaultUrl: newHost.url, apiKey: newKey });
          // Calls made from now on, and any client made during the change, have had their chance.
          const after = n;
          while (n < after + 10) await new Promise((r) => setTimeout(r, 2));
        } finally {
          clearInterval(timer);
        }
        await Promise.all(calls);
        const keysAt = (c: CaptureServer) => new Set(c.seen.map((r) => r.headers['x-api-key']));
        expect(keysAt(oldHost).has(newKey), `round ${round}: the new key reached the old address`).toBe(false);
        expect(keysAt(newHost).has(oldKey), `round ${round}: the old key reached the new address`).toBe(false);
        expect(keysAt(newHost).has(newKey)).toBe(true);
      }
    } finally {
      await oldHost.close();
      await newHost.close();
    }
  });

  it('a ServiceClient refuses a key saved for other addresses: nothing is sent', async () => {
    capture.seen.length = 0;
    const own = { baseUrl: capture.url, vaultUrl: capture.url };
    const keyFor = (baseUrl: string) => ({ ...own, baseUrl, key: 'key-for-somewhere-else' });
    const refused = createServiceClient({ ...own, getApiKey: () => keyFor('https://api.example.com') });
    await expect(refused.listCards()).rejects.toMatchObject({ kind: 'invalid-request', sentRequest: false });
    expect(capture.seen).toHaveLength(0);
    // The same address written another way (a trailing slash) is the same address.
    await createServiceClient({ ...own, getApiKey: () => keyFor(`${capture.url}/`) }).listCards();
    expect(capture.seen.map((r) => r.headers['x-api-key'])).toEqual(['key-for-somewhere-else']);
  });

  it('renaming keeps the key', async () => {
    h = await startCore();
    const a = await liveProfile(live, 'A');
    const updated = await h.ok('profiles:update', { id: a, name: 'A renamed', baseUrl: `${live.apiUrl}/` });
    expect(updated).toMatchObject({ keyCleared: false, profile: { name: 'A renamed', hasKey: true } });
  });

  it('testing typed values applies the same address rule as saving: no key over plain http to another host', async () => {
    h = await startCore();
    for (const baseUrl of [
      'http://api.example.com',
      'http://10.0.0.5:8080',
      'ftp://api.example.com',
      'https://user:pw@api.example.com',
    ]) {
      const r = await h.invoke('profiles:testConnection', {
        baseUrl,
        vaultUrl: 'https://vault.example.com',
        apiKey: 'secret-key-123456',
      });
      expect(r.ok ? 'ok' : r.error.code, baseUrl).toBe('invalid-argument');
      if (!r.ok) expect(r.error.fields?.[0]?.path).toBe('baseUrl');
    }
    const u = await h.invoke('profiles:update', { id: 'whatever', vaultUrl: 'http://vault.example.com' });
    expect(u.ok ? 'ok' : u.error.code).toBe('invalid-argument');
  });
});

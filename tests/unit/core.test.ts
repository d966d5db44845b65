import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { ProfilesState } from '../../src/shared/ipc';
import { untilRefused } from '../support/network';
import { startCore, type CoreHarness } from '../support/core-helpers';

let live: Sandbox;
beforeAll(async () => {
  live = await startSandbox({ transactions: 100, apiKey: 'live-key-0123456789' });
});
afterAll(() => live.close());

let h: CoreHarness;
afterEach(async () => {
  await h?.close();
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

describe('main core (the handlers behind IPC)', () => {
  it('starts with only the Demo profile and none active', async () => {
    h = await startCore();
    const s = await h.ok('profiles:list');
    expect(s.activeProfileId).toBeNull();
    expect(s.profiles.map((p) => p.kind)).toEqual(['demo']);
  });

  it('selecting Demo starts the sandbox and service calls work through it', async () => {
    h = await startCore();
    const s = await h.ok('profiles:select', { id: 'demo' });
    expect(s.activeProfileId).toBe('demo');
    const demo = s.profiles.find((p) => p.id === 'demo');
    expect(demo?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo?.vaultUrl).not.toBe(demo?.baseUrl);
    const cards = (await h.ok('service:call', { profileId: 'demo', requestId: 'r1', endpoint: 'listCards' })) as {
      items: unknown[];
    };
    expect(cards.items.length).toBeGreaterThan(0);
    expect((await h.ok('connectivity:check')).state).toBe('online');
    expect(h.events.some((e) => e.event === 'profiles:changed')).toBe(true);
  });

  it('creates a live profile, keeps the key out of every file, and calls through it', async () => {
    h = await startCore();
    const view = await h.ok('profiles:create', {
      name: 'Acme live',
      baseUrl: live.apiUrl,
      vaultUrl: live.vaultUrl,
      apiKey: live.apiKey,
    });
    expect(view).toMatchObject({ kind: 'live', hasKey: true, keyStorage: 'keychain' });
    expect(JSON.stringify(view)).not.toContain(live.apiKey);
    await h.ok('profiles:select', { id: view.id });
    const handles = (await h.ok('service:call', {
      profileId: view.id,
      requestId: 'r1',
      endpoint: 'listSvcHandles',
    })) as { items: unknown[] };
    expect(handles.items.length).toBeGreaterThan(0);
    for (const f of await filesUnder(h.dir)) expect(await readFile(f, 'utf8'), f).not.toContain(live.apiKey);
    const listed: ProfilesState = await h.ok('profiles:list');
    expect(JSON.stringify(listed)).not.toContain(live.apiKey);
  });

  it('tests a connection: wrong key, unreachable host, and the right key', async () => {
    h = await startCore();
    const wrong = await h.ok('profiles:testConnection', {
      baseUrl: live.apiUrl,
      vaultUrl: live.vaultUrl,
      apiKey: 'wrong-key-123456',
    });
    expect(wrong.api.ok).toBe(false);
    expect(wrong.api.message).toMatch(/key was refused/);
    expect(wrong.vault.message).toMatch(/key was refused by the vault/);
    const down = await h.ok('profiles:testConnection', {
      baseUrl: 'http://127.0.0.1:9',
      vaultUrl: live.vaultUrl,
      apiKey: live.apiKey,
    });
    expect(down.api.message).toMatch(/unreachable/);
    expect(down.vault.ok).toBe(true);
    const right = await h.ok('profiles:testConnection', {
      baseUrl: live.apiUrl,
      vaultUrl: live.vaultUrl,
      apiKey: live.apiKey,
    });
    expect(right.api.ok && right.vault.ok).toBe(true);
    // The confirmation names the hosts as they really are.
    expect(right.api.message).toContain(`Connected to ${live.apiUrl}`);
    expect(right.vault.message).toContain(live.vaultUrl);
  });

  it('reports invalid input with field errors and saves nothing', async () => {
    h = await startCore();
    const r = await h.invoke('profiles:create', {
      name: '',
      baseUrl: 'ftp://x',
      vaultUrl: live.vaultUrl,
      apiKey: 'short',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('invalid-argument');
      expect(r.error.fields?.map((f) => f.path).sort()).toEqual(['apiKey', 'baseUrl', 'name']);
    }
    expect((await h.ok('profiles:list')).profiles).toHaveLength(1);
  });

  it('refuses to delete or re-key the Demo profile', async () => {
    h = await startCore();
    const del = await h.invoke('profiles:delete', { id: 'demo' });
    expect(del.ok ? 'ok' : del.error.code).toBe('conflict');
    const key = await h.invoke('profiles:setKey', { id: 'demo', apiKey: 'whatever-123456' });
    expect(key.ok ? 'ok' : key.error.code).toBe('conflict');
  });

  it('goes offline when the service is unreachable and back online after', async () => {
    h = await startCore();
    await h.ok('profiles:select', { id: 'demo' });
    const sandbox = await h.core.demo.running();
    await sandbox!.setFaults({ offline: true });
    await untilRefused(sandbox!.apiUrl);
    const call = await h.invoke('service:call', { profileId: 'demo', requestId: 'r1', endpoint: 'listCards' });
    expect(call.ok).toBe(false);
    if (!call.ok) expect(call.error.service?.kind).toBe('network');
    expect((await h.ok('connectivity:get')).state).toBe('offline');
    await sandbox!.resetFaults();
    expect((await h.ok('connectivity:check')).state).toBe('online');
    const states = h.events
      .filter((e) => e.event === 'connectivity:changed')
      .map((e) => (e.payload as { state: string }).state);
    expect(states).toContain('offline');
    expect(states[states.length - 1]).toBe('online');
  });

  it('maps service errors to a plain message and a failure summary', async () => {
    h = await startCore();
    await h.ok('profiles:select', { id: 'demo' });
    const r = await h.invoke('service:call', {
      profileId: 'demo',
      requestId: 'r1',
      endpoint: 'getCard',
      params: { cardId: 'nope' },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('service');
      expect(r.error.service).toMatchObject({ kind: 'http', status: 404, retryable: false });
    }
  });

  it('refuses service calls that name no profile, or a profile that does not exist', async () => {
    h = await startCore();
    const unnamed = await h.invoke('service:call', { endpoint: 'listCards' } as never);
    expect(unnamed.ok ? 'ok' : unnamed.error.code).toBe('invalid-argument');
    const gone = await h.invoke('service:call', {
      profileId: 'no-such-profile',
      requestId: 'r1',
      endpoint: 'listCards',
    });
    expect(gone.ok ? 'ok' : gone.error.code).toBe('profile-mismatch');
  });
});

describe('main core without a system keychain', () => {
  it('says so, keeps keys for the session only, and refuses to store one in the keychain', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { createMainCore } = await import('../../src/main/core');
    const { dispatch } = await import('../../src/main/ipc/dispatch');
    const dir = await mkdtemp(join(tmpdir(), 'treasury-nokeychain-'));
    const { FakePrompt } = await import('../support/fake-prompt');
    const core = await createMainCore({
      userDataDir: dir,
      version: 't',
      platform: 't',
      secrets: 'unavailable',
      emit: () => {},
      prompt: new FakePrompt('confirm'),
    });
    try {
      const status = await dispatch(core.handlers, 'keychain:status', undefined);
      expect(status).toMatchObject({ ok: true, value: { available: false } });
      if (status.ok) expect((status.value as { reason: string }).reason).toMatch(/session only/);
      const forced = await dispatch(core.handlers, 'profiles:create', {
        name: 'K',
        baseUrl: live.apiUrl,
        vaultUrl: live.vaultUrl,
        apiKey: live.apiKey,
        sessionOnly: false,
      });
      expect(forced.ok ? 'ok' : forced.error.code).toBe('keychain-unavailable');
      const created = await dispatch(core.handlers, 'profiles:create', {
        name: 'S',
        baseUrl: live.apiUrl,
        vaultUrl: live.vaultUrl,
        apiKey: live.apiKey,
      });
      expect(created).toMatchObject({ ok: true, value: { hasKey: true, keyStorage: 'session' } });
      for (const f of await filesUnder(dir)) expect(await readFile(f, 'utf8')).not.toContain(live.apiKey);
    } finally {
      await core.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

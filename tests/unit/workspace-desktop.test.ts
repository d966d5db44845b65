import { randomUUID } from 'node:crypto';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import { startTcpGate, type TcpGate } from '../support/tcp-gate';
import { startCore } from './core-helpers';
import { PINNED_NOW, SERVICE, teamFixture, transfer } from './workspace-helpers';

/** Waiting on a state, however busy the machine: long enough never to decide the outcome. */
const POLL = { timeout: 30_000 };

describe('solo: a desktop that never adds a workspace', () => {
  it('has none, writes no workspace file and connects to nothing', async () => {
    const h = await startCore();
    try {
      expect(await h.ok('workspace:list')).toEqual([]);
      await expect(access(join(h.dir, 'workspaces.json'))).rejects.toMatchObject({ code: 'ENOENT' });
      expect(h.events.filter((e) => e.event.startsWith('workspace:'))).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('cannot join one without a system keychain, and is told why before anything is sent', async () => {
    const h = await startCore({ secrets: 'unavailable' });
    try {
      const r = await h.invoke('workspace:join', { host: '127.0.0.1', port: 5432, database: 'ws', user: 'ws_m_00000000', password: 'x', name: 'Me' });
      expect(r.ok ? 'joined' : r.error.workspace?.kind).toBe('no-keychain');
      expect(h.prompt.asked).toEqual([]);
    } finally {
      await h.close();
    }
  });
});

describe('a desktop that restarts', () => {
  const f = teamFixture({});
  let gate: TcpGate;
  let dir: string;
  const keychain = new MemorySecretStore();
  beforeAll(async () => {
    gate = await startTcpGate({ host: f.cluster.host, port: f.cluster.port });
    dir = await mkdtemp(join(tmpdir(), 'treasury-desktop-'));
  });
  afterAll(async () => {
    await gate?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const desktop = () => startCore({ userDataDir: dir, secrets: keychain, now: () => PINNED_NOW, workspaceBackoffMs: 50 });

  it('keeps its workspace, its key and its password, and signs offline from the directory it verified last', async () => {
    const login = await f.team.admin.h.ok('workspace:addLogin', { workspaceId: f.team.admin.workspaceId });
    const first = await desktop();
    const joined = await first.ok('workspace:join', { host: f.cluster.host, port: gate.port, database: f.team.database, user: login.dbRole, password: login.password, name: 'Rita' });
    await f.team.admin.h.ok('workspace:register', { workspaceId: f.team.admin.workspaceId, dbRole: login.dbRole, role: 'approver' });
    await expect.poll(async () => (await first.ok('workspace:list'))[0]?.me.member?.role, POLL).toBe('approver');
    await first.close();

    // Started again with no network: the workspace, and the member it is, come from what it kept.
    await gate.shut();
    const again = await desktop();
    try {
      const [ws] = await again.ok('workspace:list');
      expect(ws).toMatchObject({ id: joined.id, me: { fingerprint: joined.me.fingerprint, member: { name: 'Rita', role: 'approver' } } });
      const draft = await again.ok('workspace:signDraft', { workspaceId: joined.id, service: SERVICE, kind: 'transfer', payload: transfer(61_00), idempotencyKey: randomUUID() });
      await gate.open();
      await expect.poll(async () => (await again.ok('workspace:check', { workspaceId: joined.id })).state, POLL).toBe('online');
      const pushed = await again.ok('workspace:push', { workspaceId: joined.id, drafts: [{ text: draft.text, signature: draft.signature, payload: draft.payload }], decisions: [] });
      expect(pushed.drafts).toEqual([{ id: draft.rowId, status: 'added' }]);
      // Leaving forgets it: its keychain entries go with it.
      expect(await again.ok('workspace:leave', { workspaceId: joined.id })).toEqual({ left: true });
      expect(await again.ok('workspace:list')).toEqual([]);
      expect(await keychain.get(`workspace:${joined.id}:signing-key`)).toBeNull();
      expect(await keychain.get(`workspace:${joined.id}:password`)).toBeNull();
    } finally {
      await again.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import { startTcpGate, type TcpGate } from '../support/tcp-gate';
import { startCore } from '../support/core-helpers';
import { PINNED_NOW, serviceProfile, teamFixture, transfer } from '../support/workspace-helpers';

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
      const r = await h.invoke('workspace:join', {
        host: '127.0.0.1',
        port: 5432,
        database: 'ws',
        user: 'ws_m_00000000',
        password: 'x',
        name: 'Me',
      });
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
  const desktop = () =>
    startCore({ userDataDir: dir, secrets: keychain, now: () => PINNED_NOW, workspaceBackoffMs: 50 });

  it('keeps its workspace, its key and its password, and signs offline from the directory it verified last', async () => {
    const login = await f.team.admin.h.ok('workspace:addLogin', { workspaceId: f.team.admin.workspaceId });
    const first = await desktop();
    const joined = await first.ok('workspace:join', {
      host: f.cluster.host,
      port: gate.port,
      database: f.team.database,
      user: login.dbRole,
      password: login.password,
      name: 'Rita',
    });
    await f.team.admin.h.ok('workspace:register', {
      workspaceId: f.team.admin.workspaceId,
      dbRole: login.dbRole,
      role: 'approver',
    });
    await expect.poll(async () => (await first.ok('workspace:list'))[0]?.me.member?.role, POLL).toBe('approver');
    // The profile whose drafts it signs for the workspace (kept in the data folder, like the workspace).
    const profileId = await serviceProfile(first);
    await first.close();

    // Started again with no network: the workspace, and the member it is, come from what it kept.
    await gate.shut();
    const again = await desktop();
    try {
      const [ws] = await again.ok('workspace:list');
      expect(ws).toMatchObject({
        id: joined.id,
        me: { fingerprint: joined.me.fingerprint, member: { name: 'Rita', role: 'approver' } },
      });
      const signing = await again.ok('workspace:signDrafts', {
        profileId,
        drafts: [{ rowId: randomUUID(), kind: 'transfer', payload: transfer(61_00), idempotencyKey: randomUUID() }],
      });
      expect(signing.workspaceId).toBe(joined.id);
      const draft = signing.signed[0];
      if (!draft) throw new Error('nothing was signed');
      await gate.open();
      await expect
        .poll(async () => (await again.ok('workspace:check', { workspaceId: joined.id })).state, POLL)
        .toBe('online');
      const pushed = await again.ok('workspace:push', {
        workspaceId: joined.id,
        drafts: [{ text: draft.text, signature: draft.signature, payload: draft.payload }],
        decisions: [],
      });
      expect(pushed.drafts).toEqual([{ id: draft.rowId, status: 'added' }]);
      // Leaving asks main's prompt first (what becomes of its rows); declined, nothing is forgotten.
      again.prompt.answer = 'decline';
      const stay = await again.invoke('workspace:leave', { workspaceId: joined.id });
      expect(stay.ok ? 'left' : stay.error.code).toBe('declined');
      expect(again.prompt.asked.at(-1)).toMatchObject({
        title: 'Leave a team workspace',
        message: 'Leave Acme Treasury on this desktop?',
      });
      expect((await again.ok('workspace:list')).map((w) => w.id)).toEqual([joined.id]);
      // Confirmed, it forgets the workspace: its keychain entries go with it.
      again.prompt.answer = 'confirm';
      expect(await again.ok('workspace:leave', { workspaceId: joined.id })).toEqual({ left: true });
      expect(await again.ok('workspace:list')).toEqual([]);
      expect(await keychain.get(`workspace:${joined.id}:signing-key`)).toBeNull();
      expect(await keychain.get(`workspace:${joined.id}:password`)).toBeNull();
    } finally {
      await again.close();
    }
  });

  it('keeps its workspace when it quits while a read of the directory is still under way', async () => {
    const ownGate = await startTcpGate({ host: f.cluster.host, port: f.cluster.port });
    const ownDir = await mkdtemp(join(tmpdir(), 'treasury-desktop-'));
    const ownKeychain = new MemorySecretStore();
    const start = () =>
      startCore({ userDataDir: ownDir, secrets: ownKeychain, now: () => PINNED_NOW, workspaceBackoffMs: 50 });
    const locker = await f.cluster.connectAsSuperuser(f.team.database);
    const waitingOnLock = async (login: string) =>
      (
        await locker.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1 AND wait_event_type = 'Lock'",
          [login],
        )
      ).rows[0]?.n;
    try {
      const login = await f.team.admin.h.ok('workspace:addLogin', { workspaceId: f.team.admin.workspaceId });
      const first = await start();
      const joined = await first.ok('workspace:join', {
        host: f.cluster.host,
        port: ownGate.port,
        database: f.team.database,
        user: login.dbRole,
        password: login.password,
        name: 'Quinn',
      });
      // Out of reach, it misses its registration; back, it reads the directory again (resync), and that waits on a lock.
      await ownGate.shut();
      await f.team.admin.h.ok('workspace:register', {
        workspaceId: f.team.admin.workspaceId,
        dbRole: login.dbRole,
        role: 'approver',
      });
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE team.directory IN ACCESS EXCLUSIVE MODE');
      await ownGate.open();
      await expect
        .poll(async () => (await first.ok('workspace:check', { workspaceId: joined.id })).state, POLL)
        .toBe('online');
      await expect.poll(() => waitingOnLock(login.dbRole), POLL).toBeGreaterThan(0);
      // It quits (from then on it knows no workspace), then the read ends, with a directory newer than the file's.
      const quitting = first.close();
      await expect
        .poll(async () => (await first.invoke('workspace:check', { workspaceId: joined.id })).ok, POLL)
        .toBe(false);
      await locker.query('COMMIT');
      await quitting;

      const again = await start();
      try {
        expect((await again.ok('workspace:list')).map((w) => w.id)).toEqual([joined.id]);
      } finally {
        await again.close();
      }
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
      await ownGate.close();
      await rm(ownDir, { recursive: true, force: true });
    }
  }, 120_000);
});

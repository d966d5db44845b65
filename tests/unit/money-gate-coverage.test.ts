import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import { WorkspaceFile } from '../../src/main/workspace/workspace-file';
import { serviceOf } from '../../src/shared/service-address';
import { startClient, type Client } from '../support/sandbox-harness';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { startCore } from '../support/core-helpers';
import { PINNED_NOW, startTeam, type ServiceAt, type Team } from '../support/workspace-helpers';

// Which services main treats as a team's when what it kept on disk is damaged or would be: a
// workspaces.json it cannot read, a service it drafted for a team (team-drafts.jsonl), an address
// too long for the file. Never solo by accident: read on the sandbox's ledger.

let svc: Client;
const SERVICE = () => serviceOf({ kind: 'live', baseUrl: svc.sandbox.apiUrl });
const at = (): ServiceAt => ({
  apiUrl: svc.sandbox.apiUrl,
  vaultUrl: svc.sandbox.vaultUrl,
  apiKey: svc.sandbox.apiKey,
});

beforeAll(async () => {
  svc = await startClient({ seed: 43, now: () => PINNED_NOW + 5_000 });
});
afterAll(() => svc?.close());

function accounts() {
  const world = svc.sandbox.world;
  const source = world.primaryVirtualAccountId;
  const destination = [...world.virtualAccounts.values()].find((v) => v.closedAt === null && v.id !== source)?.id;
  if (!destination) throw new Error('the seed has no second open virtual account');
  return { source, destination };
}

const moved = (amountCents: number) => svc.sandbox.world.ledger.filter((e) => e.amountCents === amountCents).length;

/** Each data folder's keychain, kept across restarts of its desktop. */
const keychains = new Map<string, MemorySecretStore>();

/** A desktop on `dir` with a live profile of the sandbox (made at its first start); it sends solo transfers the page "approved". */
async function desktopOn(dir: string) {
  const keychain = keychains.get(dir) ?? new MemorySecretStore();
  keychains.set(dir, keychain);
  const h = await startCore({ userDataDir: dir, now: () => PINNED_NOW, secrets: keychain });
  const existing = (await h.ok('profiles:list')).profiles.find((p) => p.name === 'Acme');
  const profile =
    existing ??
    (await h.ok('profiles:create', {
      name: 'Acme',
      baseUrl: at().apiUrl,
      vaultUrl: at().vaultUrl,
      apiKey: at().apiKey,
    }));
  const send = (amountCents: number) =>
    h.invoke('outbox:send', {
      profileId: profile.id,
      rowId: randomUUID(),
      kind: 'transfer',
      payload: { ...accounts(), amountCents },
      idempotencyKey: randomUUID(),
    });
  return { h, profile, send, stop: () => h.core.dispose() };
}

describe('a damaged workspaces.json', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'treasury-coverage-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses every solo send, across restarts, until the file is good again', async () => {
    // The file of a desktop in a team that covered this service, cut off mid-write.
    const whole = JSON.stringify({
      version: 1,
      workspaces: [{ id: randomUUID(), name: 'Acme Treasury', services: [SERVICE()] }],
    });
    await writeFile(join(dir, 'workspaces.json'), whole.slice(0, whole.length - 20));

    for (const start of [1, 2]) {
      const d = await desktopOn(dir);
      try {
        const r = await d.send(71_01);
        expect(r.ok ? null : r.error, `start ${start}`).toMatchObject({
          code: 'money-refused',
          money: { reason: 'covered' },
        });
        expect(r.ok ? '' : r.error.message).toBe(
          'Not sent: this desktop cannot read its team workspace settings (workspaces.json in the app’s data folder is damaged), so it cannot tell which services a team approves; nothing is sent alone until it can. Join your team workspace again in Settings (the damaged file is then set aside), or put a good copy of the file back and restart the app.',
        );
        expect((await d.h.ok('workspace:binding', { profileId: d.profile.id })).kind).toBe('unsure');
      } finally {
        await d.stop();
      }
    }
    expect(moved(71_01)).toBe(0);

    // A good file again (the person put one back): solo as before.
    await writeFile(join(dir, 'workspaces.json'), `${JSON.stringify({ version: 1, workspaces: [] })}\n`);
    const d = await desktopOn(dir);
    try {
      expect((await d.send(71_02)).ok).toBe(true);
      expect(moved(71_02)).toBe(1);
    } finally {
      await d.stop();
    }
  });
});

describe('a service this desktop drafted for a team (team-drafts.jsonl)', () => {
  it('is never sent solo, even with no workspaces.json at all', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'treasury-coverage-'));
    try {
      const line = {
        rowId: randomUUID(),
        key: randomUUID(),
        workspaceId: randomUUID(),
        service: SERVICE(),
        at: PINNED_NOW,
      };
      await writeFile(join(dir, 'team-drafts.jsonl'), `${JSON.stringify(line)}\n`);
      const d = await desktopOn(dir);
      try {
        // Another row than the one drafted: the service is the team's.
        const r = await d.send(72_01);
        expect(r.ok ? null : r.error).toMatchObject({ code: 'money-refused', money: { reason: 'covered' } });
        expect(moved(72_01)).toBe(0);
      } finally {
        await d.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('with a team workspace', () => {
  let cluster: PgCluster;
  let team: Team;
  beforeAll(async () => {
    cluster = await startPgCluster();
    team = await startTeam(cluster, {}, { service: at() });
  }, 180_000);
  afterAll(async () => {
    await team?.close();
    await cluster?.stop();
  });

  it('an address too long for workspaces.json is refused before anything is signed, and the file stays readable', async () => {
    const { h } = team.admin;
    // Under the 2048 characters a profile's address may have, but each é is six once the URL encodes it.
    const long = await h.ok('profiles:create', {
      name: 'Long',
      baseUrl: `${at().apiUrl}/${'é'.repeat(400)}`,
      vaultUrl: at().vaultUrl,
      apiKey: at().apiKey,
    });
    expect(serviceOf(long).length).toBeGreaterThan(2048);
    const signing = await h.invoke('workspace:signDrafts', {
      profileId: long.id,
      drafts: [
        {
          rowId: randomUUID(),
          kind: 'transfer',
          payload: { ...accounts(), amountCents: 73_01 },
          idempotencyKey: randomUUID(),
        },
      ],
    });
    expect(signing.ok ? null : signing.error).toMatchObject({ code: 'workspace', workspace: { kind: 'refused' } });
    expect(signing.ok ? '' : signing.error.message).toMatch(
      /^Nothing was signed: this profile’s service address is too long for this desktop to remember which workspace approves it/,
    );
    // What the next start reads: the workspace, still there, and no draft line it would skip.
    const kept = await new WorkspaceFile(h.dir).read();
    expect(kept.workspaces.map((w) => w.name)).toEqual(['Acme Treasury']);
    expect(kept.damaged).toBe(false);
    expect((await readdir(h.dir)).filter((f) => f.startsWith('workspaces.json.damaged'))).toEqual([]);
    const drafts = await readFile(join(h.dir, 'team-drafts.jsonl'), 'utf8').catch(() => '');
    expect(drafts).not.toContain('%C3%A9');
  });

  it('main itself never writes a covered service the file could not read back', async () => {
    const { h, workspaceId } = team.admin;
    const ws = h.core.workspaces;
    const long = `${SERVICE()}/${'x'.repeat(2100)}`;
    await expect(
      ws.drafted(await ws.get(workspaceId), long, [{ rowId: randomUUID(), key: randomUUID() }]),
    ).rejects.toMatchObject({ kind: 'refused' });
    const file = new WorkspaceFile(h.dir);
    const [stored] = (await file.read()).workspaces;
    if (!stored) throw new Error('the workspace is not in the file');
    const before = await readFile(join(h.dir, 'workspaces.json'), 'utf8');
    await expect(
      file.write([{ ...stored, services: Array.from({ length: 1001 }, (_, i) => `${SERVICE()}/${i}`) }]),
    ).rejects.toMatchObject({ kind: 'refused' });
    expect(await readFile(join(h.dir, 'workspaces.json'), 'utf8')).toBe(before);
    expect((await file.read()).workspaces.map((w) => w.name)).toEqual(['Acme Treasury']);
  });

  it('leaving the workspace (confirmed in main’s prompt) makes a service it drafted for solo again', async () => {
    const { h, profileId } = team.admin;
    const signed = await h.ok('workspace:signDrafts', {
      profileId,
      drafts: [
        {
          rowId: randomUUID(),
          kind: 'transfer',
          payload: { ...accounts(), amountCents: 74_01 },
          idempotencyKey: randomUUID(),
        },
      ],
    });
    expect(signed.signed).toHaveLength(1);
    const solo = () =>
      h.invoke('outbox:send', {
        profileId,
        rowId: randomUUID(),
        kind: 'transfer',
        payload: { ...accounts(), amountCents: 74_02 },
        idempotencyKey: randomUUID(),
      });
    expect((await solo()).ok).toBe(false);
    expect(await h.ok('workspace:leave', { workspaceId: team.admin.workspaceId })).toEqual({ left: true });
    expect((await solo()).ok).toBe(true);
    expect(moved(74_02)).toBe(1);
  });
});

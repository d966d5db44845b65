import { describe, expect, it } from 'vitest';
import { member as testMember, sha256, signWith, statement } from '../support/team-fixtures';
import {
  addMember,
  decideAndPush,
  desktopCore,
  draftAndPush,
  memberOf,
  SERVICE,
  teamFixture,
  summaryOf,
  type Desktop,
} from '../support/workspace-helpers';

/**
 * Joining (the admin key compared in main's prompt, then pinned), registering, and the directory
 * every desktop verifies on each read: entries a database admin writes without an admin's key
 * are ignored and reported, a log cut back or rewritten is trusted not at all.
 */

const f = teamFixture({ Clerk: 'drafter', Carol: 'approver', Tom: 'approver' });

/** A directory entry written straight into the database, chained to the last one, signed by a key of the writer's choosing. */
async function insertDirectoryEntry(entry: object, by: string) {
  const last = (
    await f.su.query<{ seq: string; text: string }>('SELECT seq, text FROM team.directory ORDER BY seq DESC LIMIT 1')
  ).rows[0];
  const seq = Number(last?.seq) + 1;
  const forger = testMember('Forger', 'admin');
  const text = statement('directory', {
    workspace: f.team.admin.workspaceId,
    seq,
    prev: sha256(last?.text ?? ''),
    at: '2025-06-16T09:30:00.000Z',
    by,
    ...entry,
  });
  await f.su.query('INSERT INTO team.directory (seq, text, signature) VALUES ($1, $2, $3)', [
    seq,
    text,
    signWith(forger.key, text),
  ]);
  return { seq };
}

const directoryOf = (d: Desktop) => d.h.ok('workspace:directory', { workspaceId: d.workspaceId });

describe('joining a workspace', () => {
  it("compares the admin key's fingerprint in main's prompt, pins it, and waits for an admin to register the key", async () => {
    const login = await f.team.admin.h.ok('workspace:addLogin', { workspaceId: f.team.admin.workspaceId });
    const h = await desktopCore();
    try {
      const joined = await h.ok('workspace:join', {
        host: f.cluster.host,
        port: f.cluster.port,
        database: f.team.database,
        user: login.dbRole,
        password: login.password,
        name: 'Dana',
      });
      const adminView = await summaryOf(f.team.admin);
      const [connect, pin] = h.prompt.asked;
      expect(connect).toMatchObject({
        kind: 'workspace-connect',
        message: `Send the password you typed for the database role “${login.dbRole}” to ${f.cluster.host}:${f.cluster.port}/${f.team.database}?`,
      });
      expect(pin?.kind).toBe('workspace-pin');
      expect(pin?.detail.slice(2, 4).join(' ')).toBe(adminView?.me.fingerprint);
      expect(joined.adminFingerprint).toBe(adminView?.me.fingerprint);
      expect(joined.me.member).toBeNull();

      const request = (await directoryOf(f.team.admin)).joinRequests.find((r) => r.dbRole === login.dbRole);
      expect(request).toMatchObject({ name: 'Dana', fingerprint: joined.me.fingerprint, registered: false });
      const registered = await f.team.admin.h.ok('workspace:register', {
        workspaceId: f.team.admin.workspaceId,
        dbRole: login.dbRole,
        role: 'approver',
      });
      const asked = f.team.admin.h.prompt.of('workspace-sign').at(-1);
      expect(asked?.message).toBe('Register “Dana” as an approver, with the key below?');
      expect(asked?.detail.slice(2, 4).join(' ')).toBe(joined.me.fingerprint);
      expect(registered).toMatchObject({ name: 'Dana', role: 'approver', fingerprint: joined.me.fingerprint });
      expect((await h.ok('workspace:list'))[0]?.me.member).toMatchObject({ id: registered.id, role: 'approver' });
    } finally {
      await h.close();
    }
  });

  it('pins nothing and joins nothing when the fingerprints differ (the person answers no)', async () => {
    const login = await f.team.admin.h.ok('workspace:addLogin', { workspaceId: f.team.admin.workspaceId });
    const h = await desktopCore();
    try {
      h.prompt.answer = (q) => (q.kind === 'workspace-pin' ? 'decline' : 'confirm');
      const r = await h.invoke('workspace:join', {
        host: f.cluster.host,
        port: f.cluster.port,
        database: f.team.database,
        user: login.dbRole,
        password: login.password,
        name: 'Eve',
      });
      expect(r.ok ? 'joined' : r.error.code).toBe('declined');
      expect(await h.ok('workspace:list')).toEqual([]);
      const requests = await f.su.query('SELECT 1 FROM team.join_request WHERE db_role = $1', [login.dbRole]);
      expect(requests.rowCount).toBe(0);
    } finally {
      await h.close();
    }
  });

  it("makes a login only once the admin confirmed it in main's prompt", async () => {
    const admin = f.team.admin;
    const logins = async () =>
      (
        await f.su.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_roles WHERE rolname LIKE $1', [
          `${f.team.database}_m_%`,
        ])
      ).rows[0]?.n;
    const before = await logins();
    admin.h.prompt.answer = 'decline';
    try {
      const r = await admin.h.invoke('workspace:addLogin', { workspaceId: admin.workspaceId });
      expect(r.ok ? 'made' : r.error.code).toBe('declined');
    } finally {
      admin.h.prompt.answer = 'confirm';
    }
    expect(admin.h.prompt.asked.at(-1)).toMatchObject({
      title: 'Make a login for a new member',
      message: 'Make a new database login for Acme Treasury?',
    });
    expect(await logins()).toBe(before);
  });

  it('only an admin registers members, and the only admin cannot be demoted', async () => {
    const carol = memberOf(f.team, 'Carol');
    const r = await carol.h.invoke('workspace:register', {
      workspaceId: carol.workspaceId,
      dbRole: `${f.team.database}_m_00000000`,
      role: 'admin',
    });
    expect(r.ok ? 'registered' : r.error.workspace?.kind).toBe('refused');
    const demote = await f.team.admin.h.invoke('workspace:setRole', {
      workspaceId: f.team.admin.workspaceId,
      memberId: f.team.admin.member.id,
      role: 'approver',
    });
    expect(demote.ok ? 'demoted' : demote.error.message).toBe(
      "Ada Admin is the workspace's only admin: make another member an admin first.",
    );
  });
});

describe('the directory a database admin writes to', () => {
  it("ignores, on every desktop, a member inserted without an admin key, and that member's approvals never count", async () => {
    const clerk = memberOf(f.team, 'Clerk');
    const draft = await draftAndPush(clerk, 400_00);
    const fake = testMember('Mallory', 'approver');
    const { seq } = await insertDirectoryEntry(
      { entry: 'member', member: { ...fake.record, publicKey: testMember('x', 'admin').key.publicKey } },
      f.team.admin.member.id,
    );
    for (const d of [f.team.admin, clerk, memberOf(f.team, 'Tom')]) {
      const dir = await directoryOf(d);
      expect(dir.broken).toBeNull();
      expect(dir.members.map((m) => m.name)).not.toContain('Mallory');
      expect(dir.ignored).toContainEqual({
        seq,
        problem: `entry ${seq} does not count: its signature is not Ada Admin's: it was written by someone without that admin's key`,
      });
    }
    const [row] = await clerk.h.ok('workspace:rows', { workspaceId: clerk.workspaceId, rowIds: [draft.rowId] });
    expect(row?.verdict.status).toBe('waiting');
  });

  it('ignores a looser policy signed by a non-admin, and rows still need what the admin asked', async () => {
    await f.team.admin.h.ok('workspace:setPolicy', {
      workspaceId: f.team.admin.workspaceId,
      service: SERVICE,
      defaultApprovals: 2,
      rules: [],
    });
    expect(f.team.admin.h.prompt.of('workspace-sign').at(-1)?.message).toBe(
      `Sign version 1 of the approval policy for ${SERVICE}?`,
    );
    const { seq } = await insertDirectoryEntry(
      { entry: 'policy', policy: { service: SERVICE, version: 2, defaultApprovals: 1, rules: [] } },
      memberOf(f.team, 'Carol').member.id,
    );
    const clerk = memberOf(f.team, 'Clerk');
    const draft = await draftAndPush(clerk, 100_00);
    await decideAndPush(memberOf(f.team, 'Carol'), [draft]);
    const [row] = await clerk.h.ok('workspace:rows', { workspaceId: clerk.workspaceId, rowIds: [draft.rowId] });
    expect(row?.verdict).toMatchObject({ status: 'waiting', required: 2, missing: 1, policyVersion: 1 });
    const dir = await directoryOf(clerk);
    expect(dir.policies).toEqual([{ service: SERVICE, version: 1, defaultApprovals: 2, rules: [] }]);
    expect(dir.ignored.map((i) => i.seq)).toContain(seq);
  });

  it('trusts nothing once an entry it saw is rewritten or cut off, and sends nothing', async () => {
    const tom = memberOf(f.team, 'Tom');
    // A member removed by the admin; a database admin then deletes the removal, to make the member count again.
    const late = await addMember(f.cluster, f.team.admin, 'Late', 'approver', f.team.database);
    try {
      await f.team.admin.h.ok('workspace:setRole', {
        workspaceId: f.team.admin.workspaceId,
        memberId: late.member.id,
        role: 'removed',
      });
      const before = await directoryOf(tom);
      expect(before.broken).toBeNull();
      const draft = await draftAndPush(memberOf(f.team, 'Clerk'), 50_00);
      await f.su.query('SET session_replication_role = replica');
      await f.su.query('DELETE FROM team.directory WHERE seq >= $1', [before.head?.seq]);
      await f.su.query('SET session_replication_role = DEFAULT');
      const after = await tom.h.ok('workspace:directory', { workspaceId: tom.workspaceId });
      expect(after.broken?.problem).toBe(
        `the directory was cut back: this desktop saw entry ${before.head?.seq}, and it now ends at entry ${(before.head?.seq ?? 0) - 1}`,
      );
      const [row] = await tom.h.ok('workspace:rows', { workspaceId: tom.workspaceId, rowIds: [draft.rowId] });
      expect(row?.verdict.status).toBe('blocked');
    } finally {
      await late.h.close();
    }
  });
});

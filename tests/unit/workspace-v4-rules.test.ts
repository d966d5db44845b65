import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AT, sha256, signWith, statement, testKey } from '../support/team-fixtures';
import {
  asLogin,
  type Desktop,
  desktopCore,
  draftAndPush,
  memberOf,
  sqlState,
  teamFixture,
} from '../support/workspace-helpers';

/**
 * Schema version 4's rules for the chains and for who a login is, tried straight in SQL with
 * members' own logins (what someone holding a password can do without the member's key): the
 * audit and the directory take only their next entry, through team.append_chain, signed as the
 * login's own member; a login's request to join freezes once it is registered.
 */

const f = teamFixture({ Clerk: 'drafter', Carol: 'approver', Second: 'admin' });
let clerk: pg.Client;
let carol: pg.Client;
let second: pg.Client;

beforeAll(async () => {
  const login = (name: string) => asLogin(f.cluster, f.team.database, memberOf(f.team, name));
  [clerk, carol, second] = [await login('Clerk'), await login('Carol'), await login('Second')];
});
afterAll(async () => {
  await Promise.all([clerk, carol, second].map((c) => c?.end()));
});

const APPEND = 'SELECT team.append_chain($1, $2::bigint[], $3::text[], $4::text[])';

/** The audit's last entry as any member reads it: its number and the hash the next entry names. */
async function auditEnd(client: pg.Client): Promise<{ next: number; prev: string }> {
  const r = await client.query<{ seq: string; text: string }>(
    'SELECT seq, text FROM team.audit ORDER BY seq DESC LIMIT 1',
  );
  const last = r.rows[0];
  return last ? { next: Number(last.seq) + 1, prev: sha256(last.text) } : { next: 0, prev: '' };
}

/** An audit entry's text, written here apart from the app. */
const auditText = (seq: number, prev: string, by: Desktop) =>
  statement('audit', {
    workspace: by.workspaceId,
    seq,
    prev,
    at: AT,
    by: by.member.id,
    event: 'draft',
    subject: 'written by hand',
    detail: {},
  });

const auditCount = async () =>
  Number((await f.su.query<{ n: string }>('SELECT count(*) AS n FROM team.audit')).rows[0]?.n);

describe('the audit and the directory take only their next entry', () => {
  it('refuses every login a direct INSERT into the audit or the directory, admins included', async () => {
    const { next, prev } = await auditEnd(clerk);
    for (const [who, c] of [
      ['Clerk', clerk],
      ['Carol', carol],
      ['Second', second],
    ] as const) {
      const text = auditText(next, prev, memberOf(f.team, who));
      expect(
        await sqlState(c, 'INSERT INTO team.audit (seq, text, signature) VALUES ($1, $2, $3)', [next, text, 'sig']),
        who,
      ).toBe('42501');
      expect(await sqlState(c, "INSERT INTO team.directory (seq, text, signature) VALUES (1000, 'x', 'y')"), who).toBe(
        '42501',
      );
    }
  });

  it('refuses through append_chain an entry that is not the next: skipped ahead, naming another entry before it, the largest number, one already there', async () => {
    const me = memberOf(f.team, 'Clerk');
    const before = await auditCount();
    const { next, prev } = await auditEnd(clerk);
    const append = (seq: number | string, text: string, signature = signWith(testKey(), text)) =>
      sqlState(clerk, APPEND, ['audit', [seq], [text], [signature]]);
    expect(await append(next + 1, auditText(next + 1, prev, me))).toBe('22023');
    expect(await append(next, auditText(next, sha256('an entry that is not the last one'), me))).toBe('22023');
    // Numbered as the next, but the body says otherwise.
    expect(await append(next, auditText(next + 5, prev, me))).toBe('22023');
    // The largest bigint: taken, it would leave the chain no next number.
    const max = '9223372036854775807';
    expect(await append(max, auditText(0, prev, me).replace('"seq":0', `"seq":${max}`))).toBe('22023');
    expect(await append(0, auditText(0, '', me))).toBe('22023');
    // Not an audit entry at all.
    expect(
      await append(next, auditText(next, prev, me).replace('treasury-team/1 audit', 'treasury-team/1 directory')),
    ).toBe('22023');
    const message = await clerk.query(APPEND, ['audit', [next + 1], [auditText(next + 1, prev, me)], ['sig']]).then(
      () => 'appended',
      (e: Error) => e.message,
    );
    expect(message).toBe(
      `entry ${next + 1} is not the next entry of the audit (that is ${next}, after the entry it names)`,
    );
    expect(await auditCount()).toBe(before);
  });

  it("refuses an entry whose signer is another member, and a directory entry from a login that is not an admin's", async () => {
    const before = await auditCount();
    const { next, prev } = await auditEnd(clerk);
    const asCarol = auditText(next, prev, memberOf(f.team, 'Carol'));
    expect(await sqlState(clerk, APPEND, ['audit', [next], [asCarol], ['sig']])).toBe('42501');
    expect(await sqlState(carol, APPEND, ['directory', [1000], ['treasury-team/1 directory\n{}'], ['sig']])).toBe(
      '42501',
    );
    expect(await auditCount()).toBe(before);
  });

  it('takes a junk entry that is the next one, and the chain goes on after it: the desktops show it as a break and move past it', async () => {
    const clerkDesktop = memberOf(f.team, 'Clerk');
    const reader = memberOf(f.team, 'Carol');
    const read = () => reader.h.ok('workspace:audit', { workspaceId: reader.workspaceId });
    const remembered = async () => (await reader.h.core.workspaces.get(reader.workspaceId)).stored.heads.audit;
    const seen = await read();
    expect(seen.breaks).toEqual([]);
    expect(await remembered()).toEqual(seen.head);

    // The Clerk's password, without the Clerk's key: the entry is the next one, so the workspace takes it.
    const { next: junk, prev } = await auditEnd(clerk);
    const text = auditText(junk, prev, clerkDesktop);
    expect(await sqlState(clerk, APPEND, ['audit', [junk], [text], [signWith(testKey(), text)]])).toBe('ok');
    // The next honest write appends after it.
    const draft = await draftAndPush(clerkDesktop, 12_34);

    const after = await read();
    expect(after.breaks).toEqual([
      { seq: junk, problem: `entry ${junk} is not signed by Clerk: it was written or changed by someone else` },
    ]);
    expect(
      after.lines.filter((l) => l.seq >= junk).map((l) => [l.seq, l.body?.event, l.body?.subject, l.check]),
    ).toEqual([
      [junk, 'draft', 'written by hand', 'bad-signature'],
      [junk + 1, 'draft', draft.rowId, 'ok'],
    ]);
    expect(after.rolledBack).toBe(false);
    // Reported where it is, every time; the newest entry seen moves on past it.
    expect(await remembered()).toEqual(after.head);
    expect(after.head?.seq).toBe(junk + 1);
    expect((await read()).breaks).toEqual(after.breaks);
  });
});

describe('who a login is', () => {
  it('freezes a request to join once its login is registered: no second key behind a member', async () => {
    const clerkLogin = memberOf(f.team, 'Clerk').login?.dbRole;
    const renew = 'UPDATE team.join_request SET written_at = now() WHERE db_role = session_user';
    expect((await clerk.query(renew)).rowCount).toBe(0);
    // Joining again with the Clerk's password from another desktop cannot put its key there.
    const key = testKey();
    const request = statement('join', {
      workspace: f.team.admin.workspaceId,
      dbRole: clerkLogin,
      name: 'Not the Clerk',
      publicKey: key.publicKey,
      at: AT,
    });
    const upsert =
      'INSERT INTO team.join_request (text, signature) VALUES ($1, $2) ON CONFLICT (db_role) DO UPDATE SET text = EXCLUDED.text, signature = EXCLUDED.signature';
    expect(await sqlState(clerk, upsert, [request, signWith(key, request)])).toBe('42501');
    const kept = await f.su.query<{ text: string }>('SELECT text FROM team.join_request WHERE db_role = $1', [
      clerkLogin,
    ]);
    expect(kept.rows[0]?.text).not.toBe(request);

    // A login not registered yet still renews its own.
    const login = await f.team.admin.h.ok('workspace:addLogin', { workspaceId: f.team.admin.workspaceId });
    const h = await desktopCore();
    try {
      await h.ok('workspace:join', {
        host: f.cluster.host,
        port: f.cluster.port,
        database: f.team.database,
        user: login.dbRole,
        password: login.password,
        name: 'Newcomer',
      });
      const newcomer = new pg.Client({
        host: f.cluster.host,
        port: f.cluster.port,
        database: f.team.database,
        user: login.dbRole,
        password: login.password,
      });
      await newcomer.connect();
      try {
        expect((await newcomer.query(renew)).rowCount).toBe(1);
        await f.team.admin.h.ok('workspace:register', {
          workspaceId: f.team.admin.workspaceId,
          dbRole: login.dbRole,
          role: 'drafter',
        });
        expect((await newcomer.query(renew)).rowCount).toBe(0);
      } finally {
        await newcomer.end();
      }
    } finally {
      await h.close();
    }
  });

  it('never registers a second key for a login that is already a member', async () => {
    const admin = f.team.admin;
    const carolLogin = memberOf(f.team, 'Carol').login?.dbRole as string;
    // A database admin puts a request for a key of their own behind Carol's login (the login itself no longer can).
    const key = testKey();
    const request = statement('join', {
      workspace: admin.workspaceId,
      dbRole: carolLogin,
      name: 'Carol',
      publicKey: key.publicKey,
      at: AT,
    });
    await f.su.query('UPDATE team.join_request SET text = $1, signature = $2 WHERE db_role = $3', [
      request,
      signWith(key, request),
      carolLogin,
    ]);
    const asked = admin.h.prompt.asked.length;
    const r = await admin.h.invoke('workspace:register', {
      workspaceId: admin.workspaceId,
      dbRole: carolLogin,
      role: 'admin',
    });
    expect(r.ok ? 'registered' : r.error).toEqual({
      code: 'workspace',
      message: `${carolLogin} is registered already, as Carol: one login is one member.`,
      workspace: { kind: 'conflict', retryable: false },
    });
    expect(admin.h.prompt.asked.length).toBe(asked);
    const dir = await admin.h.ok('workspace:directory', { workspaceId: admin.workspaceId });
    expect(dir.members.filter((m) => m.dbRole === carolLogin).map((m) => [m.name, m.role])).toEqual([
      ['Carol', 'approver'],
    ]);
    expect(dir.ignored).toEqual([]);
  });
});

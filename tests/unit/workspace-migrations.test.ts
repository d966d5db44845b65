import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src/main/workspace/migrate';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/main/workspace/migrations';
import type { Migration } from '../../src/main/workspace/migrations/migration';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { sha256, statement } from '../support/team-fixtures';
import { desktopCore, sqlState, startTeam, type Team } from '../support/workspace-helpers';

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 120_000);
afterAll(() => cluster?.stop());

/** A fresh database and a client as its owner (not a superuser). */
async function ownerOf(): Promise<{ client: pg.Client; database: string }> {
  const database = `mig_${randomUUID().slice(0, 8)}`;
  const owner = await cluster.createWorkspaceDatabase(database);
  const client = new pg.Client({
    host: cluster.host,
    port: cluster.port,
    database,
    user: owner.user,
    password: owner.password,
  });
  await client.connect();
  return { client, database };
}

/** A member login made the way the workspace makes them, with its group. */
async function login(owner: pg.Client, database: string, group: string): Promise<pg.Client> {
  const user = `${database}_m_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
  const password = randomUUID();
  await owner.query(`CREATE ROLE ${user} LOGIN PASSWORD '${password}' IN ROLE ${database}_${group}`);
  const c = new pg.Client({ host: cluster.host, port: cluster.port, database, user, password });
  await c.connect();
  return c;
}

const versions = (rows: { version: number }[]) => rows.map((r) => r.version);

describe('the workspace schema, one version at a time', () => {
  it('version 1 from an empty database: the schema_version table, the roles, the directory', async () => {
    const { client, database } = await ownerOf();
    try {
      expect(await schemaVersion(client)).toBe(0);
      expect(await migrate(client, 1)).toEqual({ from: 0, to: 1 });
      expect(versions((await client.query('SELECT version FROM team.schema_version')).rows)).toEqual([1]);
      const groups = ['admin', 'approver', 'drafter', 'member'].map((g) => `${database}_${g}`);
      const roles = await client.query<{ rolname: string; rolcanlogin: boolean }>(
        'SELECT rolname, rolcanlogin FROM pg_roles WHERE rolname = ANY($1) ORDER BY rolname',
        [groups],
      );
      expect(roles.rows).toEqual(groups.map((rolname) => ({ rolname, rolcanlogin: false })));
      expect((await client.query("SELECT to_regclass('team.directory') AS t")).rows[0].t).toBe('team.directory');
      expect((await client.query("SELECT to_regclass('team.queue_row') AS t")).rows[0].t).toBeNull();
    } finally {
      await client.end();
    }
  });

  it('version 2 from version 1 with data: the directory and requests to join kept, the queue added', async () => {
    const { client, database } = await ownerOf();
    try {
      await migrate(client, 1);
      await client.query("INSERT INTO team.workspace (id, name, root_key) VALUES ($1, 'Old', 'k')", [randomUUID()]);
      const admin = await login(client, database, 'admin');
      await admin.query("INSERT INTO team.directory (seq, text, signature) VALUES (0, 'entry zero', 'sig')");
      await admin.query("INSERT INTO team.join_request (text, signature) VALUES ('please', 'sig')");
      expect(await migrate(client, 2)).toEqual({ from: 1, to: 2 });
      expect((await admin.query('SELECT seq, text FROM team.directory')).rows).toEqual([
        { seq: '0', text: 'entry zero' },
      ]);
      expect((await admin.query('SELECT text FROM team.join_request')).rows).toEqual([{ text: 'please' }]);
      const drafter = await login(client, database, 'drafter');
      await drafter.query(
        "INSERT INTO team.queue_row (id, service, kind, idempotency_key, payload, draft_text, amount_cents) VALUES ($1, 'https://x', 'transfer', $2, '{}', 'draft', 100)",
        [randomUUID(), randomUUID()],
      );
      expect((await admin.query('SELECT count(*)::int AS n FROM team.queue_row')).rows[0].n).toBe(1);
      await Promise.all([admin.end(), drafter.end()]);
    } finally {
      await client.end();
    }
  });

  it('version 3 from version 2 with data: open rows and decisions kept, claimable with fencing number 1', async () => {
    const { client, database } = await ownerOf();
    try {
      await migrate(client, 2);
      const drafter = await login(client, database, 'drafter');
      const approver = await login(client, database, 'approver');
      const row = randomUUID();
      await drafter.query(
        "INSERT INTO team.queue_row (id, service, kind, idempotency_key, payload, draft_text, amount_cents) VALUES ($1, 'https://x', 'transfer', $2, '{}', 'draft', 100)",
        [row, randomUUID()],
      );
      await approver.query(
        "INSERT INTO team.decision (id, row_id, member_id, decision, policy_version, text, signature) VALUES ($1, $2, $3, 'approve', 0, 'yes', 'sig')",
        [randomUUID(), row, randomUUID()],
      );
      expect(await migrate(client, 3)).toEqual({ from: 2, to: 3 });
      const kept = await approver.query(
        'SELECT state, fence::int AS fence, claims, lease_holder FROM team.queue_row WHERE id = $1',
        [row],
      );
      expect(kept.rows).toEqual([{ state: 'open', fence: 0, claims: 0, lease_holder: null }]);
      expect((await approver.query('SELECT count(*)::int AS n FROM team.decision')).rows[0].n).toBe(1);
      const claim = await approver.query('SELECT fence::int AS fence, taken_over FROM team.claim_row($1, 60000)', [
        row,
      ]);
      expect(claim.rows).toEqual([{ fence: 1, taken_over: false }]);
      await Promise.all([drafter.end(), approver.end()]);
    } finally {
      await client.end();
    }
  });

  it('version 4 from version 3 with data: everything kept; then chains take only their next entry, and what a version 3 claim left moves only as version 4 allows', async () => {
    const { client, database } = await ownerOf();
    const clients: pg.Client[] = [];
    try {
      await migrate(client, 3);
      const [admin, drafter, approver, newcomer] = [
        await login(client, database, 'admin'),
        await login(client, database, 'drafter'),
        await login(client, database, 'approver'),
        await login(client, database, 'member'),
      ];
      clients.push(admin, drafter, approver, newcomer);
      // Version 3 let an admin's login write any text into the directory: junk first, then a record naming the drafter's login.
      const drafterId = randomUUID();
      const record = statement('directory', {
        seq: 1,
        by: drafterId,
        entry: 'member',
        member: { id: drafterId, dbRole: drafter.user },
      });
      await admin.query(
        "INSERT INTO team.directory (seq, text, signature) VALUES (0, 'entry zero', 'sig'), (1, $1, 'sig')",
        [record],
      );
      await drafter.query("INSERT INTO team.audit (seq, text, signature) VALUES (0, 'audit zero', 'sig')");
      for (const c of [approver, newcomer])
        await c.query("INSERT INTO team.join_request (text, signature) VALUES ('please', 'sig')");
      const [sending, lost] = [randomUUID(), randomUUID()];
      for (const id of [sending, lost])
        await drafter.query(
          "INSERT INTO team.queue_row (id, service, kind, idempotency_key, payload, draft_text, amount_cents) VALUES ($1, 'https://x', 'transfer', $2, '{}', 'draft', 100)",
          [id, randomUUID()],
        );
      await approver.query(
        "INSERT INTO team.decision (id, row_id, member_id, decision, policy_version, text, signature) VALUES ($1, $2, $3, 'approve', 0, 'yes', 'sig')",
        [randomUUID(), sending, randomUUID()],
      );
      // Under version 3: one row claimed and sending; another left to a person, then claimed for review.
      await approver.query('SELECT * FROM team.claim_row($1, 3600000)', [sending]);
      await approver.query('SELECT * FROM team.claim_row($1, 60000)', [lost]);
      await approver.query("SELECT team.record_outcome($1, 1, 'needs-review', 'the answer was lost')", [lost]);
      await approver.query('SELECT * FROM team.claim_row($1, 3600000, true)', [lost]);

      expect(await migrate(client, 4)).toEqual({ from: 3, to: 4 });
      expect((await admin.query('SELECT seq, text FROM team.directory ORDER BY seq')).rows).toEqual([
        { seq: '0', text: 'entry zero' },
        { seq: '1', text: record },
      ]);
      expect((await admin.query('SELECT seq, text FROM team.audit')).rows).toEqual([{ seq: '0', text: 'audit zero' }]);
      expect((await admin.query("SELECT to_regclass('team.row_event') AS t")).rows[0].t).toBe('team.row_event');
      expect((await admin.query('SELECT count(*)::int AS n FROM team.decision')).rows[0].n).toBe(1);
      const rows = await admin.query<{ id: string; state: string; fence: number }>(
        'SELECT id::text, state, fence::int AS fence FROM team.queue_row',
      );
      expect(Object.fromEntries(rows.rows.map((r) => [r.id, [r.state, r.fence]]))).toEqual({
        [sending]: ['open', 1],
        [lost]: ['needs-review', 2],
      });
      expect((await admin.query('SELECT count(*)::int AS n FROM team.row_event')).rows[0].n).toBe(0);

      // The chains: no direct INSERT any more, for admins either; the next entry, through append_chain, whatever junk came before.
      expect(
        await sqlState(drafter, "INSERT INTO team.audit (seq, text, signature) VALUES (1, 'audit one', 'sig')"),
      ).toBe('42501');
      expect(
        await sqlState(admin, "INSERT INTO team.directory (seq, text, signature) VALUES (2, 'entry two', 'sig')"),
      ).toBe('42501');
      const next = statement('audit', { seq: 1, prev: sha256('audit zero'), by: drafterId, event: 'draft' });
      expect(
        await sqlState(drafter, "SELECT team.append_chain('audit', ARRAY[1]::bigint[], ARRAY[$1], ARRAY['sig'])", [
          next,
        ]),
      ).toBe('ok');
      expect(
        await sqlState(
          drafter,
          "SELECT team.append_chain('audit', ARRAY[2]::bigint[], ARRAY['treasury-team/1 audit\nnot json'], ARRAY['sig'])",
        ),
      ).toBe('22023');
      // The version 3 functions are gone: a claim for review is not a thing any more.
      expect(await sqlState(approver, 'SELECT * FROM team.claim_row($1, 60000, true)', [lost])).toBe('42883');
      // The claim standing from version 3 records its outcome, with a statement, under its fencing number...
      await approver.query("SELECT team.record_outcome($1, 1, 'sent', 'transfer tr_1', $2, 'statement', 'sig')", [
        sending,
        randomUUID(),
      ]);
      // ...but the claim for review records nothing: only an approver's review moves that row now.
      expect(
        await sqlState(approver, "SELECT team.record_outcome($1, 2, 'open', 'retry', $2, 'statement', 'sig')", [
          lost,
          randomUUID(),
        ]),
      ).toBe('TF001');
      const after = await admin.query<{ id: string; state: string }>('SELECT id::text, state FROM team.queue_row');
      expect(Object.fromEntries(after.rows.map((r) => [r.id, r.state]))).toEqual({
        [sending]: 'sent',
        [lost]: 'needs-review',
      });

      // A registered login's request to join is frozen; one not registered yet is still renewed.
      const renew = "UPDATE team.join_request SET text = 'again' WHERE db_role = session_user";
      expect((await approver.query(renew)).rowCount).toBe(0);
      expect((await newcomer.query(renew)).rowCount).toBe(1);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
      await client.end();
    }
  });

  it('the newest version is what this app works with, and running the migrations again changes nothing', async () => {
    const { client } = await ownerOf();
    try {
      expect(await migrate(client)).toEqual({ from: 0, to: SCHEMA_VERSION });
      expect(await migrate(client)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
      expect(versions((await client.query('SELECT version FROM team.schema_version ORDER BY version')).rows)).toEqual(
        MIGRATIONS.map((m) => m.version),
      );
    } finally {
      await client.end();
    }
  });
});

describe('a workspace newer than this app', () => {
  let team: Team;
  beforeAll(async () => {
    team = await startTeam(cluster, {});
  }, 120_000);
  afterAll(() => team?.close());

  it("is upgraded by an admin with the owner's credentials, asked in main's prompt and used for that call only", async () => {
    const admin = team.admin;
    const wrong = await admin.h.invoke('workspace:upgrade', {
      workspaceId: admin.workspaceId,
      ownerUser: team.owner.user,
      ownerPassword: 'not the password',
    });
    expect(wrong.ok ? 'upgraded' : wrong.error.workspace?.kind).toBe('auth');
    expect(
      await admin.h.ok('workspace:upgrade', {
        workspaceId: admin.workspaceId,
        ownerUser: team.owner.user,
        ownerPassword: team.owner.password,
      }),
    ).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
    expect(admin.h.prompt.of('workspace-connect').at(-1)?.title).toBe('Upgrade a team workspace');
    admin.h.prompt.answer = 'decline';
    const declined = await admin.h.invoke('workspace:upgrade', {
      workspaceId: admin.workspaceId,
      ownerUser: team.owner.user,
      ownerPassword: team.owner.password,
    });
    expect(declined.ok ? 'upgraded' : declined.error.code).toBe('declined');
    admin.h.prompt.answer = 'confirm';
  });

  it('is refused, with the reason, by a desktop joining it and by one already in it', async () => {
    const newer: Migration = {
      version: SCHEMA_VERSION + 1,
      name: 'from the future',
      sql: () => 'ALTER TABLE team.queue_row ADD COLUMN future text',
    };
    const owner = new pg.Client({
      host: cluster.host,
      port: cluster.port,
      database: team.database,
      user: team.owner.user,
      password: team.owner.password,
    });
    await owner.connect();
    const loginForLater = await team.admin.h.ok('workspace:addLogin', { workspaceId: team.admin.workspaceId });
    await migrate(owner, SCHEMA_VERSION + 1, [...MIGRATIONS, newer]);
    await owner.end();
    const reason = `The workspace was set up by a newer version of Treasury Desktop (schema version ${SCHEMA_VERSION + 1}; this app knows up to ${SCHEMA_VERSION}). Nothing was read or written: update the app to use it.`;

    const joiner = await desktopCore();
    try {
      const r = await joiner.invoke('workspace:join', {
        host: cluster.host,
        port: cluster.port,
        database: team.database,
        user: loginForLater.dbRole,
        password: loginForLater.password,
        name: 'Late',
      });
      expect(r.ok ? 'joined' : r.error).toEqual({
        code: 'workspace',
        message: reason,
        workspace: { kind: 'version', retryable: false },
      });
      expect(joiner.prompt.of('workspace-pin')).toEqual([]);
    } finally {
      await joiner.close();
    }
    // The admin's desktop finds out on its next probe, and every call says why.
    const status = await team.admin.h.ok('workspace:check', { workspaceId: team.admin.workspaceId });
    expect(status).toMatchObject({ state: 'degraded', reason });
    const rows = await team.admin.h.invoke('workspace:rows', { workspaceId: team.admin.workspaceId });
    expect(rows.ok ? 'read' : rows.error.message).toBe(reason);
  });
});

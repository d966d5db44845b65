import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { asLogin, draftAndPush, memberOf, sqlState, startTeam, type Team } from '../support/workspace-helpers';

/**
 * What each member's own database role may do, tried straight in SQL with their login (what
 * someone who stole a password could do, without the desktop or its key): the grants and
 * row-level security of docs/team-workspace.md, "Roles and grants".
 */

let cluster: PgCluster;
let team: Team;
let clerk: pg.Client;
let carol: pg.Client;
let admin2: pg.Client;
let rowByClerk: string;
let rowByCarol: string;

beforeAll(async () => {
  cluster = await startPgCluster();
  team = await startTeam(cluster, { Clerk: 'drafter', Carol: 'approver', Second: 'admin' });
  clerk = await asLogin(cluster, team.database, memberOf(team, 'Clerk'));
  carol = await asLogin(cluster, team.database, memberOf(team, 'Carol'));
  admin2 = await asLogin(cluster, team.database, memberOf(team, 'Second'));
  rowByClerk = (await draftAndPush(memberOf(team, 'Clerk'), 500_00)).rowId;
  rowByCarol = (await draftAndPush(memberOf(team, 'Carol'), 700_00)).rowId;
}, 180_000);
afterAll(async () => {
  await Promise.all([clerk, carol, admin2].map((c) => c?.end()));
  await team?.close();
  await cluster?.stop();
});

const DECISION =
  'INSERT INTO team.decision (id, row_id, member_id, decision, policy_version, text, signature) VALUES ($1, $2, $3, $4, 0, $5, $6)';

describe('what a member role may write', () => {
  it('a drafter cannot insert an approval', async () => {
    expect(await sqlState(clerk, DECISION, [randomUUID(), rowByCarol, randomUUID(), 'approve', 'text', 'sig'])).toBe(
      '42501',
    );
  });

  it('an approver cannot approve a row its own login drafted, nor write a decision as another login', async () => {
    expect(await sqlState(carol, DECISION, [randomUUID(), rowByCarol, randomUUID(), 'approve', 'text', 'sig'])).toBe(
      '42501',
    );
    expect(
      await sqlState(carol, `${DECISION.replace('signature)', 'signature, db_role)').replace('$6)', '$6, $7)')}`, [
        randomUUID(),
        rowByClerk,
        randomUUID(),
        'approve',
        'text',
        'sig',
        memberOf(team, 'Clerk').login?.dbRole,
      ]),
    ).toBe('42501');
    expect(await sqlState(carol, DECISION, [randomUUID(), rowByClerk, randomUUID(), 'approve', 'text', 'sig'])).toBe(
      'ok',
    );
  });

  it('nobody updates or deletes a row, a decision, an audit entry or a directory entry; rows change only through the claim functions', async () => {
    for (const c of [clerk, carol, admin2]) {
      expect(await sqlState(c, "UPDATE team.queue_row SET state = 'sent'")).toBe('42501');
      expect(await sqlState(c, 'DELETE FROM team.queue_row')).toBe('42501');
      expect(await sqlState(c, "UPDATE team.audit SET text = 'edited'")).toBe('42501');
      expect(await sqlState(c, 'DELETE FROM team.audit')).toBe('42501');
      expect(await sqlState(c, 'TRUNCATE team.audit')).toBe('42501');
      expect(await sqlState(c, "UPDATE team.decision SET decision = 'reject'")).toBe('42501');
      expect(await sqlState(c, 'DELETE FROM team.directory')).toBe('42501');
      expect(await sqlState(c, 'SELECT team.held_claim($1, 1)', [rowByClerk])).toBe('42501');
      // A row's signed history is written only by the functions that move the row, in the same step.
      expect(
        await sqlState(
          c,
          "INSERT INTO team.row_event (id, row_id, event, text, signature) VALUES ($1, $2, 'cancel', 'x', 'y')",
          [randomUUID(), rowByClerk],
        ),
      ).toBe('42501');
      expect(await sqlState(c, "UPDATE team.row_event SET text = 'edited'")).toBe('42501');
      expect(await sqlState(c, 'DELETE FROM team.row_event')).toBe('42501');
    }
    // The owner itself is stopped by the tables' triggers (it could drop them: hence the signatures and chains).
    const owner = await cluster.connectAsSuperuser(team.database);
    try {
      await owner.query(`SET ROLE ${team.owner.user}`);
      expect(await sqlState(owner, "UPDATE team.audit SET text = 'edited' WHERE seq = 0")).toBe('42501');
      expect(await sqlState(owner, 'DELETE FROM team.directory WHERE seq = 1')).toBe('42501');
      expect(await sqlState(owner, 'TRUNCATE team.row_event')).toBe('42501');
    } finally {
      await owner.end();
    }
  });

  it('a drafter adds rows only as itself, and only open ones', async () => {
    const insert =
      'INSERT INTO team.queue_row (id, service, kind, idempotency_key, payload, draft_text, amount_cents, db_role, state) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)';
    const base = [randomUUID(), 'https://api.example.test', 'transfer', randomUUID(), '{}', 'draft', 1];
    expect(await sqlState(clerk, insert, [...base, memberOf(team, 'Carol').login?.dbRole, 'open'])).toBe('42501');
    expect(await sqlState(clerk, insert, [...base, memberOf(team, 'Clerk').login?.dbRole, 'sent'])).toBe('42501');
  });

  it('only admins write the directory (through append_chain) or manage logins, and only logins of this workspace', async () => {
    expect(await sqlState(carol, "INSERT INTO team.directory (seq, text, signature) VALUES (1000, 'x', 'y')")).toBe(
      '42501',
    );
    expect(
      await sqlState(carol, "SELECT team.append_chain('directory', ARRAY[1000]::bigint[], ARRAY['x'], ARRAY['y'])"),
    ).toBe('42501');
    expect(await sqlState(carol, "SELECT team.create_login('x', 'SCRAM-SHA-256$x')")).toBe('42501');
    expect(
      await sqlState(carol, 'SELECT team.set_login_role($1, $2)', [memberOf(team, 'Carol').login?.dbRole, 'admin']),
    ).toBe('42501');
    expect(await sqlState(admin2, "SELECT team.set_login_role('postgres', 'admin')")).toBe('22023');
    expect(await sqlState(admin2, `SELECT team.create_login('${team.database}_m_0000000a', 'plain password')`)).toBe(
      '22023',
    );
  });

  it('a member reads its own request to join, an admin reads them all', async () => {
    const own = await clerk.query<{ db_role: string }>('SELECT db_role FROM team.join_request');
    expect(own.rows.map((r) => r.db_role)).toEqual([memberOf(team, 'Clerk').login?.dbRole]);
    const all = await admin2.query('SELECT db_role FROM team.join_request');
    expect(all.rows.length).toBe(3);
  });

  it("a removed member's login can no longer sign in", async () => {
    const carolId = memberOf(team, 'Carol').member.id;
    await team.admin.h.ok('workspace:setRole', {
      workspaceId: team.admin.workspaceId,
      memberId: carolId,
      role: 'removed',
    });
    const again = await asLogin(cluster, team.database, memberOf(team, 'Carol')).then(
      (c) => c.end().then(() => 'signed in'),
      (error: { code?: string }) => error.code,
    );
    expect(again).toBe('28000');
  });
});

import { createPrivateKey, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asLogin, keychainOf, PINNED_NOW, type Desktop } from '../support/workspace-helpers';
import { attackable, booked, drafted, letSend, viewOf } from '../support/hostile-db-helpers';
import { sha256, statement } from '../support/team-fixtures';

// A hostile database against the directory and the decisions: an entry withheld from one desktop,
// a login registered twice, a decision replayed under another policy version, junk in the audit.
// Statements the test forges are written here, in the service's signed form, with keys the test
// holds (a member's own key taken from their keychain: a dishonest member), apart from the app.

const a = attackable();
// Each test waits on whole runs of main's sender on a shared two-core machine.
const LONG = 120_000;
const AT = new Date(PINNED_NOW).toISOString();

/** A member's own signing key, as a dishonest member (or whoever took their keychain) holds it. */
async function keyOf(d: Desktop) {
  const key = createPrivateKey({
    key: Buffer.from((await keychainOf(d)).signingKey, 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  return (text: string) => sign(null, Buffer.from(text, 'utf8'), key).toString('base64');
}

/** The directory's entries as the superuser reads them. */
async function directory() {
  return (
    await a.su.query<{ seq: string; text: string }>('SELECT seq, text FROM team.directory ORDER BY seq')
  ).rows.map((r) => ({ seq: Number(r.seq), text: r.text }));
}

describe('a hostile database against the directory and the decisions', () => {
  it(
    'a stricter policy withheld from the sending desktop: a row whose statements name it waits there, and nothing is sent',
    async () => {
      const service = (await viewOf(a.clerk, (await drafted(a, 'transfer', 8_000, { approve: false })).draft.rowId))
        .service;
      // Version 1 asks one approver; every desktop verifies it.
      await a.team.admin.h.ok('workspace:setPolicy', {
        workspaceId: a.team.admin.workspaceId,
        service,
        defaultApprovals: 1,
        rules: [],
      });
      await a.treasurer.h.ok('workspace:directory', { workspaceId: a.treasurer.workspaceId });
      const seen = (await directory()).length;
      // From now on the Treasurer's login sees no newer entry: the database shows it another directory.
      await a.su.query(
        `CREATE POLICY withheld ON team.directory AS RESTRICTIVE FOR SELECT TO ${a.treasurer.login?.dbRole} USING (seq < ${seen})`,
      );
      // Version 2 asks two; the Clerk drafts and the Controller approves under it.
      await a.team.admin.h.ok('workspace:setPolicy', {
        workspaceId: a.team.admin.workspaceId,
        service,
        defaultApprovals: 2,
        rules: [],
      });
      const { draft, key } = await drafted(a, 'transfer', 8_001);
      await letSend(a.treasurer);
      expect(booked(a.client, 8_001, key)).toEqual({ moves: 0, requests: 0 });
      const there = await viewOf(a.treasurer, draft.rowId);
      expect(there.verdict).toMatchObject({ status: 'blocked' });
      expect(there.verdict.status === 'blocked' ? there.verdict.text : '').toBe(
        `Clerk signed it under directory entry ${seen}, which this desktop has not verified yet (it has up to entry ${seen - 1}). It waits until this desktop reads that entry: an entry kept from one desktop must not loosen the policy there.`,
      );
      // Where the directory is whole, the row needs a second approver.
      expect((await viewOf(a.controller, draft.rowId)).verdict).toMatchObject({
        status: 'waiting',
        needed: '1 more approver; you approved it',
      });
      await a.su.query('DROP POLICY withheld ON team.directory');
    },
    LONG,
  );

  it(
    'a login registered twice with two keys: refused in the database and in main, and a second key for one login never counts',
    async () => {
      const controllerLogin = a.controller.login?.dbRole ?? '';
      // Its request to join cannot be rewritten once registered.
      const asController = await asLogin(a.cluster, a.team.database, a.controller);
      try {
        const renewed = await asController.query(
          'UPDATE team.join_request SET written_at = now() WHERE db_role = session_user',
        );
        expect(renewed.rowCount).toBe(0);
      } finally {
        await asController.end();
      }
      // The admin asks main to register the same login again (the request rewritten as the database's admin, with another key): refused.
      const second = generateKeyPairSync('ed25519');
      const secondPublic = second.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
      const join = statement('join', {
        workspace: a.team.admin.workspaceId,
        dbRole: controllerLogin,
        name: 'Controller',
        publicKey: secondPublic,
        at: AT,
      });
      await a.su.query('UPDATE team.join_request SET text = $1, signature = $2 WHERE db_role = $3', [
        join,
        sign(null, Buffer.from(join), second.privateKey).toString('base64'),
        controllerLogin,
      ]);
      const again = await a.team.admin.h.invoke('workspace:register', {
        workspaceId: a.team.admin.workspaceId,
        dbRole: controllerLogin,
        role: 'approver',
      });
      expect(again.ok ? 'registered' : again.error.message).toBe(
        `${controllerLogin} is registered already, as Controller: one login is one member.`,
      );
      // A dishonest admin signs the second registration themselves and writes it as the next entry: every desktop ignores it.
      const adminSign = await keyOf(a.team.admin);
      const entries = await directory();
      const last = entries.at(-1) as { seq: number; text: string };
      const twinId = randomUUID();
      const twin = statement('directory', {
        workspace: a.team.admin.workspaceId,
        seq: last.seq + 1,
        prev: sha256(last.text),
        at: AT,
        by: a.team.admin.member.id,
        entry: 'member',
        member: {
          id: twinId,
          name: 'Controller (again)',
          role: 'approver',
          publicKey: secondPublic,
          dbRole: controllerLogin,
          status: 'active',
        },
      });
      const asAdmin = await asLogin(a.cluster, a.team.database, { ...a.team.admin, login: await adminLogin() });
      try {
        await asAdmin.query("SELECT team.append_chain('directory', $1::bigint[], $2::text[], $3::text[])", [
          [last.seq + 1],
          [twin],
          [adminSign(twin)],
        ]);
      } finally {
        await asAdmin.end();
      }
      const listed = await a.treasurer.h.ok('workspace:directory', { workspaceId: a.treasurer.workspaceId });
      expect(listed.ignored.map((i) => i.problem)).toContain(
        `entry ${last.seq + 1} does not count: its login ${controllerLogin} is Controller's already: one login is one member`,
      );

      // A row the policy gives two approvers (the last test's version 2), approved by the Controller and by the twin key.
      const { draft, key } = await drafted(a, 'transfer', 8_002);
      const decision = statement('decision', {
        workspace: a.team.admin.workspaceId,
        id: randomUUID(),
        row: draft.rowId,
        payloadHash: sha256(draft.payload),
        service: (await viewOf(a.clerk, draft.rowId)).service,
        policyVersion: 2,
        decision: 'approve',
        by: twinId,
        at: AT,
      });
      await a.su.query(
        "INSERT INTO team.decision (id, row_id, member_id, decision, policy_version, text, signature, db_role) VALUES ($1, $2, $3, 'approve', 2, $4, $5, 'twin')",
        [
          randomUUID(),
          draft.rowId,
          twinId,
          decision,
          sign(null, Buffer.from(decision), second.privateKey).toString('base64'),
        ],
      );
      await letSend(a.treasurer);
      expect(booked(a.client, 8_002, key)).toEqual({ moves: 0, requests: 0 });
      const row = await viewOf(a.treasurer, draft.rowId);
      expect(row.verdict).toMatchObject({ status: 'waiting', needed: '1 more approver' });
      expect(row.verdict.ignored).toEqual([{ problem: 'it is signed by someone who is not a member' }]);
    },
    LONG,
  );

  it(
    'a decision replayed under another policy version counts once',
    async () => {
      const { draft, key } = await drafted(a, 'transfer', 8_003);
      const [decision] = (
        await a.su.query<{ text: string; signature: string }>(
          'SELECT text, signature FROM team.decision WHERE row_id = $1',
          [draft.rowId],
        )
      ).rows;
      // The Controller's approval, copied as the database's admin under another version's column and another login's name.
      await a.su.query(
        "INSERT INTO team.decision (id, row_id, member_id, decision, policy_version, text, signature, db_role) VALUES ($1, $2, $3, 'approve', 3, $4, $5, 'replayed')",
        [randomUUID(), draft.rowId, a.controller.member.id, decision?.text, decision?.signature],
      );
      await letSend(a.treasurer);
      expect(booked(a.client, 8_003, key)).toEqual({ moves: 0, requests: 0 });
      expect((await viewOf(a.treasurer, draft.rowId)).verdict).toMatchObject({
        status: 'waiting',
        needed: '1 more approver',
        approvedBy: [a.controller.member.id],
      });
    },
    LONG,
  );

  it(
    'junk in the audit at the next entry and at the largest one neither freezes the workspace nor moves money; the audit shows it and moves on past it',
    async () => {
      const clerk = await asLogin(a.cluster, a.team.database, a.clerk);
      try {
        const [last] = (
          await a.su.query<{ seq: string; text: string }>('SELECT seq, text FROM team.audit ORDER BY seq DESC LIMIT 1')
        ).rows;
        const next = Number(last?.seq) + 1;
        const junkAt = (seq: number, prev: string) =>
          statement('audit', {
            workspace: a.clerk.workspaceId,
            seq,
            prev,
            at: AT,
            by: a.clerk.member.id,
            event: 'cancel',
            subject: 'junk',
            detail: {},
          });
        await expect(
          clerk.query('INSERT INTO team.audit (seq, text, signature) VALUES ($1, $2, $3)', [
            '9223372036854775807',
            junkAt(0, ''),
            'x',
          ]),
        ).rejects.toThrow(/permission denied/);
        await expect(
          clerk.query("SELECT team.append_chain('audit', $1::bigint[], $2::text[], $3::text[])", [
            ['9223372036854775807'],
            [junkAt(0, '')],
            ['x'],
          ]),
        ).rejects.toThrow(/is not the next entry/);
        // At the next entry, chained right, under the Clerk's own name, with a signature that is not theirs.
        await clerk.query("SELECT team.append_chain('audit', $1::bigint[], $2::text[], $3::text[])", [
          [next],
          [junkAt(next, sha256(last?.text ?? ''))],
          [Buffer.alloc(64).toString('base64')],
        ]);
        const audit = await a.treasurer.h.ok('workspace:audit', { workspaceId: a.treasurer.workspaceId });
        expect(audit.breaks).toContainEqual({
          seq: next,
          problem: `entry ${next} is not signed by Clerk: it was written or changed by someone else`,
        });
        expect(audit.rolledBack).toBe(false);
      } finally {
        await clerk.end();
      }
      // Work goes on after it: a transfer is drafted, approved and sent once, every step audited after the junk.
      const { draft, key } = await drafted(a, 'transfer', 8_004);
      await a.team.admin.h.ok('workspace:setPolicy', {
        workspaceId: a.team.admin.workspaceId,
        service: (await viewOf(a.clerk, draft.rowId)).service,
        defaultApprovals: 1,
        rules: [],
      });
      await letSend(a.treasurer);
      expect(booked(a.client, 8_004, key)).toEqual({ moves: 1, requests: 1 });
      const after = await a.treasurer.h.ok('workspace:audit', { workspaceId: a.treasurer.workspaceId });
      expect(after.rolledBack).toBe(false);
      expect(after.head?.seq).toBeGreaterThan((after.breaks[0]?.seq ?? 0) + 3);
    },
    LONG,
  );
});

/** The admin's own database login, as the admin's desktop keeps it (an admin with SQL uses it straight). */
async function adminLogin(): Promise<{ dbRole: string; password: string }> {
  const summary = (await a.team.admin.h.ok('workspace:list')).find((w) => w.id === a.team.admin.workspaceId);
  if (!summary) throw new Error('the admin desktop is not in the workspace');
  return { dbRole: summary.dbRole, password: (await keychainOf(a.team.admin)).password };
}

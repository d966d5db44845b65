import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Events } from '../../src/shared/ipc';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { startTcpGate, type TcpGate } from '../support/tcp-gate';
import { member as testMember, sha256, signWith, sortedJson, statement } from '../support/team-fixtures';
import {
  addMember,
  asLogin,
  decideAndPush,
  draftAndPush,
  mainOf,
  memberOf,
  SERVICE,
  signDraft,
  signDrafts,
  signedOnly,
  startTeam,
  transfer,
  type Desktop,
  type Team,
} from '../support/workspace-helpers';

let cluster: PgCluster;
let team: Team;
let gate: TcpGate;
/** A drafter whose only way to the workspace is `gate` (the test cuts it to put the desktop offline). */
let roaming: Desktop;

beforeAll(async () => {
  cluster = await startPgCluster();
  team = await startTeam(cluster, { Clerk: 'drafter', Controller: 'approver', Treasurer: 'approver' });
  gate = await startTcpGate({ host: cluster.host, port: cluster.port });
  roaming = await addMember(cluster, team.admin, 'Roaming', 'approver', team.database, { port: gate.port });
}, 180_000);
afterAll(async () => {
  await roaming?.h.close();
  await team?.close();
  await gate?.close();
  await cluster?.stop();
});

const rowsOf = (d: Desktop, rowIds: string[]) => d.h.ok('workspace:rows', { workspaceId: d.workspaceId, rowIds });
/** Waiting on a state, however busy the machine: long enough never to decide the outcome. */
const POLL = { timeout: 30_000 };
const changes = (d: Desktop) =>
  d.h.events.filter((e) => e.event === 'workspace:changed').map((e) => e.payload as Events['workspace:changed']);

describe('the shared queue', () => {
  it('a draft needs an approver other than its drafter, and says so', async () => {
    const clerk = memberOf(team, 'Clerk');
    const controller = memberOf(team, 'Controller');
    const draft = await draftAndPush(clerk, 125_00);
    const [row] = await rowsOf(controller, [draft.rowId]);
    expect(row?.verdict).toMatchObject({ status: 'waiting', missing: 1, needed: '1 more approver' });
    expect(row).toMatchObject({
      service: SERVICE,
      kind: 'transfer',
      payload: transfer(125_00),
      drafter: { id: clerk.member.id, name: 'Clerk' },
    });
    const [own] = await rowsOf(clerk, [draft.rowId]);
    expect(own?.verdict).toMatchObject({ status: 'waiting', needed: '1 more approver; you drafted this one' });
    await decideAndPush(controller, [draft]);
    const [after] = await rowsOf(clerk, [draft.rowId]);
    expect(after?.verdict).toMatchObject({ status: 'ready', approvedBy: [controller.member.id] });
  });

  it('tells every other desktop about a new row and a new approval (LISTEN/NOTIFY)', async () => {
    const treasurer = memberOf(team, 'Treasurer');
    const draft = await draftAndPush(memberOf(team, 'Clerk'), 33_00);
    await expect
      .poll(
        () => changes(treasurer).some((c) => c.table === 'queue_row' && c.keys?.includes(draft.rowId) === true),
        POLL,
      )
      .toBe(true);
    await decideAndPush(memberOf(team, 'Controller'), [draft]);
    await expect
      .poll(
        () => changes(treasurer).some((c) => c.table === 'decision' && c.keys?.includes(draft.rowId) === true),
        POLL,
      )
      .toBe(true);
  });

  it("refuses in main an approval of one's own row, and a drafter approving at all", async () => {
    const controller = memberOf(team, 'Controller');
    const own = await draftAndPush(controller, 10_00);
    const signed = { text: own.text, signature: own.signature, payload: own.payload };
    const r = await controller.h.invoke('workspace:decide', {
      workspaceId: controller.workspaceId,
      drafts: [signed],
      decision: 'approve',
    });
    expect(r.ok ? 'approved' : r.error.message).toBe(
      'You drafted one of these: a drafter never approves their own row. Nothing was approved.',
    );
    const clerk = memberOf(team, 'Clerk');
    const byClerk = await clerk.h.invoke('workspace:decide', {
      workspaceId: clerk.workspaceId,
      drafts: [signed],
      decision: 'approve',
    });
    expect(byClerk.ok ? 'approved' : byClerk.error.message).toBe(
      'You are a drafter in this workspace: only approvers and admins approve or reject.',
    );
  });

  it('signs the request as the service reads it: a field it does not know is not signed or sent', async () => {
    const clerk = memberOf(team, 'Clerk');
    const payload = { ...transfer(15_00), callbackUrl: 'https://attacker.example/' };
    const draft = await signDraft(clerk, 'transfer', payload);
    expect(JSON.parse(draft.payload)).toEqual(transfer(15_00));
    const bad = await clerk.h.invoke('workspace:signDrafts', {
      profileId: clerk.profileId,
      drafts: [
        {
          rowId: randomUUID(),
          kind: 'transfer',
          payload: { ...transfer(15_00), destination: 'acct_main' },
          idempotencyKey: randomUUID(),
        },
      ],
    });
    expect(bad.ok ? 'signed' : bad.error.workspace?.kind).toBe('invalid');
  });

  it("signs a profile's drafts for the workspace that covers its service, after one prompt listing each, under the directory it verified", async () => {
    const clerk = memberOf(team, 'Clerk');
    const asked = clerk.h.prompt.asked.length;
    const signed = await signDrafts(clerk, [
      { kind: 'transfer', payload: transfer(1_01) },
      { kind: 'transfer', payload: transfer(1_02) },
      { kind: 'transfer', payload: transfer(1_03) },
    ]);
    const questions = clerk.h.prompt.asked.slice(asked);
    expect(questions.map((q) => q.message)).toEqual(['Sign these 3 drafts, $3.06 in all, for Acme Treasury?']);
    expect(questions[0]?.detail.filter((line) => line.includes('$1.0'))).toHaveLength(3);
    const head = (await clerk.h.ok('workspace:directory', { workspaceId: clerk.workspaceId })).head;
    expect(signed.map((d) => (JSON.parse(d.text.slice(d.text.indexOf('\n') + 1)) as { dir?: unknown }).dir)).toEqual([
      head,
      head,
      head,
    ]);
    // Declined: nothing is signed.
    clerk.h.prompt.answer = 'decline';
    try {
      const declined = await clerk.h.invoke('workspace:signDrafts', {
        profileId: clerk.profileId,
        drafts: [{ rowId: randomUUID(), kind: 'transfer', payload: transfer(1_04), idempotencyKey: randomUUID() }],
      });
      expect(declined.ok ? 'signed' : declined.error.code).toBe('declined');
    } finally {
      clerk.h.prompt.answer = 'confirm';
    }
  });

  it('refuses a decision on a row whose draft has not reached the workspace, saying so', async () => {
    const clerk = memberOf(team, 'Clerk');
    const controller = memberOf(team, 'Controller');
    const unpushed = await signDraft(clerk, 'transfer', transfer(14_00));
    const decisions = await controller.h.ok('workspace:decide', {
      workspaceId: controller.workspaceId,
      drafts: [{ text: unpushed.text, signature: unpushed.signature, payload: unpushed.payload }],
      decision: 'approve',
    });
    const pushed = await controller.h.ok('workspace:push', {
      workspaceId: controller.workspaceId,
      drafts: [],
      decisions,
    });
    expect(pushed.decisions).toEqual([
      {
        id: expect.any(String),
        status: 'refused',
        problem:
          'The row this decides is not in the workspace: its draft has not reached it yet. Try again once it has.',
      },
    ]);
  });

  it('writes a push in one transaction: one item refused is undone alone, the others land together', async () => {
    const clerk = memberOf(team, 'Clerk');
    const controller = memberOf(team, 'Controller');
    const [a, b] = [await draftAndPush(clerk, 16_01), await draftAndPush(clerk, 16_02)];
    const unpushed = await signDraft(clerk, 'transfer', transfer(16_03));
    const decisions = await controller.h.ok('workspace:decide', {
      workspaceId: controller.workspaceId,
      drafts: [a, unpushed, b].map(signedOnly),
      decision: 'approve',
    });
    const pushed = await controller.h.ok('workspace:push', {
      workspaceId: controller.workspaceId,
      drafts: [],
      decisions,
    });
    expect(pushed.decisions.map((d) => d.status)).toEqual(['added', 'refused', 'added']);
    const su = await cluster.connectAsSuperuser(team.database);
    try {
      // now() is the transaction's start, to the microsecond: both approvals share it, and each has its audit entry.
      const written = await su.query<{ row_id: string; at: string }>(
        'SELECT row_id, written_at::text AS at FROM team.decision WHERE row_id = ANY($1)',
        [[a.rowId, b.rowId, unpushed.rowId]],
      );
      expect(written.rows.map((r) => r.row_id).sort()).toEqual([a.rowId, b.rowId].sort());
      expect(new Set(written.rows.map((r) => r.at)).size).toBe(1);
      const audited = await su.query<{ text: string }>('SELECT text FROM team.audit');
      const subjects = audited.rows
        .map((r) => JSON.parse(r.text.slice(r.text.indexOf('\n') + 1)) as { event: string; subject: string })
        .filter((e) => e.event === 'approve')
        .map((e) => e.subject);
      expect(subjects).toEqual(expect.arrayContaining([a.rowId, b.rowId]));
      expect(subjects).not.toContain(unpushed.rowId);
    } finally {
      await su.end();
    }
  });

  it("counts nothing written straight into the database: no signature, a bad one, a removed member's, one over another payload", async () => {
    const su = await cluster.connectAsSuperuser(team.database);
    const clerk = memberOf(team, 'Clerk');
    const treasurer = memberOf(team, 'Treasurer');
    const clerkLogin = await asLogin(cluster, team.database, clerk);
    try {
      const insertRow = (
        client: pg.Client,
        payload: string,
        text: string,
        signature: string | null,
        id = randomUUID(),
        key = randomUUID(),
      ) =>
        client
          .query(
            'INSERT INTO team.queue_row (id, service, kind, idempotency_key, payload, draft_text, draft_signature, amount_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, 100)',
            [id, SERVICE, 'transfer', key, payload, text, signature],
          )
          .then(() => id);
      const payload = sortedJson(transfer(9_999_00, 'acct_thief'));
      const draftText = (id: string, key: string, drafter: string, over = payload) =>
        statement('draft', {
          workspace: clerk.workspaceId,
          id,
          service: SERVICE,
          kind: 'transfer',
          idempotencyKey: key,
          payloadHash: sha256(over),
          drafter,
          at: '2025-06-16T09:30:00.000Z',
        });

      const unsigned = await insertRow(su, payload, '', null);
      const idA = randomUUID();
      const keyA = randomUUID();
      const badSig = await insertRow(
        su,
        payload,
        draftText(idA, keyA, clerk.member.id),
        signWith(testMember('x', 'drafter').key, draftText(idA, keyA, clerk.member.id)),
        idA,
        keyA,
      );
      // A real draft of the Clerk's, its payload then swapped in the database.
      const real = await draftAndPush(clerk, 12_00);
      await su.query('UPDATE team.queue_row SET payload = $1 WHERE id = $2', [payload, real.rowId]);
      // A removed member drafts with their real key, after removal.
      const leaver = await addMember(cluster, team.admin, 'Leaver', 'approver', team.database);
      const leaverDraft = await draftAndPush(leaver, 20_00);
      await team.admin.h.ok('workspace:setRole', {
        workspaceId: team.admin.workspaceId,
        memberId: leaver.member.id,
        role: 'removed',
      });
      await leaver.h.close();
      // The Clerk's stolen password, without the Clerk's key: the login writes, the signature does not hold.
      const [idS, keyS] = [randomUUID(), randomUUID()];
      const stolen = await insertRow(
        clerkLogin,
        payload,
        draftText(idS, keyS, clerk.member.id),
        signWith(testMember('z', 'drafter').key, draftText(idS, keyS, clerk.member.id)),
        idS,
        keyS,
      );

      const rows = await rowsOf(treasurer, [unsigned, badSig, real.rowId, leaverDraft.rowId, stolen]);
      const reasons = Object.fromEntries(
        rows.map((r) => [r.id, r.verdict.status === 'never' ? r.verdict.reason : r.verdict.status]),
      );
      expect(reasons).toEqual({
        [unsigned]: 'unsigned',
        [badSig]: 'bad-signature',
        [real.rowId]: 'payload-mismatch',
        [leaverDraft.rowId]: 'removed-drafter',
        [stolen]: 'bad-signature',
      });
      // What nobody signed is never shown as a request; the removed member's own draft still reads as what they signed.
      for (const r of rows) expect(r.payload === null).toBe(r.id !== leaverDraft.rowId);
      const claims = await mainOf(treasurer).claim([unsigned, badSig, real.rowId, leaverDraft.rowId, stolen]);
      expect(claims.map((c) => (c.claimed ? 'claimed' : c.why))).toEqual([
        'not-ready',
        'not-ready',
        'not-ready',
        'not-ready',
        'not-ready',
      ]);
      const touched = await su.query('SELECT count(*)::int AS n FROM team.row_event WHERE row_id = ANY($1)', [
        [unsigned, badSig, real.rowId, leaverDraft.rowId, stolen],
      ]);
      expect(touched.rows[0]?.n).toBe(0);
      // An approval forged in the database for a real row does not count either.
      const genuine = await draftAndPush(clerk, 13_00);
      const forgedDecision = statement('decision', {
        workspace: clerk.workspaceId,
        id: randomUUID(),
        row: genuine.rowId,
        payloadHash: sha256(genuine.payload),
        service: SERVICE,
        policyVersion: 0,
        decision: 'approve',
        by: treasurer.member.id,
        at: '2025-06-16T09:30:00.000Z',
      });
      await su.query(
        "INSERT INTO team.decision (id, row_id, member_id, decision, policy_version, text, signature) VALUES ($1, $2, $3, 'approve', 0, $4, $5)",
        [
          randomUUID(),
          genuine.rowId,
          treasurer.member.id,
          forgedDecision,
          signWith(testMember('y', 'admin').key, forgedDecision),
        ],
      );
      const [g] = await rowsOf(clerk, [genuine.rowId]);
      expect(g?.verdict).toMatchObject({
        status: 'waiting',
        ignored: [{ by: 'Treasurer', problem: "its signature is not Treasurer's" }],
      });
    } finally {
      await clerkLogin.end();
      await su.end();
    }
  });
});

describe('offline: drafts and approvals signed without the workspace, pushed when it answers again', () => {
  it('signs offline, refuses the push while unreachable, then pushes once however often it is pushed', async () => {
    const controller = memberOf(team, 'Controller');
    // It saw its own registration before going offline (signing offline needs the directory that has it).
    expect((await roaming.h.ok('workspace:list'))[0]?.me.member?.role).toBe('approver');
    const before = roaming.h.events.length;
    const after = () => roaming.h.events.slice(before);
    await gate.shut();
    const draft = await signDraft(roaming, 'transfer', transfer(77_00));
    const signedDraft = { text: draft.text, signature: draft.signature, payload: draft.payload };
    const offline = await roaming.h.invoke('workspace:push', {
      workspaceId: roaming.workspaceId,
      drafts: [signedDraft],
      decisions: [],
    });
    expect(offline.ok ? 'pushed' : offline.error).toMatchObject({
      code: 'workspace',
      workspace: { kind: 'unreachable', retryable: true },
    });
    await expect
      .poll(
        () =>
          after().some(
            (e) => e.event === 'workspace:connectivity' && (e.payload as { state: string }).state === 'offline',
          ),
        POLL,
      )
      .toBe(true);

    await gate.open();
    // The monitor's probe notices by itself, the LISTEN connection comes back and says to read again.
    await expect
      .poll(
        () =>
          after().some((e) => e.event === 'workspace:changed' && (e.payload as { table: string }).table === 'resync'),
        POLL,
      )
      .toBe(true);
    const first = await roaming.h.ok('workspace:push', {
      workspaceId: roaming.workspaceId,
      drafts: [signedDraft],
      decisions: [],
    });
    const again = await roaming.h.ok('workspace:push', {
      workspaceId: roaming.workspaceId,
      drafts: [signedDraft],
      decisions: [],
    });
    expect([first.drafts[0]?.status, again.drafts[0]?.status]).toEqual(['added', 'already-there']);
    const [row] = await rowsOf(controller, [draft.rowId]);
    expect(row?.drafter?.name).toBe('Roaming');

    // Approving offline: the signature is made on this desktop and reaches the workspace later, once.
    const other = await draftAndPush(memberOf(team, 'Clerk'), 88_00);
    await rowsOf(roaming, [other.rowId]);
    await gate.shut();
    const decisions = await roaming.h.ok('workspace:decide', {
      workspaceId: roaming.workspaceId,
      drafts: [{ text: other.text, signature: other.signature, payload: other.payload }],
      decision: 'approve',
    });
    await gate.open();
    await expect
      .poll(async () => (await roaming.h.ok('workspace:check', { workspaceId: roaming.workspaceId })).state, POLL)
      .toBe('online');
    const pushed = await roaming.h.ok('workspace:push', { workspaceId: roaming.workspaceId, drafts: [], decisions });
    const twice = await roaming.h.ok('workspace:push', { workspaceId: roaming.workspaceId, drafts: [], decisions });
    expect([pushed.decisions[0]?.status, twice.decisions[0]?.status]).toEqual(['added', 'already-there']);
    const [approved] = await rowsOf(controller, [other.rowId]);
    expect(approved?.verdict).toMatchObject({ status: 'ready', approvedBy: [roaming.member.id] });
    expect(approved?.decisions).toHaveLength(1);
  });
});

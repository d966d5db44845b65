import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { startCore } from '../support/core-helpers';
import { member as testMember, sha256, signWith, sortedJson, statement } from '../support/team-fixtures';
import { expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { openSection, startDemo } from './harness/flows';
import { teamTest as test } from './harness/team';
import {
  createTeam,
  holdTheKey,
  mainOf,
  profileIdOf,
  serviceOfUrl,
  signOne,
  type Member,
} from './harness/team-forgery';

/**
 * Forgery against the ledger: an admin's and an approver's desktops, each holding the API key of
 * a live profile on one sandbox, share a workspace whose policy asks one approver besides the
 * drafter. Rows and approvals are then written straight into the workspace's tables as the
 * PostgreSQL superuser (a database admin, or whoever took that access). A genuine row the
 * approver approves on screen is sent, so both desktops' senders ran with the forgeries in view;
 * the sandbox's ledger shows it moved money once and that no forged amount ever moved. The
 * approver's inbox says, in words, why each forged row never goes and which approvals do not
 * count. Each row has its own amount, and each expected reason is written here.
 */

let sandbox: Sandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox({ seed: 31, transactions: 20, startAt: PINNED_NOON });
});
test.afterAll(async () => {
  await sandbox.close();
});

const AMOUNTS = {
  unsigned: 101_01,
  badSignature: 102_02,
  removedDrafter: 103_03,
  changedPayload: 104_04,
  /** What the changed payload asks instead. */
  changedTo: 904_04,
  unknownDrafter: 105_05,
  forgedApprovals: 106_06,
  /** The other payload an approver was shown for the row with forged approvals. */
  otherPayload: 906_06,
  control: 107_07,
} as const;

const moved = (amountCents: number) => sandbox.world.ledger.filter((e) => e.amountCents === amountCents).length;

test('rows and approvals written straight into the workspace never move money, and the inbox says why; the genuine row is sent once', async ({
  app,
  pg,
  desktop,
}) => {
  test.slow();
  const service = serviceOfUrl(sandbox.apiUrl);
  const world = sandbox.world;
  const source = world.primaryVirtualAccountId;
  const destination =
    [...world.virtualAccounts.values()].find((v) => v.id !== source && v.closedAt === null)?.id ?? 'missing';
  const transfer = (amountCents: number) => ({ source, destination, amountCents });

  // Two desktops, each with the sandbox's API key on a live profile (the Demo is always solo).
  const bo = await desktop();
  for (const d of [app, bo]) {
    await d.open();
    await startDemo(d.page);
    await holdTheKey(d, sandbox);
  }

  // The workspace: Ada (admin, on `app`) and Bo (approver, on `bo`); one approver besides the drafter.
  const team = await createTeam(pg, mainOf(app), 'ws_forgery');
  const { workspaceId } = team;
  const ada = team.admin;
  const boMember = await team.add(mainOf(bo), 'Bo Approver', 'approver', 2);
  await ada.main.call('workspace:setPolicy', { workspaceId, service, defaultApprovals: 1, rules: [] }, 1);
  // Lee, a third approver on a desktop with no window and no API key: removed later.
  const leeCore = await startCore({ now: app.clock.now, workspaceBackoffMs: 50 });
  const su = await pg.connectAsSuperuser(team.database);
  try {
    const lee = await team.add(mainOf(leeCore), 'Lee Leaver', 'approver', 0);
    // Lee's desktop drafts for a profile of the same service; its sending is paused (it holds a key nobody checks here).
    const leeProfile = await leeCore.ok('profiles:create', {
      name: 'Acme',
      baseUrl: sandbox.apiUrl,
      vaultUrl: sandbox.vaultUrl,
      apiKey: sandbox.apiKey,
    });
    await leeCore.ok('outbox:pause', { profileId: leeProfile.id, paused: true });
    const profiles = new Map<string, string>([
      [ada.id, await profileIdOf(ada.main, 'Acme')],
      [boMember.id, await profileIdOf(boMember.main, 'Acme')],
      [lee.id, leeProfile.id],
    ]);
    const draft = async (who: Member, amountCents: number, rowId?: string) =>
      signOne(who.main, profiles.get(who.id) ?? '', 'transfer', transfer(amountCents), who === lee ? 0 : 1, rowId);
    const push = (
      who: Member,
      drafts: { text: string; signature: string; payload: string }[],
      decisions: { text: string; signature: string }[] = [],
    ) =>
      who.main.call('workspace:push', {
        workspaceId,
        drafts: drafts.map(({ text, signature, payload }) => ({ text, signature, payload })),
        decisions,
      });
    const approve = (who: Member, d: { text: string; signature: string; payload: string }, asks: number) =>
      who.main.call(
        'workspace:decide',
        { workspaceId, drafts: [{ text: d.text, signature: d.signature, payload: d.payload }], decision: 'approve' },
        asks,
      );

    // --- Rows written straight into the queue ---
    const insertRow = async (
      amountCents: number,
      text: (id: string, key: string, payload: string) => string,
      sign: ((text: string) => string) | null,
    ) => {
      const [id, key, payload] = [randomUUID(), randomUUID(), sortedJson(transfer(amountCents))];
      const t = text(id, key, payload);
      await su.query(
        'INSERT INTO team.queue_row (id, service, kind, idempotency_key, payload, draft_text, draft_signature, amount_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [id, service, 'transfer', key, payload, t, sign ? sign(t) : null, amountCents],
      );
      return id;
    };
    const draftText = (drafter: string) => (id: string, key: string, payload: string) =>
      statement('draft', {
        workspace: workspaceId,
        id,
        service,
        kind: 'transfer',
        idempotencyKey: key,
        payloadHash: sha256(payload),
        drafter,
        at: new Date(app.clock.now()).toISOString(),
      });
    const strangerKey = testMember('stranger', 'admin').key;

    const unsigned = await insertRow(AMOUNTS.unsigned, () => '', null);
    // Ada's name on it, someone else's key under it.
    const badSignature = await insertRow(AMOUNTS.badSignature, draftText(ada.id), (t) => signWith(strangerKey, t));
    const unknownDrafter = await insertRow(AMOUNTS.unknownDrafter, draftText(randomUUID()), (t) =>
      signWith(strangerKey, t),
    );
    // Lee drafts for real, and is removed below.
    const leeDraft = await draft(lee, AMOUNTS.removedDrafter);
    await push(lee, [leeDraft]);
    // Ada drafts for real; its payload is then changed in the database, and Bo approves what Ada signed.
    const changed = await draft(ada, AMOUNTS.changedPayload);
    await push(ada, [changed]);
    await su.query('UPDATE team.queue_row SET payload = $1, amount_cents = $2 WHERE id = $3', [
      sortedJson(transfer(AMOUNTS.changedTo)),
      AMOUNTS.changedTo,
      changed.rowId,
    ]);
    const boOnChanged = await approve(boMember, changed, 1);
    await push(boMember, [], boOnChanged);

    // --- Approvals written straight into the decisions, on Ada's genuine row that needs one ---
    const needy = await draft(ada, AMOUNTS.forgedApprovals);
    await push(ada, [needy]);
    // Lee approves it while a member; the approval reaches the table only after Lee's removal.
    const [leeApproval] = await approve(lee, needy, 0);
    await ada.main.call('workspace:setRole', { workspaceId, memberId: lee.id, role: 'removed' }, 1);
    // Bo is shown the same row with another payload, signed by Ada, and approves that.
    const other = await draft(ada, AMOUNTS.otherPayload, needy.rowId);
    const [boOnOther] = await approve(boMember, other, 1);
    const boClaim = (by: string) =>
      statement('decision', {
        workspace: workspaceId,
        id: randomUUID(),
        row: needy.rowId,
        payloadHash: sha256(needy.payload),
        service,
        policyVersion: 1,
        decision: 'approve',
        by,
        at: new Date(app.clock.now()).toISOString(),
      });
    // Bo's genuine approval over the other payload, its text then edited to name the real one: Bo's signature no longer holds.
    const edited = (boOnOther?.text ?? '').replace(sha256(other.payload), sha256(needy.payload));
    const forgedDecisions: [string, string, string | null][] = [
      [boMember.id, boClaim(boMember.id), null],
      [boMember.id, edited, boOnOther?.signature ?? ''],
      [lee.id, leeApproval?.text ?? '', leeApproval?.signature ?? ''],
      [boMember.id, boOnOther?.text ?? '', boOnOther?.signature ?? ''],
      // Bo's approval of another row (the changed one), put on this one.
      [boMember.id, boOnChanged[0]?.text ?? '', boOnChanged[0]?.signature ?? ''],
    ];
    for (const [i, [memberId, text, signature]] of forgedDecisions.entries())
      await insertDecision(su, needy.rowId, memberId, text, signature, `forged_${i}`);

    // --- The control row: Ada's, approved by Bo on screen, then sent by one of the desktops ---
    const control = await draft(ada, AMOUNTS.control);
    await push(ada, [control]);
    await openSection(bo.page, 'Approvals');
    const inbox = bo.page.getByRole('list', { name: 'Waiting for approval' });
    const item = (rowId: string) => inbox.getByRole('listitem').filter({ hasText: rowId });
    await expect(item(control.rowId)).toContainText('1 more approver');
    await item(control.rowId).getByRole('checkbox').check();
    await bo.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await bo.prompts.confirm();
    await expect.poll(() => moved(AMOUNTS.control), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(
        async () =>
          (await su.query<{ state: string }>('SELECT state FROM team.queue_row WHERE id = $1', [control.rowId])).rows[0]
            ?.state,
      )
      .toBe('sent');
    await expect(item(control.rowId)).toHaveCount(0);

    // The ledger, after the senders ran with all of it in view: no forged amount ever moved.
    const forged = [
      AMOUNTS.unsigned,
      AMOUNTS.badSignature,
      AMOUNTS.unknownDrafter,
      AMOUNTS.removedDrafter,
      AMOUNTS.changedPayload,
      AMOUNTS.changedTo,
      AMOUNTS.forgedApprovals,
      AMOUNTS.otherPayload,
    ];
    expect(forged.map((a) => [a, moved(a)])).toEqual(forged.map((a) => [a, 0]));

    // Every forged row stays in the inbox, saying why it never goes.
    const never: [string, string][] = [
      [unsigned, "Nobody signed it: it was written into the workspace by someone without a member's key."],
      [
        badSignature,
        "Its signature is not Ada Admin's: it was written or changed in the workspace by someone without that member's key.",
      ],
      [
        unknownDrafter,
        "Its drafter is not in the workspace's signed directory: it was written by someone who is not a member.",
      ],
      [leeDraft.rowId, 'Its drafter, Lee Leaver, was removed from the workspace.'],
      [changed.rowId, 'Its payload is not the one Ada Admin signed: it was changed in the workspace.'],
    ];
    for (const [rowId, why] of never) {
      await expect(item(rowId).getByRole('definition').filter({ hasText: why })).toHaveText(why);
    }
    // What nobody signed shows no amount: the database's column is not read.
    await expect(item(unsigned)).toContainText('Amount not known');
    // The row with forged approvals still waits for a real one, and lists those that do not count.
    const needyItem = item(needy.rowId);
    // Said once, on the who-line, with no approver named: none of the forged approvals counts.
    await expect(needyItem).toContainText(/Requested by [^·]+ · needs 1 more approver, not /);
    await expect(needyItem.getByRole('definition').filter({ hasText: 'more approver' })).toHaveCount(0);
    await needyItem.getByText('Decisions that do not count (4)').click();
    await expect(needyItem.getByRole('listitem')).toHaveText([
      "Bo Approver: its signature is not Bo Approver's",
      "Bo Approver: its signature is not Bo Approver's",
      'Lee Leaver: Lee Leaver was removed from the workspace',
      'Bo Approver: Bo Approver signed it over another payload',
    ]);

    const states = await su.query<{ state: string; n: string }>(
      'SELECT state, count(*) AS n FROM team.queue_row GROUP BY state ORDER BY state',
    );
    expect(moved(AMOUNTS.control)).toBe(1);
    expect(states.rows.map((r) => [r.state, Number(r.n)])).toEqual([
      ['open', 6],
      ['sent', 1],
    ]);
  } finally {
    await su.end();
    await leeCore.close();
  }
});

/** A decision row as the superuser writes it: any text, any signature, under a login name of its own (one per login, row and version). */
async function insertDecision(
  su: pg.Client,
  rowId: string,
  memberId: string,
  text: string,
  signature: string | null,
  dbRole: string,
): Promise<void> {
  await su.query(
    "INSERT INTO team.decision (id, row_id, member_id, decision, policy_version, text, signature, db_role) VALUES ($1, $2, $3, 'approve', 1, $4, $5, $6)",
    [randomUUID(), rowId, memberId, text, signature, dbRole],
  );
}

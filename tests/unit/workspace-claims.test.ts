import { describe, expect, it } from 'vitest';
import type { ClaimResult, OutcomeInput } from '../../src/main/workspace/claims';
import {
  decideAndPush,
  draftAndPush,
  mainOf,
  memberOf,
  rowOf,
  teamFixture,
  type Desktop,
} from '../support/workspace-helpers';

const f = teamFixture({ Clerk: 'drafter', Controller: 'approver', Treasurer: 'approver' });

type Claimed = Extract<ClaimResult, { claimed: true }>;

/** A transfer drafted by the Clerk and approved by the Controller: ready to send. */
async function readyRow(amountCents = 250_00): Promise<string> {
  const draft = await draftAndPush(memberOf(f.team, 'Clerk'), amountCents);
  await decideAndPush(memberOf(f.team, 'Controller'), [draft]);
  return draft.rowId;
}

/** main's own claim of one row on `d` (no channel reaches it: main's team sender calls it). */
async function claim(d: Desktop, rowId: string): Promise<ClaimResult> {
  const [answer] = await mainOf(d).claim([rowId]);
  if (!answer) throw new Error(`no answer for ${rowId}`);
  return answer;
}

function claimedOf(c: ClaimResult): Claimed {
  if (!c.claimed) throw new Error(`not claimed: ${c.why}: ${c.text}`);
  return c;
}

/** Records what sending came to under claim `c` (its fencing number unless another is given), as main's sender does. */
async function record(d: Desktop, c: Claimed, state: OutcomeInput['state'], detail: string, fence = c.fence) {
  const [answer] = await mainOf(d).outcomes([{ rowId: c.rowId, fence, payloadHash: c.payloadHash, state, detail }]);
  return answer;
}

/** The lease's expiry passes (the database's clock is not the test's to pin: the row's expiry is moved instead). */
const expireLease = (rowId: string) =>
  f.su.query("UPDATE team.queue_row SET lease_expires = now() - interval '1 second' WHERE id = $1", [rowId]);

/** The signed statements the workspace holds about a row, as `event fence by-login`. */
async function rowEvents(rowId: string): Promise<string[]> {
  const r = await f.su.query<{ event: string; fence: string; db_role: string }>(
    'SELECT event, fence, db_role FROM team.row_event WHERE row_id = $1 ORDER BY n',
    [rowId],
  );
  return r.rows.map((e) => `${e.event} ${e.fence} ${e.db_role}`);
}

const loginOf = (name: string) => memberOf(f.team, name).login?.dbRole;

describe('claims: one sender per row, under a lease with a fencing number', () => {
  it('gives a row to one of two desktops claiming it at the same moment', async () => {
    const rowId = await readyRow();
    const [a, b] = await Promise.all([
      claim(memberOf(f.team, 'Controller'), rowId),
      claim(memberOf(f.team, 'Treasurer'), rowId),
    ]);
    const won = [a, b].filter((c) => c.claimed);
    const lost = [a, b].filter((c): c is Extract<ClaimResult, { claimed: false }> => !c.claimed);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({
      fence: 1,
      takenOver: false,
      unresolved: [],
      kind: 'transfer',
      payload: { amountCents: 250_00 },
    });
    expect(lost[0]?.why).toBe('held');
    expect(await rowEvents(rowId)).toHaveLength(1);
  });

  it('gives each of many rows to exactly one of two desktops claiming them all at once', async () => {
    // Drafted one after another, as main asks the person one question at a time.
    const rows: string[] = [];
    for (let i = 0; i < 12; i++) rows.push(await readyRow(1_00 + i));
    const claimAll = (d: Desktop) => Promise.all(rows.map((rowId) => claim(d, rowId).then((c) => ({ rowId, c }))));
    const [byController, byTreasurer] = await Promise.all([
      claimAll(memberOf(f.team, 'Controller')),
      claimAll(memberOf(f.team, 'Treasurer')),
    ]);
    for (const rowId of rows) {
      const winners = [...byController, ...byTreasurer].filter((x) => x.rowId === rowId && x.c.claimed);
      expect(winners, rowId).toHaveLength(1);
    }
  });

  it('lets another desktop take over an expired lease, and refuses the outcome of the claim it replaced', async () => {
    const rowId = await readyRow();
    const controller = memberOf(f.team, 'Controller');
    const treasurer = memberOf(f.team, 'Treasurer');
    const first = claimedOf(await claim(controller, rowId));
    expect(first.fence).toBe(1);
    expect(await claim(treasurer, rowId)).toMatchObject({ claimed: false, why: 'held' });

    await expireLease(rowId);
    const second = claimedOf(await claim(treasurer, rowId));
    // The Controller's claim has no signed outcome: its request may have reached the service.
    expect(second).toMatchObject({
      fence: 2,
      takenOver: true,
      unresolved: [{ fence: 1, by: controller.member.id, byName: 'Controller' }],
    });

    // The first desktop comes back from its pause and tries to record what it did: refused, and nothing is written.
    expect(await record(controller, first, 'sent', 'transfer tr_1')).toEqual({
      rowId,
      recorded: false,
      text: 'Another desktop took this row over: its outcome is theirs to record.',
    });
    await expect(mainOf(controller).renew(rowId, 1)).rejects.toMatchObject({ kind: 'stale-claim' });
    expect(await rowEvents(rowId)).toEqual([`claim 1 ${loginOf('Controller')}`, `claim 2 ${loginOf('Treasurer')}`]);

    expect(await mainOf(treasurer).renew(rowId, 2)).toHaveProperty('leaseExpires');
    expect(await record(treasurer, second, 'sent', 'transfer tr_2')).toEqual({ rowId, recorded: true });
    const row = await rowOf(treasurer, rowId);
    expect(row).toMatchObject({
      state: 'sent',
      dbState: 'sent',
      note: null,
      outcome: 'transfer tr_2',
      lease: null,
      fence: 2,
      claims: 2,
    });
    expect(row?.history.last).toBe("sent by Treasurer's desktop: transfer tr_2");
    expect(await claim(controller, rowId)).toMatchObject({ claimed: false, why: 'closed' });
  });

  it('refuses the old fencing number of the same desktop once it claimed the row again (a send still running from before a restart)', async () => {
    const rowId = await readyRow();
    const controller = memberOf(f.team, 'Controller');
    const first = claimedOf(await claim(controller, rowId));
    await expireLease(rowId);
    const again = claimedOf(await claim(controller, rowId));
    expect(again).toMatchObject({ fence: 2, takenOver: true });
    expect(await record(controller, first, 'failed', 'from before the restart')).toMatchObject({ recorded: false });
    expect(await record(controller, again, 'sent', 'transfer tr_3')).toMatchObject({ recorded: true });
    expect(await rowOf(controller, rowId)).toMatchObject({ state: 'sent', outcome: 'transfer tr_3' });
  });

  it('gives a row back for another try, with the next fencing number and no takeover', async () => {
    const rowId = await readyRow();
    const controller = memberOf(f.team, 'Controller');
    const first = claimedOf(await claim(controller, rowId));
    expect(await record(controller, first, 'open', 'HTTP 503, retrying')).toMatchObject({ recorded: true });
    expect(await claim(controller, rowId)).toMatchObject({ claimed: true, fence: 2, takenOver: false, unresolved: [] });
  });

  it('never claims a row that is not approved, and audits every claim and outcome', async () => {
    const draft = await draftAndPush(memberOf(f.team, 'Clerk'), 9_00);
    const treasurer = memberOf(f.team, 'Treasurer');
    expect(await claim(treasurer, draft.rowId)).toEqual({
      claimed: false,
      why: 'not-ready',
      text: 'It is not approved yet: 1 more approver.',
    });
    const untouched = await f.su.query('SELECT fence::int AS fence, lease_holder FROM team.queue_row WHERE id = $1', [
      draft.rowId,
    ]);
    expect(untouched.rows).toEqual([{ fence: 0, lease_holder: null }]);
    expect(await rowEvents(draft.rowId)).toEqual([]);

    const rowId = await readyRow();
    const c = claimedOf(await claim(treasurer, rowId));
    await record(treasurer, c, 'failed', 'source account closed');
    const audit = await treasurer.h.ok('workspace:audit', { workspaceId: treasurer.workspaceId });
    const about = audit.lines.filter((l) => l.body?.subject === rowId).map((l) => [l.body?.event, l.byName, l.check]);
    expect(about).toEqual([
      ['draft', 'Clerk', 'ok'],
      ['approve', 'Controller', 'ok'],
      ['claim', 'Treasurer', 'ok'],
      ['outcome', 'Treasurer', 'ok'],
    ]);
    expect(audit.breaks).toEqual([]);
  });

  it('lets its drafter cancel a row nobody is sending, and nobody claims it after, approved as it is', async () => {
    const clerk = memberOf(f.team, 'Clerk');
    const draft = await draftAndPush(clerk, 5_00);
    await decideAndPush(memberOf(f.team, 'Controller'), [draft]);
    expect(await clerk.h.ok('workspace:cancel', { workspaceId: clerk.workspaceId, rowId: draft.rowId })).toEqual({
      canceled: true,
    });
    expect(
      await memberOf(f.team, 'Treasurer').h.ok('workspace:cancel', {
        workspaceId: clerk.workspaceId,
        rowId: draft.rowId,
      }),
    ).toEqual({ canceled: false });
    expect(await claim(memberOf(f.team, 'Controller'), draft.rowId)).toMatchObject({ claimed: false, why: 'closed' });
    expect(await rowOf(clerk, draft.rowId)).toMatchObject({
      state: 'canceled',
      history: { last: 'canceled by Clerk' },
    });
  });

  it('claims a run of rows in one transaction: each ready one once, in order, the others with their reason; outcomes recorded together, a replaced claim refused alone', async () => {
    const controller = memberOf(f.team, 'Controller');
    const treasurer = memberOf(f.team, 'Treasurer');
    const [a, held, b] = [await readyRow(31_01), await readyRow(31_02), await readyRow(31_03)];
    const waiting = (await draftAndPush(memberOf(f.team, 'Clerk'), 31_04)).rowId;
    expect(await claim(controller, held)).toMatchObject({ claimed: true, fence: 1 });

    const run = await mainOf(treasurer).claim([a, waiting, held, b]);
    expect(
      run.map((c) =>
        c.claimed ? [c.rowId, 'claimed', c.fence, c.takenOver] : [c.why, c.text.split(' until ')[0]?.split(':')[0]],
      ),
    ).toEqual([
      [a, 'claimed', 1, false],
      ['not-ready', 'It is not approved yet'],
      ['held', `Another desktop (${loginOf('Controller')}) is sending it`],
      [b, 'claimed', 1, false],
    ]);
    expect(run[0]).toMatchObject({ kind: 'transfer', payload: { amountCents: 31_01 } });
    const leases = await f.su.query<{ id: string; fence: number; lease_holder: string | null }>(
      'SELECT id::text, fence::int AS fence, lease_holder FROM team.queue_row WHERE id = ANY($1) ORDER BY amount_cents',
      [[a, held, b, waiting]],
    );
    expect(leases.rows.map((r) => [r.id, r.fence, r.lease_holder])).toEqual([
      [a, 1, loginOf('Treasurer')],
      [held, 1, loginOf('Controller')],
      [b, 1, loginOf('Treasurer')],
      [waiting, 0, null],
    ]);

    // b's lease runs out and the Controller takes it over: of the Treasurer's outcomes, b's is refused, a's recorded.
    await expireLease(b);
    expect(await claim(controller, b)).toMatchObject({ claimed: true, fence: 2, takenOver: true });
    const [ca, cb] = [claimedOf(run[0] as ClaimResult), claimedOf(run[3] as ClaimResult)];
    const recorded = await mainOf(treasurer).outcomes([
      { rowId: a, fence: 1, payloadHash: ca.payloadHash, state: 'sent', detail: 'sent (transfer tr_a)' },
      { rowId: b, fence: 1, payloadHash: cb.payloadHash, state: 'sent', detail: 'sent (transfer tr_b, the old claim)' },
    ]);
    expect(recorded.map((r) => [r.rowId, r.recorded])).toEqual([
      [a, true],
      [b, false],
    ]);
    const states = await treasurer.h.ok('workspace:rows', {
      workspaceId: treasurer.workspaceId,
      rowIds: [a, b],
      includeClosed: true,
    });
    expect(states.map((r) => [r.id, r.state, r.outcome, r.fence]).sort()).toEqual(
      [
        [a, 'sent', 'sent (transfer tr_a)', 1],
        [b, 'open', null, 2],
      ].sort(),
    );

    // Every claim and outcome of the batch is in the audit, chained and signed, with no break.
    const audit = await treasurer.h.ok('workspace:audit', { workspaceId: treasurer.workspaceId });
    expect(audit.breaks).toEqual([]);
    const events = (rowId: string) =>
      audit.lines.filter((l) => l.body?.subject === rowId).map((l) => `${l.body?.event} by ${l.byName}`);
    expect(events(a)).toEqual([
      'draft by Clerk',
      'approve by Controller',
      'claim by Treasurer',
      'outcome by Treasurer',
    ]);
    expect(events(b)).toEqual(['draft by Clerk', 'approve by Controller', 'claim by Treasurer', 'claim by Controller']);
    expect(events(waiting)).toEqual(['draft by Clerk']);

    // A row named twice in one batch is refused whole.
    await expect(mainOf(treasurer).claim([waiting, waiting])).rejects.toThrow(
      'A row is named twice in one batch: nothing was done. Name each row once.',
    );
  });
});

describe('what the signed history says, not the database', () => {
  it('keeps a row whose send may have gone through for an approver who did not draft it: not-sent opens it again', async () => {
    const controller = memberOf(f.team, 'Controller');
    const treasurer = memberOf(f.team, 'Treasurer');
    const admin = f.team.admin;
    const draft = await draftAndPush(controller, 64_00);
    await decideAndPush(treasurer, [draft]);
    const c = claimedOf(await claim(treasurer, draft.rowId));
    expect(await record(treasurer, c, 'needs-review', 'the answer was lost')).toMatchObject({ recorded: true });
    expect(await claim(treasurer, draft.rowId)).toEqual({
      claimed: false,
      why: 'closed',
      text: 'That row is needs-review already: nothing to send.',
    });

    const review = {
      workspaceId: controller.workspaceId,
      rowId: draft.rowId,
      found: 'not-sent' as const,
      checked: 'no transfer of $64.00 to acct_payee since 09:30',
    };
    const byDrafter = await controller.h.invoke('workspace:review', review);
    expect(byDrafter.ok ? 'reviewed' : byDrafter.error).toMatchObject({
      message: 'You drafted this row: another approver reviews it.',
      workspace: { kind: 'refused' },
    });
    expect(await rowOf(admin, draft.rowId)).toMatchObject({ state: 'needs-review' });

    expect(await admin.h.ok('workspace:review', review)).toEqual({ reviewed: true });
    expect(admin.h.prompt.of('workspace-sign').at(-1)?.title).toBe('Review a send that may have gone through');
    const reopened = await rowOf(treasurer, draft.rowId);
    expect(reopened).toMatchObject({
      state: 'open',
      dbState: 'open',
      history: { unresolved: [], last: `found not to have gone through by Ada Admin: ${review.checked}` },
    });
    // Sent again with its key: a fresh claim, nothing left to take over.
    expect(await claim(treasurer, draft.rowId)).toMatchObject({ claimed: true, fence: 2, takenOver: false });
  });

  it('never sends again a row the database reopens once its sender signed it sent', async () => {
    const treasurer = memberOf(f.team, 'Treasurer');
    const rowId = await readyRow(71_00);
    expect(await record(treasurer, claimedOf(await claim(treasurer, rowId)), 'sent', 'transfer tr_71')).toMatchObject({
      recorded: true,
    });
    // A database admin turns it back to open, to make it go out twice.
    await f.su.query("UPDATE team.queue_row SET state = 'open', outcome = NULL WHERE id = $1", [rowId]);
    const note =
      "The workspace's database says this row is open, but its signed history says sent (sent by Treasurer's desktop: transfer tr_71). The database's word is not believed: the row is treated as sent.";
    expect(await rowOf(memberOf(f.team, 'Controller'), rowId)).toMatchObject({ state: 'sent', dbState: 'open', note });
    expect(await claim(memberOf(f.team, 'Controller'), rowId)).toEqual({ claimed: false, why: 'closed', text: note });
    expect(await rowEvents(rowId)).toEqual([`claim 1 ${loginOf('Treasurer')}`, `outcome 1 ${loginOf('Treasurer')}`]);
  });
});

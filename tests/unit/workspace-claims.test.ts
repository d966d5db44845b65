import { describe, expect, it } from 'vitest';
import type { ClaimResult } from '../../src/shared/ipc';
import { decideAndPush, draftAndPush, memberOf, teamFixture, type Desktop } from './workspace-helpers';

const f = teamFixture({ Clerk: 'drafter', Controller: 'approver', Treasurer: 'approver' });

/** A transfer drafted by the Clerk and approved by the Controller: ready to send. */
async function readyRow(amountCents = 250_00): Promise<string> {
  const draft = await draftAndPush(memberOf(f.team, 'Clerk'), amountCents);
  await decideAndPush(memberOf(f.team, 'Controller'), [draft]);
  return draft.rowId;
}

const claim = (d: Desktop, rowId: string) => d.h.ok('workspace:claim', { workspaceId: d.workspaceId, rowId, leaseMs: 60_000 });

/** The lease's expiry passes (the database's clock is not the test's to pin: the row's expiry is moved instead). */
const expireLease = (rowId: string) => f.su.query("UPDATE team.queue_row SET lease_expires = now() - interval '1 second' WHERE id = $1", [rowId]);

describe('claims: one sender per row, under a lease with a fencing number', () => {
  it('gives a row to one of two desktops claiming it at the same moment', async () => {
    const rowId = await readyRow();
    const [a, b] = await Promise.all([claim(memberOf(f.team, 'Controller'), rowId), claim(memberOf(f.team, 'Treasurer'), rowId)]);
    const won = [a, b].filter((c) => c.claimed);
    const lost = [a, b].filter((c): c is Extract<ClaimResult, { claimed: false }> => !c.claimed);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ fence: 1, takenOver: false, kind: 'transfer', payload: { amountCents: 250_00 } });
    expect(lost[0]?.why).toBe('held');
  });

  it('gives each of many rows to exactly one of two desktops claiming them all at once', async () => {
    const rows = await Promise.all(Array.from({ length: 12 }, (_, i) => readyRow(1_00 + i)));
    const claimAll = (d: Desktop) => Promise.all(rows.map((rowId) => claim(d, rowId).then((c) => ({ rowId, c }))));
    const [byController, byTreasurer] = await Promise.all([claimAll(memberOf(f.team, 'Controller')), claimAll(memberOf(f.team, 'Treasurer'))]);
    for (const rowId of rows) {
      const winners = [...byController, ...byTreasurer].filter((x) => x.rowId === rowId && x.c.claimed);
      expect(winners, rowId).toHaveLength(1);
    }
  });

  it('lets another desktop take over an expired lease, and refuses the outcome of the claim it replaced', async () => {
    const rowId = await readyRow();
    const controller = memberOf(f.team, 'Controller');
    const treasurer = memberOf(f.team, 'Treasurer');
    const first = await claim(controller, rowId);
    expect(first).toMatchObject({ claimed: true, fence: 1 });
    expect(await claim(treasurer, rowId)).toMatchObject({ claimed: false, why: 'held' });

    await expireLease(rowId);
    const second = await claim(treasurer, rowId);
    expect(second).toMatchObject({ claimed: true, fence: 2, takenOver: true });

    // The first desktop comes back from its pause and tries to record what it did: refused.
    const stale = await controller.h.invoke('workspace:outcome', { workspaceId: controller.workspaceId, rowId, fence: 1, state: 'sent', detail: 'transfer tr_1' });
    expect(stale.ok ? 'recorded' : stale.error).toEqual({
      code: 'workspace',
      message: 'Another desktop has claimed this row since (its lease ran out): this claim no longer counts, and nothing was recorded with it.',
      workspace: { kind: 'stale-claim', retryable: false },
    });
    const renew = await controller.h.invoke('workspace:renew', { workspaceId: controller.workspaceId, rowId, fence: 1, leaseMs: 60_000 });
    expect(renew.ok ? 'renewed' : renew.error.workspace?.kind).toBe('stale-claim');

    expect(await treasurer.h.ok('workspace:renew', { workspaceId: treasurer.workspaceId, rowId, fence: 2, leaseMs: 60_000 })).toHaveProperty('leaseExpires');
    await treasurer.h.ok('workspace:outcome', { workspaceId: treasurer.workspaceId, rowId, fence: 2, state: 'sent', detail: 'transfer tr_2' });
    const [row] = await treasurer.h.ok('workspace:rows', { workspaceId: treasurer.workspaceId, rowIds: [rowId], includeClosed: true });
    expect(row).toMatchObject({ state: 'sent', outcome: 'transfer tr_2', lease: null, fence: 2, claims: 2 });
    expect(await claim(controller, rowId)).toMatchObject({ claimed: false, why: 'closed' });
  });

  it('refuses the old fencing number of the same desktop once it claimed the row again (a send still running from before a restart)', async () => {
    const rowId = await readyRow();
    const controller = memberOf(f.team, 'Controller');
    expect(await claim(controller, rowId)).toMatchObject({ claimed: true, fence: 1 });
    await expireLease(rowId);
    expect(await claim(controller, rowId)).toMatchObject({ claimed: true, fence: 2, takenOver: true });
    const old = await controller.h.invoke('workspace:outcome', { workspaceId: controller.workspaceId, rowId, fence: 1, state: 'failed', detail: 'from before the restart' });
    expect(old.ok ? 'recorded' : old.error.workspace?.kind).toBe('stale-claim');
    await controller.h.ok('workspace:outcome', { workspaceId: controller.workspaceId, rowId, fence: 2, state: 'sent', detail: 'transfer tr_3' });
  });

  it('gives a row back for another try, with the next fencing number and no takeover', async () => {
    const rowId = await readyRow();
    const controller = memberOf(f.team, 'Controller');
    await claim(controller, rowId);
    await controller.h.ok('workspace:outcome', { workspaceId: controller.workspaceId, rowId, fence: 1, state: 'open', detail: 'HTTP 503, retrying' });
    expect(await claim(controller, rowId)).toMatchObject({ claimed: true, fence: 2, takenOver: false });
  });

  it('never claims a row that is not approved, and audits every claim and outcome', async () => {
    const draft = await draftAndPush(memberOf(f.team, 'Clerk'), 9_00);
    const treasurer = memberOf(f.team, 'Treasurer');
    expect(await claim(treasurer, draft.rowId)).toEqual({ claimed: false, why: 'not-ready', text: 'It is not approved yet: 1 more approver.' });
    const untouched = await f.su.query('SELECT fence::int AS fence, lease_holder FROM team.queue_row WHERE id = $1', [draft.rowId]);
    expect(untouched.rows).toEqual([{ fence: 0, lease_holder: null }]);

    const rowId = await readyRow();
    const c = await claim(treasurer, rowId);
    await treasurer.h.ok('workspace:outcome', { workspaceId: treasurer.workspaceId, rowId, fence: c.claimed ? c.fence : 0, state: 'failed', detail: 'source account closed' });
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

  it('lets its drafter cancel a row nobody is sending, and nobody claims it after', async () => {
    const clerk = memberOf(f.team, 'Clerk');
    const draft = await draftAndPush(clerk, 5_00);
    expect(await clerk.h.ok('workspace:cancel', { workspaceId: clerk.workspaceId, rowId: draft.rowId })).toEqual({ canceled: true });
    expect(await memberOf(f.team, 'Treasurer').h.ok('workspace:cancel', { workspaceId: clerk.workspaceId, rowId: draft.rowId })).toEqual({ canceled: false });
    expect(await claim(memberOf(f.team, 'Controller'), draft.rowId)).toMatchObject({ claimed: false, why: 'closed' });
  });

  it('claims a run of rows in one transaction: each ready one once, in order, the others with the reason one claim would give; outcomes recorded together, a replaced claim refused alone', async () => {
    const controller = memberOf(f.team, 'Controller');
    const treasurer = memberOf(f.team, 'Treasurer');
    const [a, held, b] = [await readyRow(31_01), await readyRow(31_02), await readyRow(31_03)];
    const waiting = (await draftAndPush(memberOf(f.team, 'Clerk'), 31_04)).rowId;
    expect(await claim(controller, held)).toMatchObject({ claimed: true, fence: 1 });

    const holder = (await f.su.query<{ lease_holder: string }>('SELECT lease_holder FROM team.queue_row WHERE id = $1', [held])).rows[0]?.lease_holder;
    const run = await treasurer.h.ok('workspace:claimMany', { workspaceId: treasurer.workspaceId, rowIds: [a, waiting, held, b], leaseMs: 60_000 });
    expect(run.map((c) => (c.claimed ? [c.rowId, 'claimed', c.fence, c.takenOver] : [c.why, c.text.split(' until ')[0]?.split(':')[0]]))).toEqual([
      [a, 'claimed', 1, false],
      ['not-ready', 'It is not approved yet'],
      ['held', `Another desktop (${holder}) is sending it`],
      [b, 'claimed', 1, false],
    ]);
    expect(run[0]).toMatchObject({ kind: 'transfer', payload: { amountCents: 31_01 } });
    const leases = await f.su.query<{ id: string; fence: number; lease_holder: string | null }>('SELECT id::text, fence::int AS fence, lease_holder FROM team.queue_row WHERE id = ANY($1) ORDER BY amount_cents', [[a, held, b, waiting]]);
    expect(leases.rows.map((r) => [r.id, r.fence, r.lease_holder !== null])).toEqual([
      [a, 1, true],
      [held, 1, true],
      [b, 1, true],
      [waiting, 0, false],
    ]);

    // b's lease runs out and the Controller takes it over: of the Treasurer's outcomes, b's is refused, a's recorded.
    await expireLease(b);
    expect(await claim(controller, b)).toMatchObject({ claimed: true, fence: 2, takenOver: true });
    const recorded = await treasurer.h.ok('workspace:outcomes', {
      workspaceId: treasurer.workspaceId,
      outcomes: [
        { rowId: a, fence: 1, state: 'sent', detail: 'sent (transfer tr_a)' },
        { rowId: b, fence: 1, state: 'sent', detail: 'sent (transfer tr_b, the old claim)' },
      ],
    });
    expect(recorded.map((r) => [r.rowId, r.recorded])).toEqual([
      [a, true],
      [b, false],
    ]);
    const states = await treasurer.h.ok('workspace:rows', { workspaceId: treasurer.workspaceId, rowIds: [a, b], includeClosed: true });
    expect(states.map((r) => [r.id, r.state, r.outcome, r.fence]).sort()).toEqual(
      [
        [a, 'sent', 'sent (transfer tr_a)', 1],
        [b, 'open', null, 2],
      ].sort(),
    );

    // Every claim and outcome of the batch is in the audit, chained and signed, with no break.
    const audit = await treasurer.h.ok('workspace:audit', { workspaceId: treasurer.workspaceId });
    expect(audit.breaks).toEqual([]);
    const events = (rowId: string) => audit.lines.filter((l) => l.body?.subject === rowId).map((l) => `${l.body?.event} by ${l.byName}`);
    expect(events(a)).toEqual(['draft by Clerk', 'approve by Controller', 'claim by Treasurer', 'outcome by Treasurer']);
    expect(events(b)).toEqual(['draft by Clerk', 'approve by Controller', 'claim by Treasurer', 'claim by Controller']);
    expect(events(waiting)).toEqual(['draft by Clerk']);

    // A row named twice in one batch is refused whole.
    const twice = await treasurer.h.invoke('workspace:claimMany', { workspaceId: treasurer.workspaceId, rowIds: [waiting, waiting], leaseMs: 60_000 });
    expect(twice.ok ? 'claimed' : twice.error.message).toBe('A row is named twice in one batch: nothing was done. Name each row once.');
  });
});

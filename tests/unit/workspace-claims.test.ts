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
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/shared/service';
import { startClient, type Client } from '../support/sandbox-harness';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import {
  decideAndPush,
  mainOf,
  memberOf,
  PINNED_NOW,
  rowOf,
  signDraft,
  signedOnly,
  startTeam,
  type Desktop,
  type Team,
} from '../support/workspace-helpers';

// main's team sender against a real workspace (PostgreSQL, main's cores for three desktops) and a
// real sandbox over HTTP: a row its drafter cannot approve waits, a second member's approval
// makes it ready, and two desktops sending at once move the money exactly once (the sandbox's
// ledger). A row an earlier claim may have sent is settled against the service's transactions.
//
// main's team sender is tested in two lanes, on purpose. Here (unit lane, with team-run.test.ts
// for what a run decides and team-sending.test.ts for when it starts) it runs inside this process,
// where each case is seconds and its failure names the row. What a crash does cannot be shown
// here: tests/team-kill (its own lane, `npm run test:team-kill`) SIGKILLs whole desktops (main's
// core and the built renderer in Chromium) mid-claim and mid-send and starts them again on their
// data folders, which needs the build, Chromium and some 45 s, and judges 200 transfers at once.

let cluster: PgCluster;
let client: Client;
let team: Team;
let su: Awaited<ReturnType<PgCluster['connectAsSuperuser']>>;

beforeAll(async () => {
  cluster = await startPgCluster();
  // The service's clock just after the desktops' (PINNED_NOW): what it books is dated after it was signed.
  client = await startClient({ seed: 5, now: () => PINNED_NOW + 5_000 });
  const service = { apiUrl: client.sandbox.apiUrl, vaultUrl: client.sandbox.vaultUrl, apiKey: client.sandbox.apiKey };
  team = await startTeam(cluster, { Controller: 'approver', Treasurer: 'approver' }, { service });
  su = await cluster.connectAsSuperuser(team.database);
}, 180_000);

afterAll(async () => {
  await su?.end();
  await team?.close();
  await client?.close();
  await cluster?.stop();
});

/** Two open accounts of the seed to move money between. */
function accounts(): { source: string; destination: string } {
  const source = client.world.primaryVirtualAccountId;
  const destination = [...client.world.virtualAccounts.values()].find(
    (v) => v.closedAt === null && v.id !== source,
  )?.id;
  if (!destination) throw new Error('the seed has no second open virtual account');
  return { source, destination };
}

const sending = (d: Desktop, on: boolean) => d.h.ok('outbox:pause', { profileId: d.profileId, paused: !on });

describe('main’s team sender on a real workspace and sandbox', () => {
  it('a row its drafter cannot approve waits; approved by a second member, two desktops sending at once move it once', async () => {
    const controller = memberOf(team, 'Controller');
    const treasurer = memberOf(team, 'Treasurer');
    await Promise.all([sending(controller, true), sending(treasurer, true)]);
    try {
      const amountCents = 4_321;
      const key = randomUUID();
      const draft = await signDraft(controller, 'transfer', { ...accounts(), amountCents }, key);
      await controller.h.ok('workspace:push', {
        workspaceId: controller.workspaceId,
        drafts: [signedOnly(draft)],
        decisions: [],
      });

      // The drafter's own approval is refused in main; nothing is ready, nothing is sent.
      const own = await controller.h.invoke('workspace:decide', {
        workspaceId: controller.workspaceId,
        drafts: [signedOnly(draft)],
        decision: 'approve',
      });
      expect(own.ok ? 'approved' : own.error.message).toBe(
        'You drafted one of these: a drafter never approves their own row. Nothing was approved.',
      );
      expect((await rowOf(treasurer, draft.rowId))?.verdict.status).toBe('waiting');

      // The Treasurer approves; both desktops' senders hear of it and try.
      await decideAndPush(treasurer, [draft]);
      await expect.poll(async () => (await rowOf(treasurer, draft.rowId))?.state, { timeout: 60_000 }).toBe('sent');
      const moved = client.world.ledger.filter((e) => e.amountCents === amountCents);
      expect(moved.map((e) => [e.source, e.destination, e.idempotencyKey])).toEqual([
        [accounts().source, accounts().destination, key],
      ]);
      expect(
        client.sandbox.requests
          .all({ path: '/transfer/virtual-account', method: 'POST' })
          .filter((r) => r.idempotencyKey === key),
      ).toHaveLength(1);
    } finally {
      await Promise.all([sending(controller, false), sending(treasurer, false)]);
    }
  }, 120_000);

  it('a payment an earlier claim may have sent is looked for in the service’s transactions: found, it is sent; not found, a person reviews it; neither is paid again', async () => {
    const controller = memberOf(team, 'Controller');
    const treasurer = memberOf(team, 'Treasurer');
    const payee = [...client.world.svcHandles.values()].find((h) => h.id !== client.world.ownSvcHandleId);
    if (!payee) throw new Error('the seed has no handle to pay besides its own');
    const payments = (amountCents: number) =>
      client.world.ledger.filter((e) => e.kind === 'payment' && e.amountCents === amountCents);
    const [reached, lost] = [3_217, 3_219];

    // Each is drafted by the Controller, approved by the Treasurer, then claimed by the
    // Controller's desktop, which stops before recording an outcome: the first after its
    // request reached the service, the second before sending anything.
    const approved = async (amountCents: number) => {
      const draft = await signDraft(controller, 'payment', { svcHandle: payee.svcHandle, amountCents });
      await controller.h.ok('workspace:push', {
        workspaceId: controller.workspaceId,
        drafts: [signedOnly(draft)],
        decisions: [],
      });
      await decideAndPush(treasurer, [draft]);
      const [claim] = await mainOf(controller).claim([draft.rowId], 60_000);
      if (!claim?.claimed) throw new Error(`the Controller's desktop could not claim the payment: ${claim?.text}`);
      return { draft, claim };
    };
    const first = await approved(reached);
    expect(
      (
        await client.call('POST', '/pay', {
          body: first.claim.payload,
          headers: { 'x-idempotency-key': first.claim.idempotencyKey },
        })
      ).status,
    ).toBe(200);
    const second = await approved(lost);

    // Their leases run out (the database's clock is not the test's: the expiry is moved instead),
    // and the Treasurer's desktop takes both over.
    await su.query('UPDATE team.queue_row SET lease_expires = now(), state = state WHERE id = ANY($1)', [
      [first.draft.rowId, second.draft.rowId],
    ]);
    await sending(treasurer, true);
    try {
      await expect
        .poll(
          async () => [
            (await rowOf(treasurer, first.draft.rowId))?.state,
            (await rowOf(treasurer, second.draft.rowId))?.state,
          ],
          { timeout: 60_000 },
        )
        .toEqual(['sent', 'needs-review']);
    } finally {
      await sending(treasurer, false);
    }
    // The service's own record of the first: one debit naming the payee, read here from its transactions.
    const debits = (await client.all<Transaction>('/transaction')).filter(
      (tx) => tx.amountCents === -reached && tx.description.includes(`@${payee.svcHandle}`),
    );
    expect(debits).toHaveLength(1);
    expect((await rowOf(treasurer, first.draft.rowId))?.outcome).toBe(
      `sent (found in the service’s transactions: ${debits[0]?.id})`,
    );
    const review = await rowOf(treasurer, second.draft.rowId);
    expect(review?.outcome).toContain('The service’s transactions since it was approved do not show it for certain.');
    expect(review?.outcome).toContain(`a payment of $32.19 to @${payee.svcHandle}`);
    expect(payments(reached)).toHaveLength(1);
    expect(payments(lost)).toHaveLength(0);
  }, 120_000);

  it('takes over a transfer whose sender stopped mid-send once its lease runs out, and moves the money once', async () => {
    const controller = memberOf(team, 'Controller');
    const treasurer = memberOf(team, 'Treasurer');
    const amountCents = 5_432;
    const key = randomUUID();
    const draft = await signDraft(controller, 'transfer', { ...accounts(), amountCents }, key);
    await controller.h.ok('workspace:push', {
      workspaceId: controller.workspaceId,
      drafts: [signedOnly(draft)],
      decisions: [],
    });
    await decideAndPush(treasurer, [draft]);

    // The Controller's desktop claims the row and stops before it records anything (killed mid-send).
    const [gone] = await mainOf(controller).claim([draft.rowId], 60_000);
    expect(gone).toMatchObject({ claimed: true, fence: 1 });
    await su.query('UPDATE team.queue_row SET lease_expires = now(), state = state WHERE id = $1', [draft.rowId]);
    await sending(treasurer, true);
    try {
      await expect.poll(async () => (await rowOf(treasurer, draft.rowId))?.state, { timeout: 60_000 }).toBe('sent');
    } finally {
      await sending(treasurer, false);
    }
    expect(client.world.ledger.filter((e) => e.amountCents === amountCents).map((e) => e.idempotencyKey)).toEqual([
      key,
    ]);
    expect(await rowOf(treasurer, draft.rowId)).toMatchObject({ state: 'sent', fence: 2, claims: 2, lease: null });
  }, 120_000);
});

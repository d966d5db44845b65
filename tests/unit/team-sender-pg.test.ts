import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../src/shared/outbox';
import type { Transaction } from '../../src/shared/service';
import type { SendOutcome } from '../../src/shared/outbox/classify';
import { sendReadyTeamRows, type TeamWire } from '../../src/renderer/src/outbox/sender/team-sender';
import { startClient, type Client } from '../sandbox/harness';
import { memberOf, PINNED_NOW, SERVICE, signedOnly, teamFixture, type Desktop } from './workspace-helpers';

// The renderer's team sender against a real workspace (PostgreSQL, main's handlers for two
// desktops) and a real sandbox over HTTP: a row its drafter cannot approve waits, a second member's
// approval makes it ready, and two desktops sending at once move the money exactly once (the
// sandbox's ledger). The HTTP send here is the service's contract (body and X-Idempotency-Key),
// written apart from the app's own send.

const f = teamFixture({ Controller: 'approver', Treasurer: 'approver' });

function wireOf(d: Desktop, client: Client): TeamWire {
  return {
    rows: (workspaceId, service, options) => d.h.invoke('workspace:rows', { workspaceId, service, ...options }),
    claim: (workspaceId, rowId, leaseMs) => d.h.invoke('workspace:claim', { workspaceId, rowId, leaseMs }),
    claimMany: (workspaceId, rowIds, leaseMs) => d.h.invoke('workspace:claimMany', { workspaceId, rowIds, leaseMs }),
    outcomes: (workspaceId, outcomes) => d.h.invoke('workspace:outcomes', { workspaceId, outcomes }),
    renew: (workspaceId, rowId, fence, leaseMs) => d.h.invoke('workspace:renew', { workspaceId, rowId, fence, leaseMs }),
    outcome: (workspaceId, rowId, fence, state, detail) => d.h.invoke('workspace:outcome', { workspaceId, rowId, fence, state, detail }),
    send: async (row: OutboxRow): Promise<SendOutcome<unknown>> => {
      const r = await client.call<{ transferId?: string; message?: string }>('POST', row.kind === 'payment' ? '/pay' : '/transfer/virtual-account', { body: row.payload, headers: { 'x-idempotency-key': row.idempotencyKey } });
      return r.status === 200 ? { type: 'ok', value: r.body } : { type: 'rejected', message: `HTTP ${r.status}` };
    },
    transactions: (_profileId, window) => client.all<Transaction>('/transaction', { 'filter:from_date': String(Math.floor(window.fromMs)), 'filter:to_date': String(Math.ceil(window.toMs)) }),
    mirror: async () => undefined,
  };
}

/** Two open accounts of the seed to move money between. */
function accountsOf(client: Client): { source: string; destination: string } {
  const world = client.sandbox.world;
  const source = world.primaryVirtualAccountId;
  const destination = [...world.virtualAccounts.values()].find((v) => v.closedAt === null && v.id !== source)?.id;
  if (!destination) throw new Error('the seed has no second open virtual account');
  return { source, destination };
}

/** The Controller drafts a transfer and pushes it to the workspace. */
async function pushedTransfer(payload: { source: string; destination: string; amountCents: number }) {
  const controller = memberOf(f.team, 'Controller');
  const key = randomUUID();
  const draft = await controller.h.ok('workspace:signDraft', { workspaceId: controller.workspaceId, service: SERVICE, kind: 'transfer', payload, idempotencyKey: key });
  await controller.h.ok('workspace:push', { workspaceId: controller.workspaceId, drafts: [signedOnly(draft)], decisions: [] });
  return { draft, key };
}

describe('the team sender on a real workspace and sandbox', () => {
  it('a row its drafter cannot approve waits; approved by a second member, two desktops sending at once move it once', async () => {
    const client = await startClient({ seed: 5 });
    try {
      const world = client.sandbox.world;
      const { source, destination } = accountsOf(client);
      const controller = memberOf(f.team, 'Controller');
      const treasurer = memberOf(f.team, 'Treasurer');
      const amountCents = 4_321;
      const { draft, key } = await pushedTransfer({ source, destination, amountCents });

      // The drafter's own approval is refused in main; nothing is ready, nothing is sent.
      const own = await controller.h.invoke('workspace:decide', { workspaceId: controller.workspaceId, drafts: [signedOnly(draft)], decision: 'approve' });
      expect(own.ok ? 'approved' : own.error.message).toBe('You drafted one of these: a drafter never approves their own row. Nothing was approved.');
      const early = await sendReadyTeamRows('p', treasurer.workspaceId, SERVICE, wireOf(treasurer, client), 5_000);
      expect(early).toMatchObject({ sent: 0, stopped: null });
      expect(world.ledger.filter((e) => e.amountCents === amountCents)).toHaveLength(0);

      // The Treasurer approves; the Controller's and the Treasurer's desktops both try to send it.
      const decisions = await treasurer.h.ok('workspace:decide', { workspaceId: treasurer.workspaceId, drafts: [signedOnly(draft)], decision: 'approve' });
      await treasurer.h.ok('workspace:push', { workspaceId: treasurer.workspaceId, drafts: [], decisions });
      const [a, b] = await Promise.all([
        sendReadyTeamRows('p', controller.workspaceId, SERVICE, wireOf(controller, client), 5_000),
        sendReadyTeamRows('p', treasurer.workspaceId, SERVICE, wireOf(treasurer, client), 5_000),
      ]);
      expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(1);
      const moved = world.ledger.filter((e) => e.amountCents === amountCents);
      expect(moved.map((e) => [e.source, e.destination, e.idempotencyKey])).toEqual([[source, destination, key]]);
      const [row] = await treasurer.h.ok('workspace:rows', { workspaceId: treasurer.workspaceId, rowIds: [draft.rowId], includeClosed: true });
      expect(row?.state).toBe('sent');

      // Nothing left: a later run sends nothing more.
      const later = await sendReadyTeamRows('p', treasurer.workspaceId, SERVICE, wireOf(treasurer, client), 5_000);
      expect(later.sent).toBe(0);
      expect(world.ledger.filter((e) => e.amountCents === amountCents)).toHaveLength(1);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('a taken-over payment is looked for in the service’s transactions: one that reached the service is recorded as sent, one that did not goes to a person; neither is sent again', async () => {
    // The service's clock just after the desktops' (PINNED_NOW): the payment is dated after it was signed.
    const client = await startClient({ seed: 5, now: () => PINNED_NOW + 5_000 });
    try {
      const world = client.sandbox.world;
      const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId);
      if (!payee) throw new Error('the seed has no handle to pay besides its own');
      const controller = memberOf(f.team, 'Controller');
      const treasurer = memberOf(f.team, 'Treasurer');
      const payments = (amountCents: number) => world.ledger.filter((e) => e.kind === 'payment' && e.amountCents === amountCents);
      const [reached, lost] = [3_217, 3_219];

      // Each is drafted by the Controller, approved by the Treasurer, then claimed by the
      // Controller's desktop for a second, which stops before recording an outcome: the first
      // after its request reached the service, the second before sending anything.
      const approved = async (amountCents: number) => {
        const draft = await controller.h.ok('workspace:signDraft', { workspaceId: controller.workspaceId, service: SERVICE, kind: 'payment', payload: { svcHandle: payee.svcHandle, amountCents }, idempotencyKey: randomUUID() });
        await controller.h.ok('workspace:push', { workspaceId: controller.workspaceId, drafts: [signedOnly(draft)], decisions: [] });
        const decisions = await treasurer.h.ok('workspace:decide', { workspaceId: treasurer.workspaceId, drafts: [signedOnly(draft)], decision: 'approve' });
        await treasurer.h.ok('workspace:push', { workspaceId: treasurer.workspaceId, drafts: [], decisions });
        const claim = await controller.h.ok('workspace:claim', { workspaceId: controller.workspaceId, rowId: draft.rowId, leaseMs: 1_000 });
        if (!claim.claimed) throw new Error(`the Controller's desktop could not claim the payment: ${claim.text}`);
        return { draft, claim };
      };
      const first = await approved(reached);
      const sentOnce = await client.call('POST', '/pay', { body: first.claim.payload, headers: { 'x-idempotency-key': first.claim.idempotencyKey } });
      expect(sentOnce.status).toBe(200);
      const second = await approved(lost);

      // The Treasurer's desktop takes both over once their leases expire (on the database's clock).
      const wire = wireOf(treasurer, client);
      const rowsNow = () => treasurer.h.ok('workspace:rows', { workspaceId: treasurer.workspaceId, rowIds: [first.draft.rowId, second.draft.rowId], includeClosed: true });
      await expect
        .poll(
          async () => {
            await sendReadyTeamRows('p', treasurer.workspaceId, SERVICE, wire, 5_000);
            return (await rowsNow()).map((r) => [r.id, r.state]);
          },
          { timeout: 30_000 },
        )
        .toEqual([
          [first.draft.rowId, 'sent'],
          [second.draft.rowId, 'needs-review'],
        ]);

      // The service's own record of the first: one debit naming the payee, read here from its transactions.
      const debits = (await client.all<Transaction>('/transaction')).filter((tx) => tx.amountCents === -reached && tx.description.includes(`@${payee.svcHandle}`));
      expect(debits).toHaveLength(1);
      const [sent, review] = await rowsNow();
      expect(sent?.outcome).toBe(`sent (found in the service’s transactions: ${debits[0]?.id})`);
      expect(review?.outcome).toContain('The service’s transactions since it was signed do not show it for certain.');
      expect(review?.outcome).toContain(`a payment of $32.19 to @${payee.svcHandle}`);
      // Nothing was sent again: the ledger holds the first payment once and never the second.
      expect(payments(reached)).toHaveLength(1);
      expect(payments(lost)).toHaveLength(0);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('takes over a row whose sender stopped mid-send once its lease runs out, and moves the money once', async () => {
    const client = await startClient({ seed: 6 });
    try {
      const world = client.sandbox.world;
      const controller = memberOf(f.team, 'Controller');
      const treasurer = memberOf(f.team, 'Treasurer');
      const amountCents = 5_432;
      const { draft, key } = await pushedTransfer({ ...accountsOf(client), amountCents });
      const decisions = await treasurer.h.ok('workspace:decide', { workspaceId: treasurer.workspaceId, drafts: [signedOnly(draft)], decision: 'approve' });
      await treasurer.h.ok('workspace:push', { workspaceId: treasurer.workspaceId, drafts: [], decisions });

      // The Controller's desktop claims the row and stops before it records anything (killed mid-send).
      const gone = await controller.h.ok('workspace:claim', { workspaceId: controller.workspaceId, rowId: draft.rowId, leaseMs: 60_000 });
      expect(gone).toMatchObject({ claimed: true, fence: 1 });
      const whileHeld = await sendReadyTeamRows('p', treasurer.workspaceId, SERVICE, wireOf(treasurer, client), 5_000);
      expect(whileHeld).toMatchObject({ sent: 0, stopped: null });

      // Its lease runs out (the database's clock is not the test's: the expiry is moved instead).
      await f.su.query('UPDATE team.queue_row SET lease_expires = now() WHERE id = $1', [draft.rowId]);
      const [listed] = await treasurer.h.ok('workspace:rows', { workspaceId: treasurer.workspaceId, rowIds: [draft.rowId] });
      expect(listed?.lease).toBeNull();
      const after = await sendReadyTeamRows('p', treasurer.workspaceId, SERVICE, wireOf(treasurer, client), 5_000);
      expect(after).toMatchObject({ sent: 1, stale: 0, stopped: null });
      expect(world.ledger.filter((e) => e.amountCents === amountCents).map((e) => e.idempotencyKey)).toEqual([key]);
      const [row] = await treasurer.h.ok('workspace:rows', { workspaceId: treasurer.workspaceId, rowIds: [draft.rowId], includeClosed: true });
      expect(row).toMatchObject({ state: 'sent', fence: 2, claims: 2, lease: null });
    } finally {
      await client.close();
    }
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import type { Transaction } from '../../src/shared/service';
import { startClient, type Client } from '../support/sandbox-harness';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { startCore } from '../support/core-helpers';
import { sendUntil, viewOf } from '../support/hostile-db-helpers';
import {
  addMember,
  decideAndPush,
  mainOf,
  memberOf,
  PINNED_NOW,
  signDraft,
  signedOnly,
  startTeam,
  transfer,
  type Desktop,
  type Team,
} from '../support/workspace-helpers';

// A transfer another desktop claimed and never settled, taken over on a real workspace and read
// on a real sandbox's ledger. Past the service's key window (24 h: its key may be forgotten, and
// a resend would move the money again) the taker reconciles with the service's transactions
// first: found, the row is sent, naming the transaction; not found, a person reviews it, told
// what to look for. Within the window it is resent with the same key, which the service
// deduplicates.

const HOUR = 3_600_000;

let cluster: PgCluster;
let client: Client;
let team: Team;
let su: Awaited<ReturnType<PgCluster['connectAsSuperuser']>>;
/** Desktops joined after the team was made, each with a clock of its own (the team closes its own). */
const joined: Desktop[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  // The service's clock just after the desktops' (PINNED_NOW): what it books is dated after it was signed.
  client = await startClient({ seed: 9, now: () => PINNED_NOW + 5_000 });
  // Clerk drafts, Controller approves, Xavier is desktop X: it claims rows and stops without an outcome.
  team = await startTeam(
    cluster,
    { Clerk: 'drafter', Controller: 'approver', Xavier: 'drafter' },
    { service: serviceOf() },
  );
  su = await cluster.connectAsSuperuser(team.database);
}, 180_000);

afterAll(async () => {
  await su?.end();
  for (const d of joined) await d.h.close();
  await team?.close();
  await client?.close();
  await cluster?.stop();
});

function serviceOf() {
  return { apiUrl: client.sandbox.apiUrl, vaultUrl: client.sandbox.vaultUrl, apiKey: client.sandbox.apiKey };
}

/** Desktop Y: a whole main core whose clock reads `later` after the others', joined as a member with the service's key (sending paused). */
async function desktopLater(name: string, later: number): Promise<Desktop> {
  const core = await startCore({
    now: () => PINNED_NOW + later,
    workspaceBackoffMs: 50,
    secrets: new MemorySecretStore(),
  });
  const d = await addMember(cluster, team.admin, name, 'drafter', team.database, { core, service: serviceOf() }).catch(
    async (error: unknown) => {
      await core.close();
      throw error;
    },
  );
  joined.push(d);
  return d;
}

/** Two open accounts of the seed to move money between. */
function accounts(): { source: string; destination: string } {
  const world = client.sandbox.world;
  const source = world.primaryVirtualAccountId;
  const destination = [...world.virtualAccounts.values()].find((v) => v.closedAt === null && v.id !== source)?.id;
  if (!destination) throw new Error('the seed has no second open virtual account');
  return { source, destination };
}

/** The Clerk drafts a transfer with its own key, the Controller approves it. */
async function approvedTransfer(amountCents: number) {
  const key = randomUUID();
  const draft = await signDraft(
    memberOf(team, 'Clerk'),
    'transfer',
    transfer(amountCents, accounts().destination, accounts().source),
    key,
  );
  const clerk = memberOf(team, 'Clerk');
  await clerk.h.ok('workspace:push', { workspaceId: clerk.workspaceId, drafts: [signedOnly(draft)], decisions: [] });
  await decideAndPush(memberOf(team, 'Controller'), [draft]);
  return { draft, key };
}

/** Desktop X claims the rows (as main's sender would, just before sending them), and records nothing. */
async function claimedByX(rowIds: string[]) {
  const claims = await mainOf(memberOf(team, 'Xavier')).claim(rowIds, 60_000);
  return claims.map((c) => {
    if (!c.claimed) throw new Error(`desktop X could not claim a row: ${c.text}`);
    return c;
  });
}

/** X's request reaching the service: the claim's payload with its key, as X's money gate would send it. */
async function reachesService(claim: { payload: unknown; idempotencyKey: string }) {
  const answer = await client.call<{ transferId: string }>('POST', '/transfer/virtual-account', {
    body: claim.payload,
    headers: { 'x-idempotency-key': claim.idempotencyKey },
  });
  expect(answer.status).toBe(200);
  return answer.body.transferId;
}

/** The database's leases run out (its clock is not the test's: the expiry is moved instead). */
const leasesEnd = (rowIds: string[]) =>
  su.query('UPDATE team.queue_row SET lease_expires = now(), state = state WHERE id = ANY($1)', [rowIds]);

/** What the sandbox's ledger moved of this amount (each move's key), and how many POSTs carried `key`. */
function booked(amountCents: number, key: string) {
  return {
    moves: client.sandbox.world.ledger.filter((e) => e.amountCents === amountCents).map((e) => e.idempotencyKey),
    posts: client.sandbox.requests
      .all({ method: 'POST', path: '/transfer/virtual-account' })
      .filter((r) => r.idempotencyKey === key).length,
  };
}

describe('a transfer taken over from a desktop that stopped without an outcome', () => {
  it('past the service’s key window: reconciled with the service’s transactions, never resent; sent when found, left to a person when not', async () => {
    const [reached, lost] = [6_101, 6_102];
    const a = await approvedTransfer(reached);
    const b = await approvedTransfer(lost);
    const [claimA] = await claimedByX([a.draft.rowId, b.draft.rowId]);
    if (!claimA) throw new Error('desktop X has no claim for the first transfer');
    // Only the first request reached the service before X stopped.
    const transferId = await reachesService(claimA);
    expect(booked(reached, a.key)).toEqual({ moves: [a.key], posts: 1 });

    // A day and an hour on, for desktop Y and for the service alike: the service has forgotten the
    // key, so a blind resend would be a second transfer.
    client.sandbox.world.clock.advance(25 * HOUR);
    const y = await desktopLater('Yves (25 hours on)', 25 * HOUR);
    await leasesEnd([a.draft.rowId, b.draft.rowId]);
    // Until Y has settled both (whatever it settles them as: the ledger and the words below say whether rightly).
    await sendUntil(
      y,
      async () =>
        (await viewOf(y, a.draft.rowId)).state !== 'open' && (await viewOf(y, b.draft.rowId)).state !== 'open',
    );

    // Moved once, by X's request only; the service's own record of it: one debit of the source, read from its transactions.
    expect(booked(reached, a.key)).toEqual({ moves: [a.key], posts: 1 });
    expect(client.sandbox.world.ledger.filter((e) => e.amountCents === reached).map((e) => e.id)).toEqual([transferId]);
    const debits = (await client.all<Transaction>('/transaction')).filter(
      (tx) => tx.amountCents === -reached && tx.virtualAccountId === accounts().source,
    );
    expect(debits).toHaveLength(1);
    expect(await viewOf(y, a.draft.rowId)).toMatchObject({
      state: 'sent',
      outcome: `sent (found in the service’s transactions: ${debits[0]?.id})`,
      fence: 2,
      claims: 2,
      lease: null,
    });

    expect(booked(lost, b.key)).toEqual({ moves: [], posts: 0 });
    expect(await viewOf(y, b.draft.rowId)).toMatchObject({
      state: 'needs-review',
      outcome:
        'An earlier send of this transfer (by Xavier) has no signed outcome, so it may have gone through, and the service may no longer hold its key. ' +
        'The service’s transactions since it was approved do not show it for certain. ' +
        `Look in the paying account’s transactions for a transfer of $61.02 from ${accounts().source} to ${accounts().destination}: ` +
        'if it is there, it went through and must not be sent again; if it is not, an approver reviews it as not sent, and it goes out with its key.',
      fence: 2,
      claims: 2,
      lease: null,
    });
  }, 120_000);

  it('within the key window: resent with the same key, which the service deduplicates (one move, two POSTs with that key)', async () => {
    const amountCents = 6_103;
    const t = await approvedTransfer(amountCents);
    const [claim] = await claimedByX([t.draft.rowId]);
    if (!claim) throw new Error('desktop X has no claim for the transfer');
    const transferId = await reachesService(claim);

    const y = await desktopLater('Yvonne (1 hour on)', HOUR);
    await leasesEnd([t.draft.rowId]);
    await sendUntil(y, async () => (await viewOf(y, t.draft.rowId)).state !== 'open');

    expect(booked(amountCents, t.key)).toEqual({ moves: [t.key], posts: 2 });
    expect(await viewOf(y, t.draft.rowId)).toMatchObject({
      state: 'sent',
      outcome: `sent (transfer ${transferId})`,
      fence: 2,
      claims: 2,
      lease: null,
    });
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TeamRowView } from '../../src/shared/ipc/workspace';
import { startClient, type Client } from './sandbox-harness';
import { startPgCluster, type PgCluster } from './pg-cluster';
import {
  decideAndPush,
  memberOf,
  PINNED_NOW,
  signDraft,
  signedOnly,
  startTeam,
  type Desktop,
  type Team,
} from './workspace-helpers';

/**
 * The hostile-database suites (team-hostile-db*.test.ts): a real PostgreSQL cluster, a real
 * sandbox over HTTP, and a team whose every desktop holds the sandbox's key (main's team sender
 * paused until a test lets one send). Each attack is made straight in the database, as its
 * admin (the superuser) or as a member with their own login and SQL; what counts is read where
 * it happens: the sandbox's ledger and request log, and the words main gives the inbox.
 */
export interface Attackable {
  cluster: PgCluster;
  client: Client;
  team: Team;
  su: pg.Client;
  /** Clerk (drafter), Controller and Treasurer (approvers). */
  clerk: Desktop;
  controller: Desktop;
  treasurer: Desktop;
}

/** A fresh team (its own database) on one cluster and sandbox per file; `fresh()` makes another for a test that tampers with functions. */
export function attackable(): Attackable & { fresh(): Promise<Attackable> } {
  const a = {} as Attackable & { fresh(): Promise<Attackable> };
  const opened: { team: Team; su: pg.Client }[] = [];
  const make = async (): Promise<Attackable> => {
    const service = {
      apiUrl: a.client.sandbox.apiUrl,
      vaultUrl: a.client.sandbox.vaultUrl,
      apiKey: a.client.sandbox.apiKey,
    };
    const team = await startTeam(
      a.cluster,
      { Clerk: 'drafter', Controller: 'approver', Treasurer: 'approver' },
      { service },
    );
    const su = await a.cluster.connectAsSuperuser(team.database);
    opened.push({ team, su });
    return {
      cluster: a.cluster,
      client: a.client,
      team,
      su,
      clerk: memberOf(team, 'Clerk'),
      controller: memberOf(team, 'Controller'),
      treasurer: memberOf(team, 'Treasurer'),
    };
  };
  beforeAll(async () => {
    a.cluster = await startPgCluster();
    // The service's clock a little after the desktops' (PINNED_NOW): what it books is dated after it was signed.
    a.client = await startClient({ seed: 8, now: () => PINNED_NOW + 5_000 });
    Object.assign(a, await make());
  }, 180_000);
  afterAll(async () => {
    for (const o of opened) {
      await o.su.end().catch(() => undefined);
      await o.team.close();
    }
    await a.client?.close();
    await a.cluster?.stop();
  });
  a.fresh = make;
  return a;
}

/** Two open accounts of the seed, and a payee that is not the key's own handle. */
export function parties(client: Client): { source: string; destination: string; payee: string } {
  const world = client.sandbox.world;
  const source = world.primaryVirtualAccountId;
  const destination = [...world.virtualAccounts.values()].find((v) => v.closedAt === null && v.id !== source)?.id;
  const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId)?.svcHandle;
  if (!destination || !payee) throw new Error('the seed has no second open account or no payee');
  return { source, destination, payee };
}

/** The Clerk drafts (signed by main after its prompt), and pushes; the Controller approves unless told not to. */
export async function drafted(
  a: Attackable,
  kind: 'transfer' | 'payment',
  amountCents: number,
  options: { approve?: boolean } = {},
) {
  const p = parties(a.client);
  const payload =
    kind === 'transfer'
      ? { source: p.source, destination: p.destination, amountCents }
      : { svcHandle: p.payee, amountCents };
  const key = randomUUID();
  const draft = await signDraft(a.clerk, kind, payload, key);
  await a.clerk.h.ok('workspace:push', {
    workspaceId: a.clerk.workspaceId,
    drafts: [signedOnly(draft)],
    decisions: [],
  });
  if (options.approve !== false) await decideAndPush(a.controller, [draft]);
  return { draft, key };
}

/** What the sandbox booked of this amount (its own ledger), and how many requests carried the key. */
export function booked(client: Client, amountCents: number, key?: string) {
  return {
    moves: client.sandbox.world.ledger.filter((e) => e.amountCents === amountCents).length,
    requests:
      key === undefined
        ? 0
        : client.sandbox.requests.all().filter((r) => r.method === 'POST' && r.idempotencyKey === key).length,
  };
}

/** The row as `d`'s main lists it: the words its inbox shows. */
export async function viewOf(d: Desktop, rowId: string): Promise<TeamRowView> {
  const [row] = await d.h.ok('workspace:rows', { workspaceId: d.workspaceId, rowIds: [rowId], includeClosed: true });
  if (!row) throw new Error(`the workspace does not list row ${rowId}`);
  return row;
}

/** Whether `d`'s team sender started a run after event `mark` and finished it (its status went to sending, then back). */
function ranSince(d: Desktop, mark: number): boolean {
  const mine = d.h.events.slice(mark).flatMap((e) => {
    const p = e.payload as { profileId?: string; state?: string } | undefined;
    return e.event === 'outbox:team-sending' && p?.profileId === d.profileId ? [p.state] : [];
  });
  const began = mine.indexOf('sending');
  return began >= 0 && mine.slice(began + 1).some((s) => s === 'idle' || s === 'stopped');
}

/**
 * Lets `d`'s main team sender run, and waits until it finished a run that began after now (its
 * status event with what the run did): the attack was in view of a whole run. Pauses it again.
 */
export async function letSend(d: Desktop): Promise<void> {
  const mark = d.h.events.length;
  await d.h.ok('outbox:pause', { profileId: d.profileId, paused: false });
  try {
    await expect.poll(() => ranSince(d, mark), { timeout: 60_000 }).toBe(true);
  } finally {
    await d.h.ok('outbox:pause', { profileId: d.profileId, paused: true });
  }
}

/** Lets `d` send until `done` holds (a row sent), then pauses it again. */
export async function sendUntil(d: Desktop, done: () => Promise<boolean>): Promise<void> {
  await d.h.ok('outbox:pause', { profileId: d.profileId, paused: false });
  try {
    await expect.poll(done, { timeout: 60_000 }).toBe(true);
  } finally {
    await d.h.ok('outbox:pause', { profileId: d.profileId, paused: true });
  }
}

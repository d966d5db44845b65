import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { MemberRole } from '../../src/shared/team/model';
import type { MemberView, WorkspaceSummary } from '../../src/shared/ipc';
import {
  claimRows,
  recordOutcomes,
  renewLease,
  type ClaimResult,
  type OutcomeInput,
} from '../../src/main/workspace/claims';
import type { PgCluster } from './pg-cluster';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import type { SecretStore } from '../../src/main/secrets/secret-store';
import { startCore, type CoreHarness } from './core-helpers';
import { answerStandInPayer } from './stand-in-payer';

/**
 * Desktops for the workspace tests: each a whole main core (its own data folder, keychain and
 * prompt), driven through its IPC handlers as the renderer would, on one throwaway PostgreSQL.
 * Free of vitest, so a script (the kill test) sets up a team the same way.
 */
export interface Desktop {
  name: string;
  h: CoreHarness;
  workspaceId: string;
  member: MemberView;
  /** The database login the admin made for this member (the tests also use it straight, as an attacker with the password would). */
  login?: { dbRole: string; password: string };
  /** This desktop's profile of the team's service: drafts are signed for it (main takes the service from the profile). */
  profileId: string;
}

export const SERVICE = 'https://api.example.test';
answerStandInPayer(SERVICE);

/** Where a desktop's profile points, and the key it holds. */
export interface ServiceAt {
  apiUrl: string;
  vaultUrl: string;
  apiKey: string;
}

/** The stand-in service of the tests that never send: a name nobody answers for. */
export const NO_SERVICE: ServiceAt = {
  apiUrl: SERVICE,
  vaultUrl: 'https://vault.example.test',
  apiKey: 'test-api-key-0001',
};

/**
 * A live profile of `at` on `h`. Unless `sending`, main's team sender is paused for it: these
 * tests drive claims and outcomes themselves (mainOf), and a sender of their own would race them.
 */
export async function serviceProfile(
  h: CoreHarness,
  at: ServiceAt = NO_SERVICE,
  options: { sending?: boolean } = {},
): Promise<string> {
  const profile = await h.ok('profiles:create', {
    name: `Team ${randomUUID().slice(0, 4)}`,
    baseUrl: at.apiUrl,
    vaultUrl: at.vaultUrl,
    apiKey: at.apiKey,
  });
  if (!options.sending) await h.ok('outbox:pause', { profileId: profile.id, paused: true });
  return profile.id;
}

/** main's own claim and outcome functions on `d`'s workspace (no channel reaches them: main's team sender calls them). */
export function mainOf(d: Desktop) {
  const ws = d.h.core.workspaces;
  const live = async () => {
    const l = await ws.refresh(d.workspaceId);
    return { l, actor: await ws.actor(l) };
  };
  return {
    claim: async (rowIds: string[], leaseMs = 60_000): Promise<ClaimResult[]> => {
      const { l, actor } = await live();
      return claimRows(l.session, l.directory, actor, { rowIds, leaseMs });
    },
    outcomes: async (outcomes: OutcomeInput[]) => {
      const { l, actor } = await live();
      return recordOutcomes(l.session, l.directory, actor, outcomes);
    },
    renew: async (rowId: string, fence: number, leaseMs = 60_000) =>
      renewLease((await ws.get(d.workspaceId)).session, { rowId, fence, leaseMs }),
  };
}

/** The sandbox clock of these tests: every desktop's `now` (the database keeps its own for leases). */
export const PINNED_NOW = Date.parse('2025-06-16T09:30:00.000Z');

/** Each desktop's keychain (in memory), kept by the test: what a dishonest member, or a thief of their keychain, holds. */
const keychains = new WeakMap<CoreHarness, SecretStore>();

/** A desktop's main core on `now` (PINNED_NOW unless a test whose other parts run on the real clock says so). */
export async function desktopCore(now: () => number = () => PINNED_NOW): Promise<CoreHarness> {
  const keychain = new MemorySecretStore();
  const h = await startCore({ now, workspaceBackoffMs: 50, secrets: keychain });
  keychains.set(h, keychain);
  return h;
}

/** A desktop's signing key for its workspace and its database password, as its keychain holds them. */
export async function keychainOf(d: Desktop): Promise<{ signingKey: string; password: string }> {
  const keychain = keychains.get(d.h);
  const signingKey = await keychain?.get(`workspace:${d.workspaceId}:signing-key`);
  const password = await keychain?.get(`workspace:${d.workspaceId}:password`);
  if (!signingKey || !password) throw new Error(`${d.name}'s desktop keeps no key or password for the workspace here`);
  return { signingKey, password };
}

export interface Team {
  database: string;
  owner: { user: string; password: string };
  admin: Desktop;
  members: Record<string, Desktop>;
  close(): Promise<void>;
}

/** A client straight to the database with a member's login: what anyone holding that password can do, without the member's key. */
export async function asLogin(cluster: PgCluster, database: string, d: Desktop): Promise<pg.Client> {
  if (!d.login) throw new Error(`${d.name} has no login of its own in this test`);
  const client = new pg.Client({
    host: cluster.host,
    port: cluster.port,
    database,
    user: d.login.dbRole,
    password: d.login.password,
  });
  await client.connect();
  return client;
}

/** The member called `name` (the test fails clearly if the team has none). */
export function memberOf(team: Team, name: string): Desktop {
  const d = team.members[name];
  if (!d) throw new Error(`the team has no member called ${name}`);
  return d;
}

/** An admin makes a login, the person joins with it from their desktop, the admin registers their key. */
export async function addMember(
  cluster: PgCluster,
  admin: Desktop,
  name: string,
  role: MemberRole,
  database: string,
  via: { port?: number; core?: CoreHarness; service?: ServiceAt; sending?: boolean; now?: () => number } = {},
): Promise<Desktop> {
  const login = await admin.h.ok('workspace:addLogin', { workspaceId: admin.workspaceId });
  const h = via.core ?? (await desktopCore(via.now));
  const joined = await h.ok('workspace:join', {
    host: cluster.host,
    port: via.port ?? cluster.port,
    database,
    user: login.dbRole,
    password: login.password,
    name,
  });
  const member = await admin.h.ok('workspace:register', { workspaceId: admin.workspaceId, dbRole: login.dbRole, role });
  // The new desktop signs only once it has read its own registration in the directory (a test
  // that drafts at once otherwise races the NOTIFY that tells it): reading its list reads it.
  for (const deadline = Date.now() + 20_000; ;) {
    const mine = (await h.ok('workspace:list')).find((w) => w.id === joined.id);
    if (mine?.me.member?.role === role) break;
    if (Date.now() > deadline) throw new Error(`${name}'s desktop never saw its registration as ${role}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const profileId = await serviceProfile(h, via.service, { sending: via.sending ?? false });
  return { name, h, workspaceId: joined.id, member, login, profileId };
}

/**
 * A new database and workspace, its admin, and members by name and role; every desktop has a
 * profile of `service` (a name nobody answers for unless given), its team sending paused unless
 * `sending`.
 */
export async function startTeam(
  cluster: PgCluster,
  roles: Record<string, MemberRole>,
  options: { service?: ServiceAt; sending?: boolean; now?: () => number } = {},
): Promise<Team> {
  const database = `ws_${randomUUID().slice(0, 8)}`;
  const owner = await cluster.createWorkspaceDatabase(database);
  const h = await desktopCore(options.now);
  const created = await h.ok('workspace:create', {
    name: 'Acme Treasury',
    adminName: 'Ada Admin',
    host: cluster.host,
    port: cluster.port,
    database,
    ownerUser: owner.user,
    ownerPassword: owner.password,
  });
  const admin: Desktop = {
    name: 'Ada Admin',
    h,
    workspaceId: created.id,
    member: created.me.member as MemberView,
    profileId: await serviceProfile(h, options.service, { sending: options.sending ?? false }),
  };
  const members: Record<string, Desktop> = {};
  for (const [name, role] of Object.entries(roles))
    members[name] = await addMember(cluster, admin, name, role, database, {
      ...(options.service ? { service: options.service } : {}),
      ...(options.sending !== undefined ? { sending: options.sending } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
  return {
    database,
    owner,
    admin,
    members,
    close: async () => {
      await Promise.all([admin, ...Object.values(members)].map((d) => d.h.close()));
    },
  };
}

/** A transfer payload as the outbox drafts one. */
export function transfer(amountCents: number, destination = 'acct_payee', source = 'acct_main') {
  return { source, destination, amountCents, memo: 'Invoice 42' };
}

/** Signs drafts on `d` for its profile (main's prompt confirms); the signed drafts, each with its row id. */
export async function signDrafts(
  d: Desktop,
  drafts: { kind: 'transfer' | 'payment'; payload: unknown; idempotencyKey?: string; rowId?: string }[],
) {
  const r = await d.h.ok('workspace:signDrafts', {
    profileId: d.profileId,
    drafts: drafts.map((x) => ({
      rowId: x.rowId ?? randomUUID(),
      kind: x.kind,
      payload: x.payload,
      idempotencyKey: x.idempotencyKey ?? randomUUID(),
    })),
  });
  return r.signed;
}

/** Signs one draft on `d` (signDrafts). */
export async function signDraft(
  d: Desktop,
  kind: 'transfer' | 'payment',
  payload: unknown,
  idempotencyKey: string = randomUUID(),
) {
  const [signed] = await signDrafts(d, [{ kind, payload, idempotencyKey }]);
  if (!signed) throw new Error('nothing was signed');
  return signed;
}

/** Signs a transfer on `d` and pushes it; returns the signed draft. */
export async function draftAndPush(
  d: Desktop,
  amountCents: number,
  extra: { destination?: string; source?: string } = {},
) {
  const signed = await signDraft(d, 'transfer', transfer(amountCents, extra.destination, extra.source));
  const pushed = await d.h.ok('workspace:push', {
    workspaceId: d.workspaceId,
    drafts: [signedOnly(signed)],
    decisions: [],
  });
  if (pushed.drafts[0]?.status !== 'added') throw new Error(`draft not added: ${JSON.stringify(pushed.drafts[0])}`);
  return signed;
}

/** A draft as it travels: its statement, signature and payload (signDraft's row id is in the statement). */
export function signedOnly(d: { text: string; signature: string; payload: string }) {
  return { text: d.text, signature: d.signature, payload: d.payload };
}

/** Approves (or rejects) drafts on `d` and pushes the decisions. */
export async function decideAndPush(
  d: Desktop,
  drafts: { text: string; signature: string; payload: string }[],
  decision: 'approve' | 'reject' = 'approve',
) {
  const decisions = await d.h.ok('workspace:decide', {
    workspaceId: d.workspaceId,
    drafts: drafts.map(signedOnly),
    decision,
  });
  return d.h.ok('workspace:push', { workspaceId: d.workspaceId, drafts: [], decisions });
}

/** A row of the workspace as `d` reads it through main, closed ones included. */
export const rowOf = async (d: Desktop, rowId: string) =>
  (await d.h.ok('workspace:rows', { workspaceId: d.workspaceId, rowIds: [rowId], includeClosed: true }))[0];

export function summaryOf(d: Desktop): Promise<WorkspaceSummary | undefined> {
  return d.h.ok('workspace:list').then((all) => all.find((w) => w.id === d.workspaceId));
}

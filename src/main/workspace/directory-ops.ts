import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { JoinRequestView, MemberView } from '../../shared/ipc/workspace';
import {
  memberByKey,
  verifyDirectory,
  type ChainHead,
  type DirectoryRow,
  type VerifiedDirectory,
} from '../../shared/team/directory';
import { Policy, type MemberRecord, type MemberRole, type PolicyRule } from '../../shared/team/model';
import { readSignedText } from '../../shared/team/signed-text';
import type { PromptGate } from '../prompt/trusted-prompt';
import { appendAudit, appendToChain, lockChain, readChain, type Actor } from './chain-append';
import { fingerprint, nodeTeamCrypto } from './keys';
import { workspaceRoles } from './migrations/roles';
import { confirmOrThrow, policyQuestion, registerQuestion, setRoleQuestion } from './questions';
import { newLoginPassword, scramVerifier } from './scram';
import type { WorkspaceSession } from './session';
import { WorkspaceError } from './workspace-error';

/** What verifying the directory needs of this desktop: the key it pinned and the newest entry it saw. */
export interface Pinned {
  workspaceId: string;
  pinnedKey: string;
  remembered: ChainHead | null;
}

export function verify(pinned: Pinned, rows: readonly DirectoryRow[]): VerifiedDirectory {
  return verifyDirectory({ ...pinned, rows, crypto: nodeTeamCrypto });
}

export function memberView(m: MemberRecord): MemberView {
  return {
    id: m.id,
    name: m.name,
    role: m.role,
    status: m.status,
    dbRole: m.dbRole,
    fingerprint: fingerprint(m.publicKey),
  };
}

/** Reads the whole directory and verifies it; the rows come back too, for the offline copy. */
export async function readDirectory(
  session: WorkspaceSession,
  pinned: Pinned,
): Promise<{ rows: DirectoryRow[]; directory: VerifiedDirectory }> {
  const rows = await session.run((pool) => readChain(pool, 'directory'));
  return { rows, directory: verify(pinned, rows) };
}

/** The active admin behind `actor`, or a refusal saying why this desktop may not change the directory. */
function requireAdmin(dir: VerifiedDirectory, actor: Actor): MemberRecord {
  if (dir.broken)
    throw new WorkspaceError('refused', `The directory cannot be changed while it is damaged (${dir.broken.problem}).`);
  const me = dir.members.get(actor.memberId);
  if (!me || me.status !== 'active' || me.role !== 'admin')
    throw new WorkspaceError(
      'refused',
      'Only an admin of the workspace changes its members and policies, and you are not one.',
    );
  return me;
}

type DirectoryContent = { entry: 'member'; member: MemberRecord } | { entry: 'policy'; policy: Policy };

/**
 * Adds one signed entry to the directory, in one transaction with what goes with it (a role
 * granted, an audit entry): under the directory's lock it reads and verifies the directory again,
 * so what `build` decides (the next policy version, the member's current record) is decided on
 * the directory as it is now, not as it was before the lock.
 */
async function changeDirectory<T>(
  session: WorkspaceSession,
  pinned: Pinned,
  actor: Actor,
  build: (dir: VerifiedDirectory) => { content: DirectoryContent; result: T },
  alongside: (client: pg.PoolClient, result: T) => Promise<void>,
): Promise<T> {
  return session.tx(async (client) => {
    await lockChain(client, 'directory');
    const dir = verify(pinned, await readChain(client, 'directory'));
    requireAdmin(dir, actor);
    const { content, result } = build(dir);
    await appendToChain(client, 'directory', actor, (base) => ({ ...base, ...content }));
    await alongside(client, result);
    return result;
  });
}

/** Admins: a database login for a new member, its password made here and sent only as a SCRAM verifier. */
export async function addLogin(
  session: WorkspaceSession,
  database: string,
  dir: VerifiedDirectory,
  actor: Actor,
): Promise<{ dbRole: string; password: string }> {
  requireAdmin(dir, actor);
  const dbRole = `${workspaceRoles(database).database}_m_${randomBytes(4).toString('hex')}`;
  const password = newLoginPassword();
  await session.tx(async (client) => {
    await client.query('SELECT team.create_login($1, $2)', [dbRole, scramVerifier(password)]);
    await appendAudit(client, actor, { event: 'member', subject: dbRole, detail: { action: 'login added' } });
  });
  return { dbRole, password };
}

interface JoinRequestRow {
  db_role: string;
  text: string;
  signature: string;
}

/** A request to join, checked: signed with the key it asks for (so its writer holds that key). */
function readJoinRequest(
  row: JoinRequestRow,
  workspaceId: string,
): { name: string; publicKey: string; at: string } | { problem: string } {
  const read = readSignedText('join', row.text);
  if (!read.ok) return { problem: `the request cannot be read (${read.problem})` };
  const b = read.body;
  if (b.workspace !== workspaceId || b.dbRole !== row.db_role)
    return { problem: 'the request was made for another workspace or login' };
  if (!nodeTeamCrypto.verify(b.publicKey, row.text, row.signature))
    return { problem: 'the request is not signed with the key it asks for' };
  return { name: b.name, publicKey: b.publicKey, at: b.at };
}

/** The requests to join this desktop may read (every one for an admin, its own otherwise), checked. */
export async function joinRequests(session: WorkspaceSession, dir: VerifiedDirectory): Promise<JoinRequestView[]> {
  const r = await session.run((pool) =>
    pool.query<JoinRequestRow & { written_at: Date }>(
      'SELECT db_role, text, signature, written_at FROM team.join_request ORDER BY written_at',
    ),
  );
  return r.rows.map((row) => {
    const req = readJoinRequest(row, dir.workspaceId);
    if ('problem' in req)
      return {
        dbRole: row.db_role,
        name: '',
        fingerprint: '',
        at: row.written_at.toISOString(),
        registered: false,
        problem: req.problem,
      };
    return {
      dbRole: row.db_role,
      name: req.name,
      fingerprint: fingerprint(req.publicKey),
      at: req.at,
      registered:
        memberByKey(dir, req.publicKey) !== undefined ||
        [...dir.members.values()].some((m) => m.dbRole === row.db_role),
    };
  });
}

/**
 * A login that is a member's already (active or removed) never gets another key: whoever holds its
 * password would sign as a second member, and the directory ignores such an entry anyway.
 */
function refuseSecondKey(dir: VerifiedDirectory, dbRole: string): void {
  const holder = [...dir.members.values()].find((m) => m.dbRole === dbRole);
  if (holder)
    throw new WorkspaceError(
      'conflict',
      `${dbRole} is registered already, as ${holder.name}: one login is one member.`,
    );
}

/** Admins: registers the key `dbRole` asked to join with, after the admin compared its fingerprint in main's prompt. */
export async function registerMember(
  session: WorkspaceSession,
  pinned: Pinned,
  dir: VerifiedDirectory,
  actor: Actor,
  prompt: PromptGate,
  dbRole: string,
  role: MemberRole,
): Promise<MemberRecord> {
  requireAdmin(dir, actor);
  const r = await session.run((pool) =>
    pool.query<JoinRequestRow>('SELECT db_role, text, signature FROM team.join_request WHERE db_role = $1', [dbRole]),
  );
  const row = r.rows[0];
  if (!row)
    throw new WorkspaceError(
      'not-found',
      `${dbRole} has not asked to join yet: they join from their desktop first, with the login you gave them.`,
    );
  const req = readJoinRequest(row, dir.workspaceId);
  if ('problem' in req)
    throw new WorkspaceError('invalid', `${dbRole}'s request cannot be registered: ${req.problem}.`);
  const known = memberByKey(dir, req.publicKey);
  if (known) throw new WorkspaceError('conflict', `That key is already registered, as ${known.name}.`);
  refuseSecondKey(dir, dbRole);
  await confirmOrThrow(
    prompt,
    registerQuestion(req.name, role, dbRole, fingerprint(req.publicKey)),
    'Nobody was registered',
  );
  const member: MemberRecord = {
    id: randomUUID(),
    name: req.name,
    role,
    publicKey: req.publicKey,
    dbRole,
    status: 'active',
  };
  return changeDirectory(
    session,
    pinned,
    actor,
    (fresh) => {
      if (memberByKey(fresh, req.publicKey))
        throw new WorkspaceError('conflict', 'That key was registered by another admin meanwhile.');
      refuseSecondKey(fresh, dbRole);
      return { content: { entry: 'member', member }, result: member };
    },
    async (client, m) => {
      await client.query('SELECT team.set_login_role($1, $2)', [m.dbRole, m.role]);
      await appendAudit(client, actor, {
        event: 'member',
        subject: m.id,
        detail: { action: 'registered', name: m.name, role: m.role, dbRole: m.dbRole },
      });
    },
  );
}

/** Admins: a new role for a member, or their removal (their approvals stop counting at once). */
export async function setMemberRole(
  session: WorkspaceSession,
  pinned: Pinned,
  dir: VerifiedDirectory,
  actor: Actor,
  prompt: PromptGate,
  memberId: string,
  to: MemberRole | 'removed',
): Promise<MemberRecord> {
  requireAdmin(dir, actor);
  const current = dir.members.get(memberId);
  if (!current || current.status === 'removed')
    throw new WorkspaceError('not-found', 'That member is not in the workspace (or was removed already).');
  await confirmOrThrow(prompt, setRoleQuestion(current.name, current.role, to), 'Nothing was changed');
  return changeDirectory(
    session,
    pinned,
    actor,
    (fresh) => {
      const now = fresh.members.get(memberId);
      if (!now || now.status === 'removed') throw new WorkspaceError('not-found', 'That member was removed meanwhile.');
      const admins = [...fresh.members.values()].filter((m) => m.status === 'active' && m.role === 'admin');
      if (now.role === 'admin' && to !== 'admin' && admins.length === 1) {
        throw new WorkspaceError(
          'refused',
          `${now.name} is the workspace's only admin: make another member an admin first.`,
        );
      }
      const member: MemberRecord = to === 'removed' ? { ...now, status: 'removed' } : { ...now, role: to };
      return { content: { entry: 'member', member }, result: member };
    },
    async (client, m) => {
      await client.query('SELECT team.set_login_role($1, $2)', [m.dbRole, to]);
      await appendAudit(client, actor, {
        event: 'member',
        subject: m.id,
        detail: { action: to === 'removed' ? 'removed' : 'role changed', name: m.name, role: to },
      });
    },
  );
}

/** Admins: the next version of a service's policy; it applies at once to every row not sent. */
export async function setPolicy(
  session: WorkspaceSession,
  pinned: Pinned,
  dir: VerifiedDirectory,
  actor: Actor,
  prompt: PromptGate,
  input: { service: string; defaultApprovals: number; rules: PolicyRule[] },
): Promise<Policy> {
  requireAdmin(dir, actor);
  const proposed = Policy.parse({ ...input, version: (dir.policies.get(input.service)?.version ?? 0) + 1 });
  await confirmOrThrow(prompt, policyQuestion(proposed), 'The policy was not changed');
  return changeDirectory(
    session,
    pinned,
    actor,
    (fresh) => {
      const version = (fresh.policies.get(input.service)?.version ?? 0) + 1;
      if (version !== proposed.version)
        throw new WorkspaceError(
          'conflict',
          `Another admin changed this policy meanwhile (it is at version ${version - 1} now): read it again and make your change on it.`,
        );
      return { content: { entry: 'policy', policy: proposed }, result: proposed };
    },
    async (client, p) => {
      await appendAudit(client, actor, {
        event: 'policy',
        subject: p.service,
        detail: { version: p.version, defaultApprovals: p.defaultApprovals, rules: p.rules.length },
      });
    },
  );
}

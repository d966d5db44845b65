import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { signedText } from '../../shared/team/signed-text';
import { appendAudit, appendToChain } from './chain-append';
import { displayWorkspace, openClient, type WorkspaceAddress } from './connection';
import type { SigningKey } from './keys';
import { checkSchemaVersion, migrate, schemaVersion } from './migrate';
import { workspaceRoles } from './migrations/roles';
import { newLoginPassword, scramVerifier } from './scram';
import { workspaceFailure, WorkspaceError } from './workspace-error';

/** What the workspace table says about itself. */
export interface WorkspaceFacts {
  id: string;
  name: string;
  rootKey: string;
}

async function connected<T>(
  address: WorkspaceAddress,
  password: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = openClient(address, password);
  try {
    await client.connect();
    return await work(client);
  } catch (error) {
    throw workspaceFailure(error, displayWorkspace(address));
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function readWorkspaceFacts(client: pg.ClientBase): Promise<WorkspaceFacts | null> {
  const r = await client.query<{ id: string; name: string; root_key: string }>(
    'SELECT id, name, root_key FROM team.workspace',
  );
  const row = r.rows[0];
  return row ? { id: row.id, name: row.name, rootKey: row.root_key } : null;
}

export interface Created {
  workspaceId: string;
  memberId: string;
  /** The first admin's own login, made here; its password goes to this desktop's keychain only. */
  login: { user: string; password: string };
}

/**
 * Sets up a workspace in an empty database, as its owner (credentials used for this call only):
 * the schema at the newest version with its roles, a login for the first admin, the workspace's
 * record naming that admin's key as the root every desktop pins, the directory's first entry
 * (the admin, signed by that key) and the audit's first entry. `key` was made and kept in the
 * keychain by the caller before this runs, so no workspace exists whose admin key is lost.
 */
export async function createWorkspace(opts: {
  owner: WorkspaceAddress;
  ownerPassword: string;
  workspaceId: string;
  name: string;
  adminName: string;
  key: SigningKey;
  now: () => number;
}): Promise<Created> {
  const { owner } = opts;
  const roles = workspaceRoles(owner.database);
  const login = { user: `${roles.database}_m_${randomBytes(4).toString('hex')}`, password: newLoginPassword() };
  const memberId = randomUUID();
  await connected(owner, opts.ownerPassword, async (client) => {
    if ((await schemaVersion(client)) > 0 && (await readWorkspaceFacts(client).catch(() => null))) {
      throw new WorkspaceError(
        'conflict',
        `The database ${owner.database} already holds a workspace: join it with a login from its admin instead.`,
      );
    }
    await migrate(client);
    await client.query('BEGIN');
    try {
      await client.query(
        `CREATE ROLE ${login.user} LOGIN PASSWORD ${pg.escapeLiteral(scramVerifier(login.password))} IN ROLE ${roles.admin}`,
      );
      await client.query('INSERT INTO team.workspace (id, name, root_key) VALUES ($1, $2, $3)', [
        opts.workspaceId,
        opts.name,
        opts.key.publicKey,
      ]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
  // The first entries are written by the admin's own login, through the same grants as every later one.
  await connected({ ...owner, user: login.user }, login.password, async (client) => {
    const actor = { workspaceId: opts.workspaceId, memberId, key: opts.key, now: opts.now };
    await client.query('BEGIN');
    await appendToChain(client, 'directory', actor, (base) => ({
      ...base,
      entry: 'member',
      member: {
        id: memberId,
        name: opts.adminName,
        role: 'admin',
        publicKey: opts.key.publicKey,
        dbRole: login.user,
        status: 'active',
      },
    }));
    await appendAudit(client, actor, {
      event: 'workspace',
      subject: opts.workspaceId,
      detail: { action: 'created', name: opts.name, admin: opts.adminName },
    });
    await client.query('COMMIT');
  });
  return { workspaceId: opts.workspaceId, memberId, login };
}

/**
 * Reads a workspace as a member before joining it: its schema must be the one this app works
 * with (a newer one is refused, with the reason), and it must hold a workspace.
 */
export async function inspectWorkspace(address: WorkspaceAddress, password: string): Promise<WorkspaceFacts> {
  return connected(address, password, async (client) => {
    checkSchemaVersion(await schemaVersion(client));
    const facts = await readWorkspaceFacts(client);
    if (!facts) throw new WorkspaceError('version', 'This database holds no workspace yet: an admin creates it first.');
    return facts;
  });
}

/** Asks to be registered: this login's name and public key, signed with that key. */
export async function requestToJoin(
  address: WorkspaceAddress,
  password: string,
  req: { workspaceId: string; name: string; key: SigningKey; now: () => number },
): Promise<void> {
  const body = {
    workspace: req.workspaceId,
    dbRole: address.user,
    name: req.name,
    publicKey: req.key.publicKey,
    at: new Date(req.now()).toISOString(),
  };
  const text = signedText('join', body);
  await connected(address, password, (client) =>
    client.query(
      'INSERT INTO team.join_request (text, signature) VALUES ($1, $2) ON CONFLICT (db_role) DO UPDATE SET text = EXCLUDED.text, signature = EXCLUDED.signature, written_at = now()',
      [text, req.key.sign(text)],
    ),
  );
}

/** Brings a workspace to this app's schema version, as the database's owner (credentials used once). */
export function upgradeWorkspace(
  owner: WorkspaceAddress,
  ownerPassword: string,
): Promise<{ from: number; to: number }> {
  return connected(owner, ownerPassword, (client) => migrate(client));
}

import { isIP } from 'node:net';
import pg from 'pg';
import { WorkspaceError } from './workspace-error';

/** Where a workspace is and who this desktop is there (everything but the password). */
export interface WorkspaceAddress {
  host: string;
  port: number;
  database: string;
  user: string;
  /** The company's certificate authority (PEM), when the server's certificate is not signed by a public one. */
  caCert?: string;
}

/**
 * Loopback: the traffic never leaves this machine, so TLS is not required there. Only the literal
 * addresses (127.0.0.0/8 and ::1), never a name: `localhost` is whatever the resolver or the hosts
 * file says, and a name that resolves elsewhere would send the password in clear.
 */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1';
  return isIP(h) === 4 && h.startsWith('127.');
}

/** host:port/database, as the person reads and compares it. */
export function displayWorkspace(a: Pick<WorkspaceAddress, 'host' | 'port' | 'database'>): string {
  const host = isIP(a.host.replace(/^\[|\]$/g, '')) === 6 && !a.host.startsWith('[') ? `[${a.host}]` : a.host;
  return `${host}:${a.port}/${a.database}`;
}

/**
 * The TLS settings for a host: none on loopback; elsewhere TLS is required and the server's
 * certificate must verify (against the public authorities, or the CA given) for that host name.
 * pg never falls back to a clear connection when TLS is asked for.
 */
export function tlsFor(a: WorkspaceAddress): false | { rejectUnauthorized: true; ca?: string; servername?: string } {
  if (isLoopback(a.host)) return false;
  const host = a.host.replace(/^\[|\]$/g, '');
  return {
    rejectUnauthorized: true,
    ...(a.caCert ? { ca: a.caCert } : {}),
    ...(isIP(host) ? {} : { servername: host }),
  };
}

/** Refuses an address main will not connect to, with the reason. */
export function checkAddress(a: WorkspaceAddress): void {
  if (a.host.startsWith('/'))
    throw new WorkspaceError(
      'invalid',
      'A workspace is reached over the network: give its host name, not a socket path.',
    );
}

const CONNECT_TIMEOUT_MS = 10_000;
// A statement that runs this long is stuck (a lock held by a desktop that went away): give up on it.
const STATEMENT_TIMEOUT_MS = 30_000;

/** The password as written, or read from the keychain at each new connection (so it stays in memory only briefly). */
export type PasswordSource = string | (() => Promise<string>);

function clientConfig(a: WorkspaceAddress, password: PasswordSource): pg.ClientConfig {
  checkAddress(a);
  return {
    host: a.host.replace(/^\[|\]$/g, ''),
    port: a.port,
    database: a.database,
    user: a.user,
    password,
    ssl: tlsFor(a),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'treasury-desktop',
    keepAlive: true,
  };
}

/** What a server asking for the password another way than SCRAM is told, and what the person reads. */
export const NOT_SCRAM =
  'The workspace server asked for the password in a form that would reveal it (clear text or MD5): the app signs in only with SCRAM-SHA-256, so nothing was sent. Ask your admin to set password_encryption = scram-sha-256 and scram-sha-256 in pg_hba.conf.';

/**
 * pg's client, refusing every way of signing in but SCRAM: a server (or whoever stands in its
 * place) that asks for the password in clear or as an MD5 hash gets nothing, and the connection
 * fails with the reason. pg calls these two handlers by name when the server asks; the password
 * source is never read for them.
 */
class ScramOnlyClient extends pg.Client {
  _handleAuthCleartextPassword(): void {
    this.refuseAuth();
  }

  _handleAuthMD5Password(): void {
    this.refuseAuth();
  }

  private refuseAuth(): void {
    // pg's connection is an EventEmitter its types do not name on Client.
    const connection = (this as unknown as { connection: { emit(event: 'error', error: Error): void } }).connection;
    connection.emit('error', Object.assign(new Error(NOT_SCRAM), { code: 'NOT_SCRAM' }));
  }
}

/** One pool per workspace: a few connections, made on demand and dropped when idle. */
export function openPool(a: WorkspaceAddress, password: PasswordSource): pg.Pool {
  const pool = new pg.Pool({
    ...clientConfig(a, password),
    Client: ScramOnlyClient,
    max: 4,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection the server dropped (a restart, the network) errors on the pool; the next
  // query makes a new one. Without a listener the process would treat it as unhandled.
  pool.on('error', () => undefined);
  return pool;
}

/** A single connection (the LISTEN connection, or the owner's, used once). */
export function openClient(a: WorkspaceAddress, password: PasswordSource): pg.Client {
  const client = new ScramOnlyClient(clientConfig(a, password));
  client.on('error', () => undefined);
  return client;
}

/** Thrown inside a transaction to undo everything it did and answer `result` instead. */
export class Rollback<T> extends Error {
  constructor(readonly result: T) {
    super('rolled back');
  }
}

/**
 * Runs `work` in one transaction on a pooled connection: committed when it returns, rolled back
 * when it throws (a Rollback's result is then the answer).
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    if (error instanceof Rollback && !broken) return error.result as T;
    throw error;
  } finally {
    client.release(broken);
  }
}

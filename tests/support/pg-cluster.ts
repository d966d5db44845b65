import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createOwnedDatabase, freePort } from '../../src/main/demo/demo-postgres';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster for the workspace tests: Debian's own binaries, started as a
 * non-root user (initdb and postgres refuse root) on a free loopback port, in a temp folder that
 * user owns, and removed after. Tests that need it start it themselves; nothing is shared
 * between test files.
 *
 * The server runs under a small shell that holds the test process's pipe: when the test process
 * ends for any reason (a failed test, a crash, a kill), the pipe closes, the shell stops the
 * server and removes the folder. `stop()` does the same on purpose and waits for it.
 */
export interface PgCluster {
  host: string;
  port: number;
  /** The cluster's superuser (the tests' stand-in for whoever runs the company's server). */
  superuser: { user: string; password: string };
  /** A client as the superuser on `database` (postgres unless named). */
  connectAsSuperuser(database?: string): Promise<pg.Client>;
  /**
   * A database with an owner that is not a superuser, like a managed service's account: it owns
   * the database and may create roles, nothing more. Returns the owner's credentials.
   */
  createWorkspaceDatabase(name: string): Promise<{ database: string; user: string; password: string }>;
  stop(): Promise<void>;
}

/** The newest installed PostgreSQL's binaries (15 on Debian 12), or PG_BIN when set. */
export function postgresBinDir(): string {
  const fromEnv = process.env['PG_BIN'];
  if (fromEnv) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin/initdb). Run `bash scripts/ensure-system-packages.sh`, or set PG_BIN to a folder holding initdb and postgres.',
    );
  }
  return join(root, newest, 'bin');
}

/** Who runs the server: the current user, or when that is root, the `postgres` system user. */
async function serverUser(): Promise<{ uid: number; gid: number; wrap: string[] }> {
  if (process.getuid?.() !== 0) return { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0, wrap: [] };
  let ids: { stdout: string };
  try {
    ids = await run('id', ['-u', 'postgres']).then(async (u) => ({
      stdout: `${u.stdout.trim()} ${(await run('id', ['-g', 'postgres'])).stdout.trim()}`,
    }));
  } catch {
    throw new Error(
      "The tests run as root and PostgreSQL refuses to run as root, but there is no `postgres` system user to run it as. Install Debian's postgresql package (it creates that user).",
    );
  }
  const [uid, gid] = ids.stdout.split(' ').map(Number) as [number, number];
  // setpriv replaces itself with the command (no extra process between us and the server).
  return { uid, gid, wrap: ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--init-groups', '--'] };
}

/** A loopback port the system had free a moment ago (taken, then let go): the Demo's server picks its port so too. */
export { freePort };

// Holds the server while its stdin is open; then stops it (fast shutdown) and removes the folder.
const KEEPER = `
dir="$2"; port="$3"; bin="$1"; shift 3
"$bin/postgres" -D "$dir/data" -p "$port" -k "$dir" -c fsync=off -c synchronous_commit=off \\
  -c full_page_writes=off -c shared_buffers=16MB -c max_connections=60 -c log_min_messages=warning "$@" </dev/null &
pg=$!
echo "started $pg"
while read -r _; do :; done
kill -INT "$pg" 2>/dev/null
wait "$pg"
rm -rf "$dir"
`;

async function until<T>(what: string, attempt: () => Promise<T>, exited: () => string | null): Promise<T> {
  // Waits on the server's state (it answers a connection), not on a time; gives up only if the
  // server process itself ended, or after a generous bound for a very busy machine.
  const deadline = Date.now() + 120_000;
  let last: unknown;
  for (;;) {
    const gone = exited();
    if (gone) throw new Error(`PostgreSQL stopped before ${what}: ${gone}`);
    try {
      return await attempt();
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not come up (${what}): ${String(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface PgClusterOptions {
  /** Another address of this machine to listen on, besides 127.0.0.1 (the tests of the TLS rule need one that is not loopback). */
  alsoListen?: string;
  /** TLS: a server certificate and key (PEM), for the tests of the TLS rule. */
  tls?: { cert: string; key: string };
  /**
   * pg_hba.conf lines put before initdb's own (the first that matches wins): the tests of the
   * SCRAM-only rule make a role that the server asks for its password in clear or as MD5.
   */
  hbaFirst?: string[];
}

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = postgresBinDir();
  const who = await serverUser();
  // As root, the folder goes in /tmp: a TMPDIR under /root would be out of the postgres user's reach.
  const dir = await mkdtemp(join(who.wrap.length > 0 ? '/tmp' : tmpdir(), 'treasury-pg-'));
  await chown(dir, who.uid, who.gid);
  await chmod(dir, 0o700);
  const superuser = { user: 'treasury_su', password: randomBytes(18).toString('base64url') };
  const pwfile = join(dir, 'pw');
  await writeFile(pwfile, `${superuser.password}\n`, { mode: 0o600 });
  await chown(pwfile, who.uid, who.gid);
  const settings = [`listen_addresses=127.0.0.1${options.alsoListen ? `,${options.alsoListen}` : ''}`];
  if (options.tls) {
    for (const [name, pem] of [
      ['server.crt', options.tls.cert],
      ['server.key', options.tls.key],
    ] as const) {
      await writeFile(join(dir, name), pem, { mode: 0o600 });
      await chown(join(dir, name), who.uid, who.gid);
    }
    settings.push('ssl=on', `ssl_cert_file=${join(dir, 'server.crt')}`, `ssl_key_file=${join(dir, 'server.key')}`);
  }
  const host = '127.0.0.1';
  const asServer = (cmd: string, args: string[]) => {
    const [file, ...rest] = [...who.wrap, cmd, ...args];
    return run(file as string, rest, { env: { ...process.env, LC_ALL: 'C' } });
  };
  try {
    await asServer(join(bin, 'initdb'), [
      '-D',
      join(dir, 'data'),
      '-U',
      superuser.user,
      `--pwfile=${pwfile}`,
      '--auth-host=scram-sha-256',
      '--auth-local=scram-sha-256',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${(error as { stderr?: string }).stderr ?? String(error)}`, { cause: error });
  }
  if (options.hbaFirst) {
    const hba = join(dir, 'data', 'pg_hba.conf');
    await writeFile(hba, `${options.hbaFirst.join('\n')}\n${await readFile(hba, 'utf8')}`);
  }
  if (options.alsoListen) {
    // initdb lets in loopback only; a test listening elsewhere lets in this machine's own address.
    const cidr = options.alsoListen.includes(':') ? `${options.alsoListen}/128` : `${options.alsoListen}/32`;
    await appendFile(join(dir, 'data', 'pg_hba.conf'), `host all all ${cidr} scram-sha-256\n`);
  }

  // A port picked free can be taken before the server binds it: try a few.
  for (let tries = 0; ; tries++) {
    const port = await freePort();
    const [file, ...rest] = [
      ...who.wrap,
      'sh',
      '-c',
      KEEPER,
      'keeper',
      bin,
      dir,
      String(port),
      ...settings.flatMap((c) => ['-c', c]),
    ];
    const keeper: ChildProcess = spawn(file as string, rest, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    let ended: string | null = null;
    keeper.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const done = new Promise<void>((resolve) =>
      keeper.once('exit', (code, signal) => ((ended = `exit ${code ?? signal}: ${stderr.trim()}`), resolve())),
    );
    const connect = async (database = 'postgres') => {
      const client = new pg.Client({
        host,
        port,
        user: superuser.user,
        password: superuser.password,
        database,
        ...(options.tls ? { ssl: { rejectUnauthorized: false } } : {}),
      });
      await client.connect();
      return client;
    };
    try {
      const probe = await until(
        'accepting connections',
        () => connect(),
        () => ended,
      );
      await probe.end();
    } catch (error) {
      keeper.stdin?.end();
      await done;
      if (tries < 3 && /could not bind|already in use/i.test(stderr)) continue;
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    const stop = async () => {
      if (ended === null) {
        keeper.stdin?.end();
        await done;
      }
      rmSync(dir, { recursive: true, force: true });
    };
    return {
      host,
      port,
      superuser,
      connectAsSuperuser: connect,
      // The Demo's own server makes its database the same way (src/main/demo/demo-postgres.ts).
      createWorkspaceDatabase: (name) => createOwnedDatabase(connect, name),
      stop,
    };
  }
}

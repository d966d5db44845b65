import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startDemoPostgres } from '../../src/main/demo/demo-postgres';

// The Demo's own PostgreSQL: SCRAM logins on loopback, a database owned by a role that is not a
// superuser, and no server left behind, whether main stops it or ends without doing so.

const run = promisify(execFile);

/** Whether anything answers a PostgreSQL connection on the port now. */
async function answers(port: number): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'nobody', password: 'x', database: 'postgres' });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    // A refused login is still a server answering; a refused connection is none.
    return !/ECONNREFUSED/.test(String((error as { code?: string }).code ?? error));
  }
}

describe('the Demo’s PostgreSQL', () => {
  it('takes SCRAM logins for the database it makes, and is gone once stopped', async () => {
    const server = await startDemoPostgres();
    try {
      const owner = await server.createWorkspaceDatabase('demo_check');
      const client = new pg.Client({ host: server.host, port: server.port, ...owner });
      await client.connect();
      const me = await client
        .query<{ rolsuper: boolean; rolcreaterole: boolean }>(
          'SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user',
        )
        .finally(() => client.end());
      expect(me.rows[0]).toMatchObject({ rolsuper: false, rolcreaterole: true });
      const wrong = new pg.Client({ ...owner, host: server.host, port: server.port, password: 'wrong' });
      await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
    } finally {
      await server.stop();
    }
    expect(await answers(server.port)).toBe(false);
  }, 60_000);

  it('does not outlive a main process that ends without stopping it', async () => {
    const tsx = join(__dirname, '../../node_modules/.bin/tsx');
    const { stdout } = await run(tsx, [join(__dirname, '../support/demo-postgres-child.ts')], { timeout: 60_000 });
    const { port, folder } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { port: number; folder: string };
    expect(port).toBeGreaterThan(0);
    // The server shuts itself down on the signal main sent as it exited: a state, polled.
    await expect.poll(() => answers(port), { timeout: 30_000 }).toBe(false);
    // Its folder stays (a later start sweeps it once it is old): this test's own goes now.
    await rm(folder, { recursive: true, force: true });
  }, 90_000);
});

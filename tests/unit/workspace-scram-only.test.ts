import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback, openClient, tlsFor } from '../../src/main/workspace/connection';
import { workspaceFailure } from '../../src/main/workspace/workspace-error';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

// main signs in to a workspace only with SCRAM-SHA-256: a server that asks for the password in
// clear or as an MD5 hash (a misconfigured one, or whoever stands in its place on the network)
// gets nothing. Shown with a real server whose pg_hba.conf asks exactly that of two roles: were
// the password sent, the server would let them in.

const PASSWORD = 'a-password-only-the-test-knows';
let cluster: PgCluster;

beforeAll(async () => {
  cluster = await startPgCluster({
    hbaFirst: ['host all clear_role 127.0.0.1/32 password', 'host all md5_role 127.0.0.1/32 md5'],
  });
  const su = await cluster.connectAsSuperuser();
  try {
    await su.query(`CREATE ROLE clear_role LOGIN PASSWORD '${PASSWORD}'`);
    // Stored as MD5, so the server really asks for an MD5 answer (with a SCRAM verifier it would use SCRAM).
    await su.query("SET password_encryption = 'md5'");
    await su.query(`CREATE ROLE md5_role LOGIN PASSWORD '${PASSWORD}'`);
    await su.query("SET password_encryption = 'scram-sha-256'");
    await su.query(`CREATE ROLE scram_role LOGIN PASSWORD '${PASSWORD}'`);
  } finally {
    await su.end();
  }
}, 180_000);
afterAll(() => cluster?.stop());

async function signIn(user: string): Promise<string> {
  const client = openClient({ host: cluster.host, port: cluster.port, database: 'postgres', user }, PASSWORD);
  try {
    await client.connect();
    return 'in';
  } catch (error) {
    return workspaceFailure(error, 'the test server').message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('signing in to a workspace', () => {
  it('with SCRAM, it signs in', async () => {
    expect(await signIn('scram_role')).toBe('in');
  });

  it('asked for the password in clear or as MD5, it sends nothing and says why', async () => {
    for (const user of ['clear_role', 'md5_role']) {
      expect(await signIn(user)).toMatch(
        /^The workspace server asked for the password in a form that would reveal it \(clear text or MD5\): the app signs in only with SCRAM-SHA-256, so nothing was sent\./,
      );
    }
  });
});

describe('what counts as this computer', () => {
  it('only the literal loopback addresses skip TLS, never a name', () => {
    expect(['127.0.0.1', '127.9.8.7', '::1', '[::1]'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(
      ['localhost', 'LOCALHOST', 'localhost.', '127.0.0.1.example.com', '::2', '10.0.0.1', 'db.example.com'].map(
        isLoopback,
      ),
    ).toEqual([false, false, false, false, false, false, false]);
    expect(tlsFor({ host: 'localhost', port: 5432, database: 'd', user: 'u' })).toMatchObject({
      rejectUnauthorized: true,
      servername: 'localhost',
    });
  });
});

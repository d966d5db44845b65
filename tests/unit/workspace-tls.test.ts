import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { nonLoopbackAddress, testCertificates } from '../support/test-ca';
import { desktopCore, startTeam, type Team } from '../support/workspace-helpers';

/**
 * TLS is required for a workspace anywhere but on this computer: a server reached at another
 * address must offer TLS with a certificate this desktop can verify, or nothing is sent to it.
 */

let address: string;
let certs: Awaited<ReturnType<typeof testCertificates>>;
const clusters: PgCluster[] = [];
const teams: Team[] = [];

beforeAll(async () => {
  address = await nonLoopbackAddress();
  certs = await testCertificates(address);
}, 60_000);
afterAll(async () => {
  for (const t of teams) await t.close();
  for (const c of clusters) await c.stop();
});

async function teamOn(options: Parameters<typeof startPgCluster>[0]): Promise<{ cluster: PgCluster; team: Team }> {
  const cluster = await startPgCluster(options);
  clusters.push(cluster);
  // The admin sets it up on the server's own machine (loopback), then hands out logins.
  const team = await startTeam(cluster, {});
  teams.push(team);
  return { cluster, team };
}

async function joinAt(cluster: PgCluster, team: Team, caCert?: string) {
  const login = await team.admin.h.ok('workspace:addLogin', { workspaceId: team.admin.workspaceId });
  const h = await desktopCore();
  const r = await h.invoke('workspace:join', {
    host: address,
    port: cluster.port,
    database: team.database,
    user: login.dbRole,
    password: login.password,
    name: 'Remote',
    ...(caCert ? { caCert } : {}),
  });
  return { h, r };
}

describe('the TLS rule', () => {
  it('refuses a server at another address that offers no TLS, and says why', async () => {
    const { cluster, team } = await teamOn({ alsoListen: address });
    const { h, r } = await joinAt(cluster, team);
    try {
      expect(r.ok ? 'joined' : r.error.workspace).toEqual({ kind: 'tls', retryable: false });
      expect(r.ok ? '' : r.error.message).toMatch(
        new RegExp(
          `^The workspace at ${address.replaceAll('.', '\\.')}:${cluster.port}/${team.database} did not offer a TLS connection this computer can verify`,
        ),
      );
      expect(await h.ok('workspace:list')).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it("refuses a certificate this desktop cannot verify, and connects with the company's CA", async () => {
    const { cluster, team } = await teamOn({ alsoListen: address, tls: { cert: certs.cert, key: certs.key } });
    const untrusted = await joinAt(cluster, team);
    try {
      expect(untrusted.r.ok ? 'joined' : untrusted.r.error.workspace?.kind).toBe('tls');
    } finally {
      await untrusted.h.close();
    }
    const trusted = await joinAt(cluster, team, certs.caCert);
    try {
      expect(trusted.r.ok).toBe(true);
      const [ws] = await trusted.h.ok('workspace:list');
      expect(ws?.connectivity.state).not.toBe('degraded');
      const connections = await cluster.connectAsSuperuser(team.database);
      try {
        const ssl = await connections.query<{ ssl: boolean }>(
          'SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a ON a.pid = s.pid WHERE a.usename = $1',
          [ws?.dbRole],
        );
        expect(ssl.rows.length).toBeGreaterThan(0);
        expect(ssl.rows.every((row) => row.ssl)).toBe(true);
      } finally {
        await connections.end();
      }
    } finally {
      await trusted.h.close();
    }
  });
});

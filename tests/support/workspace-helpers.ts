import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { MemberRole } from '../../src/shared/team/model';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { startTeam, type Team } from './team-members';

export * from './team-members';

export interface TeamFixture {
  cluster: PgCluster;
  team: Team;
  /** The cluster's superuser on the team's database: a database admin, or whoever stole that access. */
  su: pg.Client;
}

/**
 * A throwaway cluster, a team on it and a superuser connection, made before the file's tests and
 * removed after (also when a test fails). Read its fields inside tests: they are set by then.
 */
export function teamFixture(roles: Record<string, MemberRole>): TeamFixture {
  const f = {} as TeamFixture;
  beforeAll(async () => {
    f.cluster = await startPgCluster();
    f.team = await startTeam(f.cluster, roles);
    f.su = await f.cluster.connectAsSuperuser(f.team.database);
  }, 180_000);
  afterAll(async () => {
    await f.su?.end();
    await f.team?.close();
    await f.cluster?.stop();
  });
  return f;
}

/** The SQLSTATE a statement fails with ('ok' when it succeeds): what the database lets a login do. */
export async function sqlState(client: pg.Client, sql: string, params: unknown[] = []): Promise<string> {
  try {
    await client.query(sql, params);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

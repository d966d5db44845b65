import type pg from 'pg';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';
import type { Migration } from './migrations/migration';
import { workspaceRoles } from './migrations/roles';
import { WorkspaceError } from './workspace-error';

// One upgrade at a time per database, whoever starts it (two admins, two windows).
const MIGRATION_LOCK = 0x7472_6561; // "trea"

/** The schema version of the workspace the client is connected to (0: none yet). */
export async function schemaVersion(client: pg.ClientBase | pg.Pool): Promise<number> {
  const exists = await client.query<{ t: string | null }>("SELECT to_regclass('team.schema_version')::text AS t");
  if (!exists.rows[0]?.t) return 0;
  const v = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM team.schema_version');
  return v.rows[0]?.v ?? 0;
}

/**
 * Refuses a workspace this app cannot work with, saying why and what to do: one made by a newer
 * app (its schema is past what this one knows), or one an admin has not upgraded yet.
 */
export function checkSchemaVersion(found: number, known = SCHEMA_VERSION): void {
  if (found > known) {
    throw new WorkspaceError(
      'version',
      `The workspace was set up by a newer version of Treasury Desktop (schema version ${found}; this app knows up to ${known}). Nothing was read or written: update the app to use it.`,
    );
  }
  if (found === 0)
    throw new WorkspaceError(
      'version',
      "This database holds no workspace yet: an admin creates it first, with the database owner's credentials.",
    );
  if (found < known) {
    throw new WorkspaceError(
      'version',
      `The workspace's schema is version ${found}; this app needs version ${known}. An admin upgrades it (Settings, the workspace, "Upgrade"), with the database owner's credentials.`,
    );
  }
}

/**
 * Brings the database to `target` (the newest by default), one version per transaction, as its
 * owner. Each version's SQL and its schema_version line commit together, so an upgrade stopped
 * half-way leaves the database at the last whole version. Refuses a database newer than the app.
 */
export async function migrate(
  client: pg.ClientBase,
  target = SCHEMA_VERSION,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<{ from: number; to: number }> {
  const database = (await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db ?? '';
  const roles = workspaceRoles(database);
  const from = await schemaVersion(client);
  const known = migrations.at(-1)?.version ?? 0;
  if (from > known) checkSchemaVersion(from, known);
  for (const m of migrations) {
    if (m.version > target) break;
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      // Read again under the lock: another upgrader may have gone first.
      if ((await schemaVersion(client)) >= m.version) {
        await client.query('COMMIT');
        continue;
      }
      await client.query(m.sql(roles));
      await client.query('INSERT INTO team.schema_version (version) VALUES ($1)', [m.version]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
  return { from, to: await schemaVersion(client) };
}

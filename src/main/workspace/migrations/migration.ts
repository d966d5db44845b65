import type { WorkspaceRoles } from './roles';

/** One schema version: the SQL that brings the version before it to this one, run as the database's owner. */
export interface Migration {
  version: number;
  /** What it adds, for the person upgrading. */
  name: string;
  sql: (roles: WorkspaceRoles) => string;
}

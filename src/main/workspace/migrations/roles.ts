/**
 * The database roles of one workspace. PostgreSQL roles belong to the whole server, so each
 * workspace's are named after its database: `<db>_member` (every member: reads the workspace,
 * writes its own audit lines and its request to join), `<db>_drafter` (adds rows),
 * `<db>_approver` (adds approvals and rejections), `<db>_admin` (writes the directory, adds and
 * removes member logins). Each role holds the one before it, so an admin is also an approver,
 * a drafter and a member. A member logs in with a role of their own, `<db>_m_<hex>`.
 */
export interface WorkspaceRoles {
  database: string;
  member: string;
  drafter: string;
  approver: string;
  admin: string;
  /** A member login's name must match this (checked again in the database). */
  loginPattern: string;
}

/** Database names the app makes roles for: short, lower case, no quoting needed anywhere. */
export const DATABASE_NAME = /^[a-z][a-z0-9_]{0,39}$/;

export function workspaceRoles(database: string): WorkspaceRoles {
  if (!DATABASE_NAME.test(database)) {
    throw new Error(
      `A workspace's database name is 1-40 lower-case letters, digits or _, starting with a letter ("${database}" is not).`,
    );
  }
  return {
    database,
    member: `${database}_member`,
    drafter: `${database}_drafter`,
    approver: `${database}_approver`,
    admin: `${database}_admin`,
    loginPattern: `^${database}_m_[0-9a-f]{8,16}$`,
  };
}

/**
 * SQL the versions share. A released version's SQL never changes (desktops already ran it):
 * a part used by a released version is frozen with it, and a later version that needs
 * something else writes its own.
 */

/**
 * A table of lines written once and signed: members of `readers` read every line, members of
 * `writers` add lines as themselves (their login is recorded by the database, not by them),
 * nobody updates, deletes or truncates a line, and every new line is announced with `key`.
 */
export function signedLinesTable(
  table: string,
  columns: string,
  readers: string,
  writers: string,
  key: string,
): string {
  return `
CREATE TABLE team.${table} (
${columns},
  db_role text NOT NULL DEFAULT session_user,
  written_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE team.${table} ENABLE ROW LEVEL SECURITY;
CREATE POLICY ${table}_read ON team.${table} FOR SELECT TO ${readers} USING (true);
GRANT SELECT ON team.${table} TO ${readers};
GRANT INSERT ON team.${table} TO ${writers};
CREATE TRIGGER ${table}_written_once BEFORE UPDATE OR DELETE ON team.${table} FOR EACH ROW EXECUTE FUNCTION team.refuse_change();
CREATE TRIGGER ${table}_not_truncated BEFORE TRUNCATE ON team.${table} FOR EACH STATEMENT EXECUTE FUNCTION team.refuse_change();
CREATE TRIGGER ${table}_notify AFTER INSERT ON team.${table} FOR EACH ROW EXECUTE FUNCTION team.notify_change('${key}');
`;
}

import type { Migration } from './migration';
import { signedLinesTable } from './sql-parts';

/**
 * Version 1: the workspace, its roles, the signed directory (members and policies, one hash
 * chain) and requests to join. Every change is announced on the `treasury_team` channel.
 */
export const v001: Migration = {
  version: 1,
  name: 'the workspace, its roles and the signed directory',
  sql: (r) => `
CREATE SCHEMA team;
CREATE TABLE team.schema_version (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());

DO $roles$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${r.member}') THEN CREATE ROLE ${r.member} NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${r.drafter}') THEN CREATE ROLE ${r.drafter} NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${r.approver}') THEN CREATE ROLE ${r.approver} NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${r.admin}') THEN CREATE ROLE ${r.admin} NOLOGIN; END IF;
END
$roles$;
GRANT ${r.member} TO ${r.drafter};
GRANT ${r.drafter} TO ${r.approver};
GRANT ${r.approver} TO ${r.admin};

REVOKE ALL ON DATABASE ${r.database} FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE ${r.database} TO ${r.member};
REVOKE ALL ON SCHEMA team FROM PUBLIC;
GRANT USAGE ON SCHEMA team TO ${r.member};
GRANT SELECT ON team.schema_version TO ${r.member};

-- Lines that are written once: nobody updates, deletes or truncates them, the owner included
-- (the owner could drop this trigger, which is why every line is also signed and chained).
CREATE FUNCTION team.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  RAISE EXCEPTION '% lines are never changed or removed', TG_TABLE_NAME USING ERRCODE = '42501';
END
$f$;

-- Every change is announced: the table and the key of the line (the column named by the trigger).
CREATE FUNCTION team.notify_change() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM pg_notify('treasury_team', json_build_object('table', TG_TABLE_NAME, 'key', to_jsonb(NEW) ->> TG_ARGV[0])::text);
  RETURN NULL;
END
$f$;

CREATE TABLE team.workspace (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  id uuid NOT NULL,
  name text NOT NULL,
  -- The first admin's public key (base64, raw Ed25519): what each desktop compares and pins.
  root_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
GRANT SELECT ON team.workspace TO ${r.member};

${signedLinesTable('directory', '  seq bigint PRIMARY KEY CHECK (seq >= 0),\n  text text NOT NULL,\n  signature text NOT NULL', r.member, r.admin, 'seq')}
CREATE POLICY directory_write ON team.directory FOR INSERT TO ${r.admin} WITH CHECK (db_role = session_user);

CREATE TABLE team.join_request (
  db_role text PRIMARY KEY DEFAULT session_user,
  text text NOT NULL,
  signature text NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE team.join_request ENABLE ROW LEVEL SECURITY;
CREATE POLICY join_request_read ON team.join_request FOR SELECT TO ${r.member} USING (db_role = session_user OR pg_has_role(session_user, '${r.admin}', 'MEMBER'));
CREATE POLICY join_request_write ON team.join_request FOR INSERT TO ${r.member} WITH CHECK (db_role = session_user);
CREATE POLICY join_request_renew ON team.join_request FOR UPDATE TO ${r.member} USING (db_role = session_user) WITH CHECK (db_role = session_user);
GRANT SELECT, INSERT, UPDATE ON team.join_request TO ${r.member};
CREATE TRIGGER join_request_notify AFTER INSERT OR UPDATE ON team.join_request FOR EACH ROW EXECUTE FUNCTION team.notify_change('db_role');

-- Member logins: only through these, only for admins, only with the workspace's own names and
-- roles. The password arrives as a SCRAM verifier: the server never sees it in clear.
CREATE FUNCTION team.check_admin_and_login(p_login text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  IF NOT pg_has_role(session_user, '${r.admin}', 'MEMBER') THEN
    RAISE EXCEPTION 'only a workspace admin manages member logins' USING ERRCODE = '42501';
  END IF;
  IF p_login !~ '${r.loginPattern}' THEN RAISE EXCEPTION 'not a member login name: %', p_login USING ERRCODE = '22023'; END IF;
END
$f$;

CREATE FUNCTION team.create_login(p_login text, p_verifier text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  PERFORM team.check_admin_and_login(p_login);
  IF p_verifier !~ '^SCRAM-SHA-256\\$' THEN RAISE EXCEPTION 'a password arrives as a SCRAM-SHA-256 verifier' USING ERRCODE = '22023'; END IF;
  EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE %I', p_login, p_verifier, '${r.member}');
END
$f$;

CREATE FUNCTION team.set_login_role(p_login text, p_role text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  PERFORM team.check_admin_and_login(p_login);
  EXECUTE format('REVOKE %I, %I, %I FROM %I', '${r.drafter}', '${r.approver}', '${r.admin}', p_login);
  IF p_role = 'removed' THEN
    EXECUTE format('REVOKE %I FROM %I', '${r.member}', p_login);
    EXECUTE format('ALTER ROLE %I NOLOGIN', p_login);
  ELSIF p_role IN ('drafter', 'approver', 'admin') THEN
    EXECUTE format('GRANT %I TO %I', '${r.database}_' || p_role, p_login);
  ELSE
    RAISE EXCEPTION 'not a role: %', p_role USING ERRCODE = '22023';
  END IF;
END
$f$;
REVOKE ALL ON FUNCTION team.check_admin_and_login(text), team.create_login(text, text), team.set_login_role(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION team.create_login(text, text), team.set_login_role(text, text) TO ${r.admin};
`,
};

import type { Migration } from './migration';
import { signedLinesTable } from './sql-parts';

/**
 * Version 2: the shared queue (signed drafts), signed approvals and rejections, and the
 * hash-chained audit. Rows are written by their drafters, decisions by approvers (never on
 * their own rows), audit lines by whoever acted; none of them is ever updated by a member.
 */
export const v002: Migration = {
  version: 2,
  name: 'the shared queue, signed decisions and the audit',
  sql: (r) => `
CREATE TABLE team.queue_row (
  id uuid PRIMARY KEY,
  service text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('transfer', 'payment')),
  idempotency_key uuid NOT NULL,
  -- The payload's canonical JSON, the drafter's signed statement and its signature.
  payload text NOT NULL,
  draft_text text NOT NULL,
  draft_signature text,
  -- For lists only: a desktop reads the amount from the signed payload.
  amount_cents bigint NOT NULL,
  db_role text NOT NULL DEFAULT session_user,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'canceled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (service, idempotency_key)
);
CREATE INDEX queue_row_open ON team.queue_row (service, created_at) WHERE state = 'open';
ALTER TABLE team.queue_row ENABLE ROW LEVEL SECURITY;
CREATE POLICY queue_row_read ON team.queue_row FOR SELECT TO ${r.member} USING (true);
CREATE POLICY queue_row_draft ON team.queue_row FOR INSERT TO ${r.drafter} WITH CHECK (db_role = session_user AND state = 'open');
GRANT SELECT ON team.queue_row TO ${r.member};
GRANT INSERT ON team.queue_row TO ${r.drafter};
CREATE TRIGGER queue_row_notify AFTER INSERT OR UPDATE ON team.queue_row FOR EACH ROW EXECUTE FUNCTION team.notify_change('id');

${signedLinesTable(
  'decision',
  `  id uuid PRIMARY KEY,
  row_id uuid NOT NULL REFERENCES team.queue_row (id),
  member_id uuid NOT NULL,
  decision text NOT NULL CHECK (decision IN ('approve', 'reject')),
  policy_version integer NOT NULL CHECK (policy_version >= 0),
  text text NOT NULL,
  signature text`,
  r.member,
  r.approver,
  'row_id',
)}
-- One decision per login, row and policy version: keyed by the login the server knows, not by
-- the member id the writer claims, so nobody can take another member's place.
CREATE UNIQUE INDEX decision_once ON team.decision (row_id, db_role, policy_version);
CREATE POLICY decision_write ON team.decision FOR INSERT TO ${r.approver} WITH CHECK (
  db_role = session_user
  AND NOT EXISTS (SELECT 1 FROM team.queue_row q WHERE q.id = row_id AND q.db_role = session_user)
);

${signedLinesTable('audit', '  seq bigint PRIMARY KEY CHECK (seq >= 0),\n  text text NOT NULL,\n  signature text NOT NULL', r.member, r.member, 'seq')}
CREATE POLICY audit_write ON team.audit FOR INSERT TO ${r.member} WITH CHECK (db_role = session_user);
`,
};

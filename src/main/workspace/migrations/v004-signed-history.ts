import type { Migration } from './migration';

/**
 * Version 4: a row's state is what its signed history says. Claims, outcomes, cancellations and
 * reviews are signed statements (team.row_event), written by the same functions that move the
 * row's columns, in the same step; desktops believe the statements, never the columns. Only an
 * approver's signed review turns a row that waits for a person back to open. Entries of the
 * audit and the directory are appended only through team.append_chain, which takes nothing but
 * the next entry (its number, the hash of the one before, a registered signer's login), so one
 * junk entry cannot freeze a chain. A request to join is frozen once its login is registered.
 *
 * The locks' numbers are chain-append.ts's (`LOCKS`): every appender waits for the same one.
 */
export const v004: Migration = {
  version: 4,
  name: 'signed row histories, chains appended only by their next entry, join requests frozen once registered',
  sql: (r) => `
CREATE TABLE team.row_event (
  id uuid PRIMARY KEY,
  row_id uuid NOT NULL REFERENCES team.queue_row (id),
  event text NOT NULL CHECK (event IN ('claim', 'outcome', 'cancel', 'review')),
  fence bigint NOT NULL DEFAULT 0,
  text text NOT NULL,
  signature text NOT NULL,
  db_role text NOT NULL DEFAULT session_user,
  written_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  n bigserial NOT NULL
);
CREATE INDEX row_event_of_row ON team.row_event (row_id, n);
ALTER TABLE team.row_event ENABLE ROW LEVEL SECURITY;
CREATE POLICY row_event_read ON team.row_event FOR SELECT TO ${r.member} USING (true);
GRANT SELECT ON team.row_event TO ${r.member};
CREATE TRIGGER row_event_written_once BEFORE UPDATE OR DELETE ON team.row_event FOR EACH ROW EXECUTE FUNCTION team.refuse_change();
CREATE TRIGGER row_event_not_truncated BEFORE TRUNCATE ON team.row_event FOR EACH STATEMENT EXECUTE FUNCTION team.refuse_change();

-- A row's change is announced when it is added or its state is written (an outcome, a
-- cancellation, a review), no longer for a claim or a lease renewed: nothing any desktop shows or
-- decides changes with those (a lease that runs out is found by each sender's regular look), and
-- a sender's runs announced on every claim made every other desktop read its rows twice as often.
DROP TRIGGER queue_row_notify ON team.queue_row;
CREATE TRIGGER queue_row_notify AFTER INSERT OR UPDATE OF state ON team.queue_row FOR EACH ROW EXECUTE FUNCTION team.notify_change('id');
-- Nothing follows the audit as it grows (it is read whole when a person opens it), and every
-- claim, outcome and decision writes to it: its announcements only woke every desktop for nothing.
DROP TRIGGER audit_notify ON team.audit;

-- The body of a signed text: the JSON after its first line, or NULL when there is none. Never an
-- error: one unreadable directory entry (written before version 4, or by the owner) would
-- otherwise make every append_chain, which reads the whole directory, fail.
CREATE FUNCTION team.signed_body(p_text text) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  RETURN substr(p_text, strpos(p_text, E'\\n') + 1)::jsonb;
EXCEPTION WHEN others THEN
  RETURN NULL;
END
$f$;

DROP FUNCTION team.claim_row(uuid, integer, boolean);
DROP FUNCTION team.record_outcome(uuid, bigint, text, text);
DROP FUNCTION team.cancel_row(uuid);

-- A claim only of an open row nobody's lease holds, and only with the next fencing number, which
-- the claimer's signed statement names: the lease, the number and the statement in one step.
CREATE FUNCTION team.claim_row(p_row uuid, p_lease_ms integer, p_fence bigint, p_event uuid, p_text text, p_signature text)
RETURNS TABLE (fence bigint, claims integer, lease_expires timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
#variable_conflict use_column
DECLARE
  q team.queue_row;
  -- A lease is at most an hour: a login cannot sit on a row for weeks.
  v_until timestamptz := clock_timestamp() + make_interval(secs => least(greatest(p_lease_ms, 0), 3600000) / 1000.0);
BEGIN
  IF NOT pg_has_role(session_user, '${r.member}', 'MEMBER') THEN
    RAISE EXCEPTION 'only a member claims rows' USING ERRCODE = '42501';
  END IF;
  SELECT * INTO q FROM team.queue_row WHERE id = p_row FOR UPDATE SKIP LOCKED;
  IF NOT FOUND OR q.state <> 'open' THEN RETURN; END IF;
  IF q.lease_expires IS NOT NULL AND q.lease_expires > clock_timestamp() THEN RETURN; END IF;
  IF p_fence <> q.fence + 1 THEN RETURN; END IF;
  UPDATE team.queue_row SET fence = p_fence, claims = q.claims + 1, lease_holder = session_user, lease_expires = v_until, updated_at = now()
    WHERE id = p_row;
  INSERT INTO team.row_event (id, row_id, event, fence, text, signature) VALUES (p_event, p_row, 'claim', p_fence, p_text, p_signature);
  RETURN QUERY SELECT p_fence, q.claims + 1, v_until;
END
$f$;

-- The claim still standing: this login's, with this fencing number, on an open row.
CREATE OR REPLACE FUNCTION team.held_claim(p_row uuid, p_fence bigint) RETURNS team.queue_row
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE q team.queue_row;
BEGIN
  SELECT * INTO q FROM team.queue_row WHERE id = p_row FOR UPDATE;
  IF NOT FOUND OR q.fence <> p_fence OR q.lease_holder IS DISTINCT FROM session_user OR q.state <> 'open' THEN
    RAISE EXCEPTION 'claim % of row % is no longer standing', p_fence, p_row USING ERRCODE = 'TF001';
  END IF;
  RETURN q;
END
$f$;

-- What sending came to, under the claim still standing, with the sender's signed statement.
CREATE FUNCTION team.record_outcome(p_row uuid, p_fence bigint, p_state text, p_outcome text, p_event uuid, p_text text, p_signature text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  IF p_state NOT IN ('open', 'sent', 'failed', 'needs-review') THEN RAISE EXCEPTION 'not an outcome: %', p_state USING ERRCODE = '22023'; END IF;
  PERFORM team.held_claim(p_row, p_fence);
  UPDATE team.queue_row SET state = p_state, outcome = p_outcome, lease_holder = NULL, lease_expires = NULL, updated_at = now() WHERE id = p_row;
  INSERT INTO team.row_event (id, row_id, event, fence, text, signature) VALUES (p_event, p_row, 'outcome', p_fence, p_text, p_signature);
END
$f$;

-- Its drafter or an admin withdraws an open row nobody is sending, with their signed statement.
CREATE FUNCTION team.cancel_row(p_row uuid, p_event uuid, p_text text, p_signature text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  UPDATE team.queue_row SET state = 'canceled', updated_at = now()
    WHERE id = p_row AND state = 'open' AND (lease_expires IS NULL OR lease_expires <= clock_timestamp())
      AND (db_role = session_user OR pg_has_role(session_user, '${r.admin}', 'MEMBER'));
  IF NOT FOUND THEN RETURN false; END IF;
  INSERT INTO team.row_event (id, row_id, event, fence, text, signature) VALUES (p_event, p_row, 'cancel', 0, p_text, p_signature);
  RETURN true;
END
$f$;

-- An approver who did not draft the row says whether a send that may have gone through did:
-- 'sent' closes it, 'open' gives it back to be sent. Nothing else turns a row waiting for review back.
CREATE FUNCTION team.review_row(p_row uuid, p_state text, p_event uuid, p_text text, p_signature text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  IF NOT pg_has_role(session_user, '${r.approver}', 'MEMBER') THEN
    RAISE EXCEPTION 'only an approver reviews a row' USING ERRCODE = '42501';
  END IF;
  IF p_state NOT IN ('open', 'sent') THEN RAISE EXCEPTION 'not a review: %', p_state USING ERRCODE = '22023'; END IF;
  UPDATE team.queue_row SET state = p_state, outcome = 'reviewed', lease_holder = NULL, lease_expires = NULL, updated_at = now()
    WHERE id = p_row AND state = 'needs-review' AND db_role <> session_user;
  IF NOT FOUND THEN RETURN false; END IF;
  INSERT INTO team.row_event (id, row_id, event, fence, text, signature) VALUES (p_event, p_row, 'review', 0, p_text, p_signature);
  RETURN true;
END
$f$;

REVOKE ALL ON FUNCTION team.claim_row(uuid, integer, bigint, uuid, text, text), team.record_outcome(uuid, bigint, text, text, uuid, text, text),
  team.cancel_row(uuid, uuid, text, text), team.review_row(uuid, text, uuid, text, text), team.signed_body(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION team.claim_row(uuid, integer, bigint, uuid, text, text), team.record_outcome(uuid, bigint, text, text, uuid, text, text),
  team.cancel_row(uuid, uuid, text, text) TO ${r.member};
GRANT EXECUTE ON FUNCTION team.review_row(uuid, text, uuid, text, text) TO ${r.approver};

-- Chains take only their next entry: the number after the last, naming the last one's hash,
-- written by a registered member's own login (the directory's member record names it). A
-- directory entry also needs an admin's login; its first entry is its admin's own record.
CREATE FUNCTION team.append_chain(p_chain text, p_seqs bigint[], p_texts text[], p_signatures text[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
  v_last record;
  v_seq bigint;
  v_prev text;
  v_body jsonb;
  i integer;
BEGIN
  IF p_chain NOT IN ('audit', 'directory') THEN RAISE EXCEPTION 'not a chain: %', p_chain USING ERRCODE = '22023'; END IF;
  IF NOT pg_has_role(session_user, CASE WHEN p_chain = 'directory' THEN '${r.admin}' ELSE '${r.member}' END, 'MEMBER') THEN
    RAISE EXCEPTION 'this login may not write the %', p_chain USING ERRCODE = '42501';
  END IF;
  IF coalesce(array_length(p_seqs, 1), 0) <> coalesce(array_length(p_texts, 1), 0) OR coalesce(array_length(p_texts, 1), 0) <> coalesce(array_length(p_signatures, 1), 0) THEN
    RAISE EXCEPTION 'entries, texts and signatures do not pair up' USING ERRCODE = '22023';
  END IF;
  PERFORM pg_advisory_xact_lock(CASE WHEN p_chain = 'directory' THEN 1952737650 ELSE 1952544100 END);
  IF p_chain = 'directory' THEN
    SELECT seq, text INTO v_last FROM team.directory ORDER BY seq DESC LIMIT 1;
  ELSE
    SELECT seq, text INTO v_last FROM team.audit ORDER BY seq DESC LIMIT 1;
  END IF;
  v_seq := coalesce(v_last.seq + 1, 0);
  v_prev := CASE WHEN v_last.seq IS NULL THEN '' ELSE encode(sha256(convert_to(v_last.text, 'UTF8')), 'hex') END;
  FOR i IN 1 .. coalesce(array_length(p_seqs, 1), 0) LOOP
    IF p_texts[i] NOT LIKE ('treasury-team/1 ' || p_chain || E'\\n%') THEN RAISE EXCEPTION 'entry % is not a % entry', p_seqs[i], p_chain USING ERRCODE = '22023'; END IF;
    v_body := team.signed_body(p_texts[i]);
    IF v_body IS NULL THEN RAISE EXCEPTION 'entry % cannot be read', p_seqs[i] USING ERRCODE = '22023'; END IF;
    IF p_seqs[i] <> v_seq OR (v_body ->> 'seq') IS DISTINCT FROM v_seq::text OR (v_body ->> 'prev') IS DISTINCT FROM v_prev THEN
      RAISE EXCEPTION 'entry % is not the next entry of the % (that is %, after the entry it names)', p_seqs[i], p_chain, v_seq USING ERRCODE = '22023';
    END IF;
    IF NOT (
      (p_chain = 'directory' AND v_seq = 0 AND v_body -> 'member' ->> 'dbRole' = session_user AND v_body ->> 'by' = v_body -> 'member' ->> 'id')
      OR EXISTS (SELECT 1 FROM team.directory d WHERE team.signed_body(d.text) -> 'member' ->> 'id' = v_body ->> 'by' AND team.signed_body(d.text) -> 'member' ->> 'dbRole' = session_user)
    ) THEN
      RAISE EXCEPTION 'entry % names a signer who is not this login''s member', p_seqs[i] USING ERRCODE = '42501';
    END IF;
    IF p_chain = 'directory' THEN
      INSERT INTO team.directory (seq, text, signature) VALUES (v_seq, p_texts[i], p_signatures[i]);
    ELSE
      INSERT INTO team.audit (seq, text, signature) VALUES (v_seq, p_texts[i], p_signatures[i]);
    END IF;
    v_prev := encode(sha256(convert_to(p_texts[i], 'UTF8')), 'hex');
    v_seq := v_seq + 1;
  END LOOP;
END
$f$;
REVOKE ALL ON FUNCTION team.append_chain(text, bigint[], text[], text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION team.append_chain(text, bigint[], text[], text[]) TO ${r.member};
REVOKE INSERT ON team.audit FROM ${r.member};
REVOKE INSERT ON team.directory FROM ${r.admin};
DROP POLICY audit_write ON team.audit;
DROP POLICY directory_write ON team.directory;

-- A request to join is renewed only until its login is registered (granted a role): after
-- that, nobody can put another key behind the same login.
DROP POLICY join_request_renew ON team.join_request;
CREATE POLICY join_request_renew ON team.join_request FOR UPDATE TO ${r.member}
  USING (db_role = session_user AND NOT pg_has_role(session_user, '${r.drafter}', 'MEMBER'))
  WITH CHECK (db_role = session_user);
`,
};

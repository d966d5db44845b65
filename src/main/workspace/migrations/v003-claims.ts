import type { Migration } from './migration';

/**
 * Version 3: sending. A row is claimed under a lease with a fencing number, in one transaction,
 * and its outcome is recorded only with the fencing number of the claim still standing; a
 * lease that expires (its desktop was killed mid-send) is taken over by the next claim. Rows
 * change only through these functions.
 */
export const v003: Migration = {
  version: 3,
  name: 'claims with leases and fencing numbers, and outcomes',
  sql: (r) => `
ALTER TABLE team.queue_row
  ADD COLUMN fence bigint NOT NULL DEFAULT 0,
  ADD COLUMN claims integer NOT NULL DEFAULT 0,
  ADD COLUMN lease_holder text,
  ADD COLUMN lease_expires timestamptz,
  ADD COLUMN outcome text;
ALTER TABLE team.queue_row DROP CONSTRAINT queue_row_state_check;
ALTER TABLE team.queue_row ADD CONSTRAINT queue_row_state_check CHECK (state IN ('open', 'sent', 'failed', 'needs-review', 'canceled'));

-- Takes the row for one sender: it must be open (or waiting for review, when a person resolves
-- it) and nobody's lease may stand. SKIP LOCKED: a claim racing another one gets nothing at
-- once instead of waiting for it. taken_over: an earlier claim ended without an outcome (its
-- desktop stopped mid-send), so the request may already have reached the service.
CREATE FUNCTION team.claim_row(p_row uuid, p_lease_ms integer, p_review boolean DEFAULT false)
RETURNS TABLE (fence bigint, claims integer, lease_expires timestamptz, taken_over boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
#variable_conflict use_column
DECLARE
  q team.queue_row;
  v_until timestamptz := clock_timestamp() + make_interval(secs => greatest(p_lease_ms, 0) / 1000.0);
BEGIN
  IF NOT pg_has_role(session_user, '${r.member}', 'MEMBER') THEN
    RAISE EXCEPTION 'only a member claims rows' USING ERRCODE = '42501';
  END IF;
  SELECT * INTO q FROM team.queue_row WHERE id = p_row FOR UPDATE SKIP LOCKED;
  IF NOT FOUND OR q.state <> (CASE WHEN p_review THEN 'needs-review' ELSE 'open' END) THEN RETURN; END IF;
  IF q.lease_expires IS NOT NULL AND q.lease_expires > clock_timestamp() THEN RETURN; END IF;
  UPDATE team.queue_row SET fence = q.fence + 1, claims = q.claims + 1, lease_holder = session_user, lease_expires = v_until, updated_at = now()
    WHERE id = p_row;
  RETURN QUERY SELECT q.fence + 1, q.claims + 1, v_until, q.lease_holder IS NOT NULL;
END
$f$;

-- The claim still standing: this login's, with this fencing number (a later claim raised it).
CREATE FUNCTION team.held_claim(p_row uuid, p_fence bigint) RETURNS team.queue_row
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE q team.queue_row;
BEGIN
  SELECT * INTO q FROM team.queue_row WHERE id = p_row FOR UPDATE;
  IF NOT FOUND OR q.fence <> p_fence OR q.lease_holder IS DISTINCT FROM session_user OR q.state NOT IN ('open', 'needs-review') THEN
    RAISE EXCEPTION 'claim % of row % is no longer standing', p_fence, p_row USING ERRCODE = 'TF001';
  END IF;
  RETURN q;
END
$f$;

CREATE FUNCTION team.renew_lease(p_row uuid, p_fence bigint, p_lease_ms integer) RETURNS timestamptz
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE v_until timestamptz := clock_timestamp() + make_interval(secs => greatest(p_lease_ms, 0) / 1000.0);
BEGIN
  PERFORM team.held_claim(p_row, p_fence);
  UPDATE team.queue_row SET lease_expires = v_until, updated_at = now() WHERE id = p_row;
  RETURN v_until;
END
$f$;

-- The outcome of a claim: sent, failed (for good), needs-review (a payment whose answer was
-- lost), or open again (a retryable failure: the lease ends and the row waits for a claim).
CREATE FUNCTION team.record_outcome(p_row uuid, p_fence bigint, p_state text, p_outcome text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  IF p_state NOT IN ('open', 'sent', 'failed', 'needs-review') THEN RAISE EXCEPTION 'not an outcome: %', p_state USING ERRCODE = '22023'; END IF;
  PERFORM team.held_claim(p_row, p_fence);
  UPDATE team.queue_row SET state = p_state, outcome = p_outcome, lease_holder = NULL, lease_expires = NULL, updated_at = now() WHERE id = p_row;
END
$f$;

-- Its drafter or an admin withdraws a row nobody is sending.
CREATE FUNCTION team.cancel_row(p_row uuid) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  UPDATE team.queue_row SET state = 'canceled', updated_at = now()
    WHERE id = p_row AND state = 'open' AND (lease_expires IS NULL OR lease_expires <= clock_timestamp())
      AND (db_role = session_user OR pg_has_role(session_user, '${r.admin}', 'MEMBER'));
  RETURN FOUND;
END
$f$;

REVOKE ALL ON FUNCTION team.claim_row(uuid, integer, boolean), team.held_claim(uuid, bigint), team.renew_lease(uuid, bigint, integer),
  team.record_outcome(uuid, bigint, text, text), team.cancel_row(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION team.claim_row(uuid, integer, boolean), team.renew_lease(uuid, bigint, integer),
  team.record_outcome(uuid, bigint, text, text), team.cancel_row(uuid) TO ${r.member};
`,
};

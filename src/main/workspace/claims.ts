import type { ClaimResult, OutcomeInput, OutcomeRecorded } from '../../shared/ipc/workspace';
import type { VerifiedDirectory } from '../../shared/team/directory';
import { appendAudit, appendAuditMany, lockChain, type Actor } from './chain-append';
import { Rollback } from './connection';
import { activeMember, readRows } from './queue-ops';
import type { TeamRowView } from '../../shared/ipc/workspace';
import type { RowVerdict } from '../../shared/team/verdict';
import type { WorkspaceSession } from './session';
import { WorkspaceError } from './workspace-error';

/**
 * Claims a row for sending from this desktop: in one transaction, a lease with an expiry and the
 * next fencing number (claim_row: FOR UPDATE SKIP LOCKED, and only when no lease stands), then
 * this desktop's own check of every signature and of the policy against the directory it just
 * verified, then the claim's audit entry. A row that may not be sent is not claimed at all (the
 * transaction is undone) and the answer says why; a row another desktop holds says until when.
 */
export async function claimRow(session: WorkspaceSession, dir: VerifiedDirectory, actor: Actor, input: { rowId: string; leaseMs: number; review?: boolean }): Promise<ClaimResult> {
  activeMember(dir, actor);
  return session.tx(async (client): Promise<ClaimResult> => {
    // The audit's lock first, as every writer takes it, so two transactions never wait on each other in turn.
    await lockChain(client, 'audit');
    const c = await client.query<{ fence: string; claims: number; lease_expires: Date; taken_over: boolean }>('SELECT * FROM team.claim_row($1, $2, $3)', [input.rowId, input.leaseMs, input.review ?? false]);
    const claim = c.rows[0];
    const [row] = await readRows(client, dir, actor.memberId, { rowIds: [input.rowId], includeClosed: true });
    if (!row || !claim) return notClaimed(row, input.review ? 'needs-review' : 'open');
    // Undone: a row that may not be sent is not claimed at all, and nothing is audited.
    if (row.verdict.status !== 'ready') throw new Rollback<ClaimResult>(notReady(row.verdict));
    const answer = claimed(row, claim);
    await appendAudit(client, actor, claimAudit(answer));
    return answer;
  });
}

/** Why a row was not claimed: gone, no longer in the state claimed from, or held by another desktop's lease. */
function notClaimed(row: TeamRowView | undefined, from: 'open' | 'needs-review'): ClaimResult {
  if (!row) return { claimed: false, why: 'closed', text: 'That row is not in the workspace.' };
  if (row.state !== from) return { claimed: false, why: 'closed', text: `That row is ${row.state} already: nothing to send.` };
  const until = row.lease ? ` until ${row.lease.expires}` : '';
  return { claimed: false, why: 'held', text: `Another desktop (${row.lease?.holder ?? 'another login'}) is sending it${until}; it is taken over if that desktop stops.` };
}

/** A row this desktop's verdict says may not be sent. */
function notReady(verdict: Exclude<RowVerdict, { status: 'ready' }>): ClaimResult {
  return { claimed: false, why: 'not-ready', text: verdict.status === 'waiting' ? `It is not approved yet: ${verdict.needed}.` : verdict.text };
}

/** A claim's audit entry. */
function claimAudit(c: Extract<ClaimResult, { claimed: true }>) {
  return { event: 'claim' as const, subject: c.rowId, detail: { fence: c.fence, takenOver: c.takenOver, leaseExpires: c.leaseExpires } };
}

/** A batch names each row once: a row twice in one transaction would be claimed, or recorded, against itself. */
function refuseTwice(rowIds: readonly string[]): void {
  if (new Set(rowIds).size !== rowIds.length) throw new WorkspaceError('invalid', 'A row is named twice in one batch: nothing was done. Name each row once.');
}

/** What a claim hands over, from the row as this desktop checked it. */
function claimed(row: TeamRowView, claim: { fence: string; lease_expires: Date; taken_over: boolean }): Extract<ClaimResult, { claimed: true }> {
  return {
    claimed: true,
    rowId: row.id,
    fence: Number(claim.fence),
    leaseExpires: claim.lease_expires.toISOString(),
    takenOver: claim.taken_over,
    kind: row.kind as 'transfer' | 'payment',
    service: row.service,
    idempotencyKey: row.idempotencyKey,
    payload: row.payload,
    verdict: row.verdict,
  };
}

/**
 * `claimRow` for a run of rows (a lane of transfers), in one transaction that holds the audit's
 * lock throughout: the rows and their decisions are read and checked first (nobody who takes
 * the lock, as every writer of decisions and claims does, can change them meanwhile), only the
 * ready ones are claimed, in one statement, and the claims are audited together. Each row gets
 * the answer `claimRow` would give it, in the order asked.
 */
export async function claimRows(session: WorkspaceSession, dir: VerifiedDirectory, actor: Actor, input: { rowIds: readonly string[]; leaseMs: number }): Promise<ClaimResult[]> {
  activeMember(dir, actor);
  refuseTwice(input.rowIds);
  return session.tx(async (client): Promise<ClaimResult[]> => {
    await lockChain(client, 'audit');
    const rows = new Map((await readRows(client, dir, actor.memberId, { rowIds: [...input.rowIds], includeClosed: true })).map((r) => [r.id, r]));
    const ready = input.rowIds.filter((id) => rows.get(id)?.verdict.status === 'ready');
    const c = await client.query<{ id: string; fence: string; lease_expires: Date; taken_over: boolean }>(
      'SELECT r.id::text AS id, c.fence, c.lease_expires, c.taken_over FROM unnest($1::uuid[]) WITH ORDINALITY AS r(id, n) CROSS JOIN LATERAL team.claim_row(r.id, $2, false) AS c ORDER BY r.n',
      [ready, input.leaseMs],
    );
    const claims = new Map(c.rows.map((x) => [x.id, x]));
    const answers = input.rowIds.map((id): ClaimResult => {
      const row = rows.get(id);
      const claim = claims.get(id);
      if (row && claim) return claimed(row, claim);
      // As claimRow answers: gone, closed or held first (claim_row refuses those before any verdict), then not ready.
      if (!row || row.state !== 'open' || row.lease || row.verdict.status === 'ready') return notClaimed(row, 'open');
      return notReady(row.verdict);
    });
    await appendAuditMany(client, actor, answers.flatMap((a) => (a.claimed ? [claimAudit(a)] : [])));
    return answers;
  });
}

/**
 * `recordOutcome` for a batch, in one transaction under the audit's lock. A claim that no
 * longer stands (another desktop took the row over) is answered `stale` and nothing is recorded
 * for it; the others are recorded in one statement and audited together. Claims are taken
 * under the same lock, so what is checked here is what the statement finds.
 */
export async function recordOutcomes(session: WorkspaceSession, dir: VerifiedDirectory, actor: Actor, outcomes: readonly OutcomeInput[]): Promise<OutcomeRecorded[]> {
  activeMember(dir, actor);
  refuseTwice(outcomes.map((o) => o.rowId));
  return session.tx(async (client) => {
    await lockChain(client, 'audit');
    const held = await client.query<{ id: string }>(
      "SELECT q.id::text AS id FROM team.queue_row q JOIN unnest($1::uuid[], $2::bigint[]) AS o(id, fence) ON q.id = o.id AND q.fence = o.fence WHERE q.lease_holder = session_user AND q.state IN ('open', 'needs-review')",
      [outcomes.map((o) => o.rowId), outcomes.map((o) => o.fence)],
    );
    const standing = new Set(held.rows.map((r) => r.id));
    const mine = outcomes.filter((o) => standing.has(o.rowId));
    if (mine.length > 0) {
      await client.query('SELECT team.record_outcome(o.id, o.fence, o.state, o.detail) FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[]) WITH ORDINALITY AS o(id, fence, state, detail, n) ORDER BY o.n', [
        mine.map((o) => o.rowId),
        mine.map((o) => o.fence),
        mine.map((o) => o.state),
        mine.map((o) => o.detail),
      ]);
    }
    await appendAuditMany(client, actor, mine.map((o) => ({ event: 'outcome' as const, subject: o.rowId, detail: { fence: o.fence, state: o.state, detail: o.detail.slice(0, 1000) } })));
    return outcomes.map((o): OutcomeRecorded => (standing.has(o.rowId) ? { rowId: o.rowId, recorded: true } : { rowId: o.rowId, recorded: false, text: 'Another desktop took this row over: its outcome is theirs to record.' }));
  });
}

/** Extends a claim still standing (refused, 'stale-claim', once another desktop took the row over). */
export async function renewLease(session: WorkspaceSession, input: { rowId: string; fence: number; leaseMs: number }): Promise<{ leaseExpires: string }> {
  const r = await session.run((pool) => pool.query<{ until: Date }>('SELECT team.renew_lease($1, $2, $3) AS until', [input.rowId, input.fence, input.leaseMs]));
  return { leaseExpires: (r.rows[0]?.until as Date).toISOString() };
}

/**
 * Records what sending a claimed row did, with the claim's fencing number: refused ('stale-claim')
 * when a later claim replaced it, so a desktop that lost its lease cannot overwrite the outcome
 * of the one that took over. 'open' gives the row back for another try (a retryable failure).
 */
export async function recordOutcome(session: WorkspaceSession, dir: VerifiedDirectory, actor: Actor, input: { rowId: string; fence: number; state: 'sent' | 'failed' | 'needs-review' | 'open'; detail: string }): Promise<{ recorded: true }> {
  activeMember(dir, actor);
  await session.tx(async (client) => {
    await lockChain(client, 'audit');
    await client.query('SELECT team.record_outcome($1, $2, $3, $4)', [input.rowId, input.fence, input.state, input.detail]);
    await appendAudit(client, actor, { event: 'outcome', subject: input.rowId, detail: { fence: input.fence, state: input.state, detail: input.detail.slice(0, 1000) } });
  });
  return { recorded: true };
}

/** Its drafter (or an admin) withdraws a row nobody is sending. */
export async function cancelRow(session: WorkspaceSession, dir: VerifiedDirectory, actor: Actor, rowId: string): Promise<{ canceled: boolean }> {
  activeMember(dir, actor);
  return session.tx(async (client) => {
    await lockChain(client, 'audit');
    const r = await client.query<{ ok: boolean }>('SELECT team.cancel_row($1) AS ok', [rowId]);
    const canceled = r.rows[0]?.ok === true;
    if (canceled) await appendAudit(client, actor, { event: 'cancel', subject: rowId, detail: {} });
    return { canceled };
  });
}

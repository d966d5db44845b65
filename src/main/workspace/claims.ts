import type { ClaimResult } from '../../shared/ipc/workspace';
import type { VerifiedDirectory } from '../../shared/team/directory';
import { appendAudit, lockChain, type Actor } from './chain-append';
import { Rollback } from './connection';
import { activeMember, readRows } from './queue-ops';
import type { WorkspaceSession } from './session';

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
    if (!row) return { claimed: false, why: 'closed', text: 'That row is not in the workspace.' };
    if (!claim) {
      if (row.state !== (input.review ? 'needs-review' : 'open')) return { claimed: false, why: 'closed', text: `That row is ${row.state} already: nothing to send.` };
      const until = row.lease ? ` until ${row.lease.expires}` : '';
      return { claimed: false, why: 'held', text: `Another desktop (${row.lease?.holder ?? 'another login'}) is sending it${until}; it is taken over if that desktop stops.` };
    }
    if (row.verdict.status !== 'ready') {
      // Undone: a row that may not be sent is not claimed at all, and nothing is audited.
      const text = row.verdict.status === 'waiting' ? `It is not approved yet: ${row.verdict.needed}.` : row.verdict.text;
      throw new Rollback<ClaimResult>({ claimed: false, why: 'not-ready', text });
    }
    const fence = Number(claim.fence);
    await appendAudit(client, actor, { event: 'claim', subject: row.id, detail: { fence, takenOver: claim.taken_over, leaseExpires: claim.lease_expires.toISOString() } });
    return {
      claimed: true,
      rowId: row.id,
      fence,
      leaseExpires: claim.lease_expires.toISOString(),
      takenOver: claim.taken_over,
      kind: row.kind as 'transfer' | 'payment',
      service: row.service,
      idempotencyKey: row.idempotencyKey,
      payload: row.payload,
      verdict: row.verdict,
    };
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

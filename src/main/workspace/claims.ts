import { randomUUID } from 'node:crypto';
import type { TeamRowView } from '../../shared/ipc/workspace';
import type { UnresolvedClaim } from '../../shared/team/history';
import type { VerifiedDirectory } from '../../shared/team/directory';
import type { OutcomeState, RowEventBody } from '../../shared/team/model';
import { signedText } from '../../shared/team/signed-text';
import type { RowVerdict } from '../../shared/team/verdict';
import { appendAudit, appendAuditMany, lockChain, type Actor } from './chain-append';
import { activeMember } from './queue-ops';
import { readRows } from './row-reads';
import type { WorkspaceSession } from './session';
import { WorkspaceError } from './workspace-error';

/** What a claim came to: what to send, exactly as signed and verified, or why not. */
export type ClaimResult =
  | {
      claimed: true;
      rowId: string;
      fence: number;
      leaseExpires: string;
      /** An earlier claim ended without an outcome: the request may already have reached the service. */
      takenOver: boolean;
      /** Those earlier claims, oldest first (their signed times tell whether the service still holds the key). */
      unresolved: UnresolvedClaim[];
      /** The payload's hash as the drafter signed it (the outcome's statement names it). */
      payloadHash: string;
      kind: 'transfer' | 'payment';
      service: string;
      idempotencyKey: string;
      /** The payload to send, exactly as signed and verified. */
      payload: unknown;
      verdict: RowVerdict;
    }
  | { claimed: false; why: 'held' | 'closed' | 'not-ready'; text: string };

/** What sending a claimed row did, for the workspace to record under the claim's fencing number. */
export interface OutcomeInput {
  rowId: string;
  fence: number;
  /** The drafter's payload hash, which the outcome's signed statement names. */
  payloadHash: string;
  state: OutcomeState;
  detail: string;
}

/** Recorded, or not because the claim stands no more (another desktop took the row over). */
export type OutcomeRecorded = { rowId: string; recorded: true } | { rowId: string; recorded: false; text: string };

/** A statement of a row's history, signed with this desktop's key: what the workspace keeps and every desktop believes. */
interface RowStatement {
  id: string;
  text: string;
  signature: string;
}

type EventFields =
  | { event: 'claim'; fence: number }
  | { event: 'outcome'; fence: number; state: OutcomeInput['state']; detail: string }
  | { event: 'cancel' }
  | { event: 'review'; found: 'sent' | 'not-sent'; checked: string; settles: string };

/** Signs one step of a row's history, naming the row, its payload's hash and the directory this desktop verified. */
export function rowStatement(
  dir: VerifiedDirectory,
  actor: Actor,
  rowId: string,
  payloadHash: string,
  fields: EventFields,
): RowStatement {
  if (!dir.head)
    throw new WorkspaceError(
      'not-member',
      'This desktop has not verified the workspace’s directory yet: nothing was signed.',
    );
  const id = randomUUID();
  const body = {
    workspace: dir.workspaceId,
    id,
    row: rowId,
    payloadHash,
    by: actor.memberId,
    at: new Date(actor.now()).toISOString(),
    dir: dir.head,
    ...fields,
  } as RowEventBody;
  const text = signedText('row', body);
  return { id, text, signature: actor.key.sign(text) };
}

/** Why this desktop will not claim the row (as read in the claim's transaction), or null when it may. */
function notSendable(row: TeamRowView): ClaimResult | null {
  if (row.verdict.status !== 'ready') return notReady(row.verdict);
  if (row.state !== 'open')
    return { claimed: false, why: 'closed', text: row.note ?? `That row is ${row.state} already: nothing to send.` };
  if (row.lease) return held(row);
  if (row.payloadHash === null) return { claimed: false, why: 'not-ready', text: 'Its draft cannot be read.' };
  return null;
}

function held(row: TeamRowView): ClaimResult {
  if (!row.lease)
    return {
      claimed: false,
      why: 'closed',
      text: `The workspace did not let this desktop claim it (its database shows it ${row.dbState}, with claim ${row.fence}).`,
    };
  return {
    claimed: false,
    why: 'held',
    text: `Another desktop (${row.lease.holder}) is sending it until ${row.lease.expires}; it is taken over if that desktop stops.`,
  };
}

/** A row this desktop's verdict says may not be sent. */
function notReady(verdict: Exclude<RowVerdict, { status: 'ready' }>): ClaimResult {
  return {
    claimed: false,
    why: 'not-ready',
    text: verdict.status === 'waiting' ? `It is not approved yet: ${verdict.needed}.` : verdict.text,
  };
}

/** A claim's audit entry. */
function claimAudit(c: Extract<ClaimResult, { claimed: true }>) {
  return {
    event: 'claim' as const,
    subject: c.rowId,
    detail: { fence: c.fence, takenOver: c.takenOver, leaseExpires: c.leaseExpires },
  };
}

/** A batch names each row once: a row twice in one transaction would be claimed, or recorded, against itself. */
function refuseTwice(rowIds: readonly string[]): void {
  if (new Set(rowIds).size !== rowIds.length)
    throw new WorkspaceError('invalid', 'A row is named twice in one batch: nothing was done. Name each row once.');
}

/** What a claim hands over, from the row as this desktop checked it. */
function claimed(
  row: TeamRowView,
  claim: { fence: string; lease_expires: Date },
): Extract<ClaimResult, { claimed: true }> {
  return {
    claimed: true,
    rowId: row.id,
    fence: Number(claim.fence),
    leaseExpires: claim.lease_expires.toISOString(),
    // Read from the signed history, never from the database's lease column.
    takenOver: row.history.unresolved.length > 0,
    unresolved: row.history.unresolved,
    payloadHash: row.payloadHash as string,
    kind: row.kind as 'transfer' | 'payment',
    service: row.service,
    idempotencyKey: row.idempotencyKey,
    payload: row.payload,
    verdict: row.verdict,
  };
}

/**
 * Claims rows for sending from this desktop (a lane of transfers, or one payment), in one
 * transaction that holds the audit's lock throughout: each row and its decisions and signed
 * history are read and checked first against the directory this desktop verified (nobody who
 * takes the lock, as every writer of decisions, claims and outcomes does, can change them
 * meanwhile); only the rows this desktop finds sendable are claimed, each with a signed claim
 * naming the next fencing number, and the claims are audited together. Each row gets its answer,
 * in the order asked. A row that may not be sent is not claimed, and the answer says why.
 */
export async function claimRows(
  session: WorkspaceSession,
  dir: VerifiedDirectory,
  actor: Actor,
  input: { rowIds: readonly string[]; leaseMs: number },
): Promise<ClaimResult[]> {
  activeMember(dir, actor);
  refuseTwice(input.rowIds);
  return session.tx(async (client): Promise<ClaimResult[]> => {
    await lockChain(client, 'audit');
    const rows = new Map(
      (await readRows(client, dir, actor.memberId, { rowIds: [...input.rowIds], includeClosed: true })).map((r) => [
        r.id,
        r,
      ]),
    );
    const refusals = new Map<string, ClaimResult>();
    const sendable: { row: TeamRowView; statement: RowStatement }[] = [];
    for (const id of input.rowIds) {
      const row = rows.get(id);
      const refusal = row
        ? notSendable(row)
        : { claimed: false as const, why: 'closed' as const, text: 'That row is not in the workspace.' };
      if (refusal || !row) refusals.set(id, refusal as ClaimResult);
      else
        sendable.push({
          row,
          statement: rowStatement(dir, actor, row.id, row.payloadHash as string, {
            event: 'claim',
            fence: row.fence + 1,
          }),
        });
    }
    // One statement claims them all, each with the fencing number its signed claim names.
    const c = await client.query<{ id: string; fence: string; lease_expires: Date }>(
      'SELECT r.id::text AS id, c.fence, c.lease_expires FROM unnest($1::uuid[], $2::bigint[], $3::uuid[], $4::text[], $5::text[]) WITH ORDINALITY AS r(id, fence, event, text, signature, n) CROSS JOIN LATERAL team.claim_row(r.id, $6, r.fence, r.event, r.text, r.signature) AS c ORDER BY r.n',
      [
        sendable.map((x) => x.row.id),
        sendable.map((x) => x.row.fence + 1),
        sendable.map((x) => x.statement.id),
        sendable.map((x) => x.statement.text),
        sendable.map((x) => x.statement.signature),
        input.leaseMs,
      ],
    );
    const claims = new Map(c.rows.map((x) => [x.id, x]));
    const answers = input.rowIds.map((id): ClaimResult => {
      const refusal = refusals.get(id);
      if (refusal) return refusal;
      const row = rows.get(id) as TeamRowView;
      const claim = claims.get(id);
      return claim ? claimed(row, claim) : held(row);
    });
    await appendAuditMany(
      client,
      actor,
      answers.flatMap((a) => (a.claimed ? [claimAudit(a)] : [])),
    );
    return answers;
  });
}

/** `claimRows` for one row. */
export async function claimRow(
  session: WorkspaceSession,
  dir: VerifiedDirectory,
  actor: Actor,
  input: { rowId: string; leaseMs: number },
): Promise<ClaimResult> {
  const [answer] = await claimRows(session, dir, actor, { rowIds: [input.rowId], leaseMs: input.leaseMs });
  return answer as ClaimResult;
}

/**
 * Records what sending claimed rows came to, in one transaction under the audit's lock, each with
 * its sender's signed outcome naming the claim's fencing number. A claim that no longer stands
 * (another desktop took the row over) is answered `recorded: false` and nothing is written for it;
 * the others are recorded and audited together.
 */
export async function recordOutcomes(
  session: WorkspaceSession,
  dir: VerifiedDirectory,
  actor: Actor,
  outcomes: readonly OutcomeInput[],
): Promise<OutcomeRecorded[]> {
  activeMember(dir, actor);
  refuseTwice(outcomes.map((o) => o.rowId));
  return session.tx(async (client) => {
    await lockChain(client, 'audit');
    const held = await client.query<{ id: string }>(
      "SELECT q.id::text AS id FROM team.queue_row q JOIN unnest($1::uuid[], $2::bigint[]) AS o(id, fence) ON q.id = o.id AND q.fence = o.fence WHERE q.lease_holder = session_user AND q.state = 'open'",
      [outcomes.map((o) => o.rowId), outcomes.map((o) => o.fence)],
    );
    const standing = new Set(held.rows.map((r) => r.id));
    const mine = outcomes.filter((o) => standing.has(o.rowId));
    if (mine.length > 0) {
      const statements = mine.map((o) =>
        rowStatement(dir, actor, o.rowId, o.payloadHash, {
          event: 'outcome',
          fence: o.fence,
          state: o.state,
          detail: o.detail.slice(0, 1000),
        }),
      );
      await client.query(
        'SELECT team.record_outcome(o.id, o.fence, o.state, o.detail, o.event, o.text, o.signature) FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::uuid[], $6::text[], $7::text[]) WITH ORDINALITY AS o(id, fence, state, detail, event, text, signature, n) ORDER BY o.n',
        [
          mine.map((o) => o.rowId),
          mine.map((o) => o.fence),
          mine.map((o) => o.state),
          mine.map((o) => o.detail),
          statements.map((s) => s.id),
          statements.map((s) => s.text),
          statements.map((s) => s.signature),
        ],
      );
    }
    await appendAuditMany(
      client,
      actor,
      mine.map((o) => ({
        event: 'outcome' as const,
        subject: o.rowId,
        detail: { fence: o.fence, state: o.state, detail: o.detail.slice(0, 1000) },
      })),
    );
    return outcomes.map((o): OutcomeRecorded =>
      standing.has(o.rowId)
        ? { rowId: o.rowId, recorded: true }
        : {
            rowId: o.rowId,
            recorded: false,
            text: 'Another desktop took this row over: its outcome is theirs to record.',
          },
    );
  });
}

/** Extends a claim still standing (refused, 'stale-claim', once another desktop took the row over). */
export async function renewLease(
  session: WorkspaceSession,
  input: { rowId: string; fence: number; leaseMs: number },
): Promise<{ leaseExpires: string }> {
  const r = await session.run((pool) =>
    pool.query<{ until: Date }>('SELECT team.renew_lease($1, $2, $3) AS until', [
      input.rowId,
      input.fence,
      input.leaseMs,
    ]),
  );
  return { leaseExpires: (r.rows[0]?.until as Date).toISOString() };
}

/** Its drafter (or an admin) withdraws a row nobody is sending, with a signed cancellation. */
export async function cancelRow(
  session: WorkspaceSession,
  dir: VerifiedDirectory,
  actor: Actor,
  rowId: string,
  shownHash: string | null,
): Promise<{ canceled: boolean }> {
  activeMember(dir, actor);
  return session.tx(async (client) => {
    await lockChain(client, 'audit');
    const [row] = await readRows(client, dir, actor.memberId, { rowIds: [rowId], includeClosed: true });
    // Only the row the person was shown (its payload's hash) is withdrawn.
    if (!row || row.payloadHash === null || row.payloadHash !== shownHash || row.state !== 'open')
      return { canceled: false };
    const statement = rowStatement(dir, actor, rowId, row.payloadHash, { event: 'cancel' });
    const r = await client.query<{ ok: boolean }>('SELECT team.cancel_row($1, $2, $3, $4) AS ok', [
      rowId,
      statement.id,
      statement.text,
      statement.signature,
    ]);
    const canceled = r.rows[0]?.ok === true;
    if (canceled) await appendAudit(client, actor, { event: 'cancel', subject: rowId, detail: {} });
    return { canceled };
  });
}

/**
 * An approver's answer for a row whose send may have gone through (needs review), after they
 * looked at the service's transactions: found, it is sent; not found, it is open again and sent
 * with its key (every earlier claim settled by what they checked). Signed, audited, and refused
 * for the row's drafter and for a row that does not wait for a review.
 */
export async function reviewRow(
  session: WorkspaceSession,
  dir: VerifiedDirectory,
  actor: Actor,
  input: { rowId: string; found: 'sent' | 'not-sent'; checked: string; settles: string },
): Promise<{ reviewed: boolean }> {
  activeMember(dir, actor);
  return session.tx(async (client) => {
    await lockChain(client, 'audit');
    const [row] = await readRows(client, dir, actor.memberId, { rowIds: [input.rowId], includeClosed: true });
    // The wait the person was shown (`settles`) must still be the row's: a review answers one wait only.
    if (
      !row ||
      row.payloadHash === null ||
      row.payload === null ||
      row.state !== 'needs-review' ||
      row.history.reviewing !== input.settles
    )
      return { reviewed: false };
    if (row.drafter?.id === actor.memberId)
      throw new WorkspaceError('refused', 'You drafted this row: another approver reviews it.');
    const statement = rowStatement(dir, actor, input.rowId, row.payloadHash, {
      event: 'review',
      found: input.found,
      checked: input.checked,
      settles: input.settles,
    });
    const r = await client.query<{ ok: boolean }>('SELECT team.review_row($1, $2, $3, $4, $5) AS ok', [
      input.rowId,
      input.found === 'sent' ? 'sent' : 'open',
      statement.id,
      statement.text,
      statement.signature,
    ]);
    const reviewed = r.rows[0]?.ok === true;
    if (reviewed)
      await appendAudit(client, actor, {
        event: 'review',
        subject: input.rowId,
        detail: { found: input.found, checked: input.checked.slice(0, 500) },
      });
    return { reviewed };
  });
}

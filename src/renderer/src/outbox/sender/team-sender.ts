import type { DraftInput, OutboxRow } from '../../../../shared/outbox';
import type { Result } from '../../../../shared/ipc';
import type { Transaction } from '../../../../shared/service';
import type { ClaimResult, OutcomeInput, OutcomeRecorded, TeamRowView } from '../../../../shared/ipc/workspace';
import type { SendOutcome } from '../../../../shared/outbox/classify';
import { draftRow } from '../model/draft';
import type { Span } from '../model/reconcile-plan';
import { settleTakenOverPayment, takeoverWindow, type TakeoverResult } from './team-takeover';

/** How the team sender reaches the workspace (main's `workspace:*` channels) and the service (the outbox's one send). */
export interface TeamWire {
  /** The service's open rows and those waiting for review (only those among `rowIds` when given); closed ones (sent, failed, canceled) too when asked. */
  rows(workspaceId: string, service: string, options?: { includeClosed?: boolean; rowIds?: string[] }): Promise<Result<TeamRowView[]>>;
  claim(workspaceId: string, rowId: string, leaseMs: number): Promise<Result<ClaimResult>>;
  /** `claim` for a run of transfers, in one transaction; an answer per row, in order. */
  claimMany(workspaceId: string, rowIds: string[], leaseMs: number): Promise<Result<ClaimResult[]>>;
  renew(workspaceId: string, rowId: string, fence: number, leaseMs: number): Promise<Result<{ leaseExpires: string }>>;
  outcome(workspaceId: string, rowId: string, fence: number, state: 'sent' | 'failed' | 'needs-review' | 'open', detail: string): Promise<Result<{ recorded: true }>>;
  /** `outcome` for a batch, in one transaction; a claim that stands no more is answered, not recorded. */
  outcomes(workspaceId: string, outcomes: OutcomeInput[]): Promise<Result<OutcomeRecorded[]>>;
  /** One attempt, with the row's own key, exactly as the solo sender sends (send-row.ts). */
  send(row: OutboxRow): Promise<SendOutcome<unknown>>;
  /** Every transaction the service dates within `window`, or null when they could not all be read (reconcile.ts). */
  transactions(profileId: string, window: Span): Promise<Transaction[] | null>;
  /** The drafter's own copy, when this outbox has it, takes the outcome (team-rows-repo's mirrorTeamOutcome). */
  mirror(profileId: string, rowId: string, outcome: 'sent' | 'failed', detail: string): Promise<unknown>;
}

/** The lease a claim asks for; renewed at a third of it while the send runs. */
export const TEAM_LEASE_MS = 60_000;

export interface TeamSendReport {
  sent: number;
  /** Rows given back to the workspace (a retryable failure), failed for good, or left to a person. */
  reopened: number;
  failed: number;
  review: number;
  /** Claims that stood no more when the outcome came (another desktop took over): nothing was recorded. */
  stale: number;
  /** Why the run stopped early (the workspace stopped answering), in main's words. */
  stopped: string | null;
}

/** What a send's outcome means for the workspace's row. */
function workspaceState(outcome: SendOutcome<unknown>): { state: 'sent' | 'failed' | 'needs-review' | 'open'; detail: string } {
  switch (outcome.type) {
    case 'ok': {
      const id = (outcome.value as { transferId?: unknown } | null)?.transferId;
      return { state: 'sent', detail: typeof id === 'string' ? `sent (transfer ${id})` : 'sent' };
    }
    case 'rejected':
      return { state: 'failed', detail: outcome.message };
    case 'ambiguous':
      return { state: 'needs-review', detail: outcome.message };
    default:
      // Retryable, held or blocked here (no key, Retry-After): the row goes back, for this desktop or another.
      return { state: 'open', detail: outcome.message };
  }
}

type Claimed = Extract<ClaimResult, { claimed: true }>;

/** One send of what the claim hands over, with the row's own key. */
async function sendClaimed(profileId: string, claim: Claimed, wire: TeamWire) {
  const input = { kind: claim.kind, payload: claim.payload } as DraftInput;
  return workspaceState(await wire.send(draftRow(input, profileId, claim.rowId, claim.idempotencyKey, Date.now())));
}

/** A taken-over payment, settled against the service's transactions since it was signed (team-takeover.ts). */
async function settleTakeover(profileId: string, workspaceId: string, service: string, row: TeamRowView, wire: TeamWire): Promise<TakeoverResult> {
  const now = Date.now();
  const window = takeoverWindow(row, now);
  const all = await wire.rows(workspaceId, service, { includeClosed: true });
  const found = window && all.ok ? await wire.transactions(profileId, window) : null;
  return settleTakenOverPayment(profileId, row, all.ok ? all.value : [], found, now);
}

const isStale = (r: Result<unknown>) => !r.ok && r.error.workspace?.kind === 'stale-claim';
const isUnreachable = (r: Result<unknown>) => !r.ok && r.error.workspace?.kind === 'unreachable';

/**
 * Sends the workspace's ready rows for one service, each under a claim: the workspace hands over
 * what was signed and approved (checked again by main, in the claim's transaction), this desktop
 * sends it with the row's key, renewing the lease while it works, and records the outcome with
 * the claim's fencing number. A claim taken over from a desktop that stopped mid-send resends a
 * transfer with the same key (the service deduplicates it); a payment is never resent blindly:
 * it is looked for in the service's transactions, and is sent when found there, else goes to a
 * person (needs review). An outcome refused as stale (the lease was taken over
 * meanwhile) is left unrecorded. While the workspace does not answer, nothing is claimed.
 * `named` narrows the run to the rows a change named (their ids): a batch of approvals costs a
 * read of that batch, not of the whole queue; null reads every open row.
 */
export async function sendReadyTeamRows(profileId: string, workspaceId: string, service: string, wire: TeamWire, leaseMs = TEAM_LEASE_MS, named: ReadonlySet<string> | null = null): Promise<TeamSendReport> {
  const report: TeamSendReport = { sent: 0, reopened: 0, failed: 0, review: 0, stale: 0, stopped: null };
  const rowIds = named !== null && named.size <= ROWS_PER_READ ? [...named] : null;
  if (rowIds?.length === 0) return report;
  const listed = await wire.rows(workspaceId, service, rowIds ? { rowIds } : undefined);
  if (!listed.ok) return { ...report, stopped: listed.error.message };
  const ready = listed.value.filter((r) => r.state === 'open' && r.verdict.status === 'ready' && r.lease === null);
  // Each source's rows in their order, a few sources at once, as the solo sender does; a
  // workspace that stops answering stops every lane.
  const lanes = sourceLanes(ready);
  let next = 0;
  const runLane = async () => {
    for (let lane = lanes[next++]; lane; lane = lanes[next++]) {
      const { rows, batched } = lane;
      for (let i = 0; i < rows.length; ) {
        if (report.stopped !== null) return;
        if (batched) {
          const run = rows.slice(i, i + CLAIM_BATCH);
          i += run.length;
          await sendRun(profileId, workspaceId, run, wire, leaseMs, report);
        } else {
          await sendOne(profileId, workspaceId, service, rows[i++] as TeamRowView, wire, leaseMs, report);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(TEAM_SEND_LANES, lanes.length) }, runLane));
  return report;
}

/** What `workspace:rows` takes at once: a change naming more rows reads them all. */
const ROWS_PER_READ = 1_000;

/**
 * How many sources send at once. Every claim and outcome waits for the workspace's audit lock,
 * which the approvers' pushes need too: with four lanes a batch of approvals queued behind up to
 * eight of this desktop's transactions, and reached the other desktops up to 1.1 s after it was
 * confirmed (bench:team, 1,000 rows). Two lanes keep one source sending while the other writes.
 */
export const TEAM_SEND_LANES = 2;

/**
 * How many of a source's transfers are claimed, sent and recorded together: each claim and each
 * outcome is a transaction under the workspace's audit lock, which every desktop's writes share,
 * so one transaction per row made the lock the queue. A run is sent one row at a time, in order,
 * as before; only the bookkeeping is gathered. Payments go one at a time: a payment is never
 * resent blindly, so what a crash leaves unrecorded is kept to one.
 */
export const CLAIM_BATCH = 25;

/** Ready rows by the account they draw on (a transfer's source; every payment in one lane, not batched), each in the workspace's order. */
function sourceLanes(rows: readonly TeamRowView[]): { rows: TeamRowView[]; batched: boolean }[] {
  const lanes = new Map<string, { rows: TeamRowView[]; batched: boolean }>();
  for (const row of rows) {
    const source = row.kind === 'transfer' ? (row.payload as { source?: unknown } | null)?.source : undefined;
    const lane = typeof source === 'string' ? `transfer:${source}` : 'payments';
    const list = lanes.get(lane);
    if (list) list.rows.push(row);
    else lanes.set(lane, { rows: [row], batched: lane !== 'payments' });
  }
  return [...lanes.values()];
}

/**
 * A run of one source's transfers: claimed in one transaction, each sent in order with its own
 * key (a transfer taken over is resent with the same key, which the service deduplicates), the
 * leases renewed while the run works, and the outcomes recorded in one transaction with each
 * claim's fencing number. A row whose lease was lost meanwhile, or whose claim the workspace
 * finds replaced, is counted stale and recorded by nobody here.
 */
async function sendRun(profileId: string, workspaceId: string, rows: readonly TeamRowView[], wire: TeamWire, leaseMs: number, report: TeamSendReport): Promise<void> {
  const claimed = await wire.claimMany(workspaceId, rows.map((r) => r.id), leaseMs);
  if (!claimed.ok) {
    if (isUnreachable(claimed)) report.stopped = claimed.error.message;
    return;
  }
  const claims = claimed.value.filter((c): c is Claimed => c.claimed);
  if (claims.length === 0) return;
  // Every claim of the run is renewed until the run's outcomes are recorded, a row already sent
  // included: its outcome waits for the others, and a lease that ran out meanwhile would let the
  // row be canceled or taken over after its money moved.
  const lost = new Set<string>();
  const renewal = setInterval(() => {
    for (const c of claims) {
      if (lost.has(c.rowId)) continue;
      void wire.renew(workspaceId, c.rowId, c.fence, leaseMs).then((r) => {
        if (isStale(r)) lost.add(c.rowId);
      });
    }
  }, Math.max(1_000, Math.floor(leaseMs / 3)));
  let recorded: Result<OutcomeRecorded[]> | null = null;
  const results: OutcomeInput[] = [];
  try {
    for (const claim of claims) {
      // A claim lost before its turn (this desktop slept past its lease) is another desktop's now: not sent here.
      if (lost.has(claim.rowId)) continue;
      const result = await sendClaimed(profileId, claim, wire);
      results.push({ rowId: claim.rowId, fence: claim.fence, state: result.state, detail: result.detail.slice(0, 2000) });
    }
    const toRecord = results.filter((r) => !lost.has(r.rowId));
    report.stale += claims.length - toRecord.length;
    if (toRecord.length > 0) recorded = await wire.outcomes(workspaceId, toRecord);
  } finally {
    clearInterval(renewal);
  }
  if (recorded === null) return;
  if (!recorded.ok) {
    report.stopped = recorded.error.message;
    return;
  }
  const asked = new Map(results.map((r) => [r.rowId, r]));
  for (const answer of recorded.value) {
    const result = asked.get(answer.rowId);
    if (!result) continue;
    if (!answer.recorded) {
      report.stale++;
      continue;
    }
    if (result.state === 'sent' || result.state === 'failed') await wire.mirror(profileId, result.rowId, result.state, result.detail);
    count(report, result.state);
  }
}

function count(report: TeamSendReport, state: OutcomeInput['state']): void {
  if (state === 'sent') report.sent++;
  else if (state === 'failed') report.failed++;
  else if (state === 'needs-review') report.review++;
  else report.reopened++;
}

/** One ready row: claimed, sent (or a taken-over payment settled), its outcome recorded. Counts into `report`; sets `report.stopped` when the workspace stops answering. */
async function sendOne(profileId: string, workspaceId: string, service: string, row: TeamRowView, wire: TeamWire, leaseMs: number, report: TeamSendReport): Promise<void> {
  const claimed = await wire.claim(workspaceId, row.id, leaseMs);
  if (!claimed.ok) {
    if (isUnreachable(claimed)) report.stopped = claimed.error.message;
    return;
  }
  const claim = claimed.value;
  if (!claim.claimed) return;
  // A payment an earlier claim may have sent is looked for in the service's transactions, never resent.
  const work = claim.takenOver && claim.kind === 'payment' ? settleTakeover(profileId, workspaceId, service, row, wire) : sendClaimed(profileId, claim, wire);
  let lost = false;
  const renewal = setInterval(() => {
    void wire.renew(workspaceId, claim.rowId, claim.fence, leaseMs).then((r) => {
      if (isStale(r)) lost = true;
    });
  }, Math.max(1_000, Math.floor(leaseMs / 3)));
  let result: { state: 'sent' | 'failed' | 'needs-review' | 'open'; detail: string };
  try {
    result = await work;
  } finally {
    clearInterval(renewal);
  }
  if (lost) {
    report.stale++;
    return;
  }
  const recorded = await wire.outcome(workspaceId, claim.rowId, claim.fence, result.state, result.detail);
  if (isStale(recorded)) {
    report.stale++;
    return;
  }
  if (!recorded.ok) {
    report.stopped = recorded.error.message;
    return;
  }
  if (result.state === 'sent' || result.state === 'failed') await wire.mirror(profileId, claim.rowId, result.state, result.detail);
  count(report, result.state);
}

import type { TeamRowView } from '../../../shared/ipc/workspace';
import type { ClaimResult, OutcomeInput, OutcomeRecorded } from '../claims';
import type { SendOutcome } from '../../../shared/outbox/classify';
import type { UnresolvedClaim } from '../../../shared/team/history';
import type { OutcomeState } from '../../../shared/team/model';
import type { MoneyRow } from '../../money/money-gate';
import { KEY_WINDOW_MS } from '../../money/send-journal';
import type { Transaction } from '../../../shared/service';
import type { Span } from '../../../shared/outbox/movements';
import { earliestSend, lookBeforeFirstSend, settleTakenOver, takeoverWindow } from './takeover';

/**
 * How a run reaches the workspace and the service. In the app these are main's own functions
 * (claims.ts, row-reads.ts, the money gate), called in-process: no IPC leg per row.
 */
export interface TeamRunWire {
  /** The service's open rows (only those among `rowIds` when given), closed ones too when asked. */
  rows(filter: { rowIds?: string[]; includeClosed?: boolean }): Promise<TeamRowView[]>;
  /** Claims rows in one transaction, each with a signed claim; an answer per row, in order. */
  claim(rowIds: string[], leaseMs: number): Promise<ClaimResult[]>;
  /** false once the claim stands no more (another desktop took the row over). */
  renew(rowId: string, fence: number, leaseMs: number): Promise<boolean>;
  /** Records outcomes in one transaction, each with a signed statement; a claim that stands no more is answered, not recorded. */
  outcomes(outcomes: OutcomeInput[]): Promise<OutcomeRecorded[]>;
  /** One attempt through the money gate (origin team), its answer sorted as the outbox sorts it. */
  send(row: MoneyRow): Promise<SendOutcome<unknown>>;
  /**
   * What this desktop's send journal says of the row's key before anything else is asked (no
   * network): why it must not go again, as the money gate would refuse it, or null.
   */
  journal(row: MoneyRow): Promise<{ state: 'needs-review' | 'failed'; detail: string } | null>;
  /** Every transaction the service dates within `window`, or null when they could not all be read. */
  transactions(window: Span): Promise<Transaction[] | null>;
  /** This member's id: its own claim is told apart from another's on the row read again. */
  me: string;
  now(): number;
}

/** The lease a claim asks for; renewed at a third of it while the send runs. */
export const TEAM_LEASE_MS = 60_000;

/**
 * How many sources send at once. Every claim and outcome waits for the workspace's audit lock,
 * which the approvers' pushes need too: two lanes keep one source sending while the other writes
 * (bench:team, 1,000 rows: with four, a batch of approvals queued behind up to eight of them).
 */
export const TEAM_SEND_LANES = 2;

/**
 * How many of a source's transfers are claimed, sent and recorded together: each claim and each
 * outcome is a transaction under the workspace's audit lock, so one transaction per row made the
 * lock the queue. A run is sent one row at a time, in order. Payments go one at a time: a payment
 * is never resent blindly, so what a crash leaves unrecorded is kept to one.
 */
export const CLAIM_BATCH = 25;

export interface TeamRunReport {
  sent: number;
  /** Rows given back to the workspace (a retryable failure, or the service asked to wait). */
  reopened: number;
  failed: number;
  review: number;
  /** Claims that stood no more when the outcome came (another desktop took over): nothing was recorded. */
  stale: number;
  /** Rows whose retryable failure says how long to wait before looking at them again (row id -> ms; 0: the service gave no time). */
  retryIn: Map<string, number>;
  /** Rows this run settled for good or left to a person (their retry count starts again). */
  done: string[];
  /** Why the run stopped early (the workspace stopped answering), in words. */
  stopped: string | null;
}

type Claimed = Extract<ClaimResult, { claimed: true }>;
interface Settled {
  state: OutcomeState;
  detail: string;
  /** How long the service asked to wait (ms) before this desktop claims it again; set for a retryable failure. */
  retryIn?: number;
}

/** What a send's answer means for the workspace's row. */
function settledBy(outcome: SendOutcome<unknown>): Settled {
  switch (outcome.type) {
    case 'ok': {
      const id = (outcome.value as { transferId?: unknown } | null)?.transferId;
      return { state: 'sent', detail: typeof id === 'string' ? `sent (transfer ${id})` : 'sent' };
    }
    case 'rejected':
      return { state: 'failed', detail: outcome.message };
    case 'ambiguous':
      return { state: 'needs-review', detail: outcome.message };
    case 'held':
      return { state: 'open', detail: outcome.message, retryIn: outcome.retryAfterMs };
    case 'retryable':
      return { state: 'open', detail: outcome.message, retryIn: outcome.retryAfterMs ?? 0 };
    case 'blocked':
      // No key, profile gone: the row goes back for a desktop that can send it.
      return { state: 'open', detail: outcome.message };
  }
}

/**
 * How long another desktop's signed time is trusted to say the service still holds a key: the
 * service's window less an hour, so a sender whose clock runs ahead does not resend a key the
 * service has just forgotten.
 */
const KEY_TRUSTED_MS = KEY_WINDOW_MS - 60 * 60_000;

/** Whether the service still deduplicates the key every earlier unsettled claim may have sent. */
const keyStillHeld = (unresolved: readonly UnresolvedClaim[], now: number) =>
  unresolved.every((c) => now - Date.parse(c.at) < KEY_TRUSTED_MS);

/**
 * One claimed row, settled in this order:
 * 1. this desktop's send journal (no network): a key it sent before and must not send again;
 * 2. an earlier claim whose sender signed no outcome (it may have sent it): a payment, or a
 *    transfer whose key the service may have forgotten, is looked for in the service's
 *    transactions and never resent; a transfer within the key window is resent with its key;
 * 3. a payment, or a transfer approved longer ago than the service keeps keys, sent for the first
 *    time as far as the workspace shows: the service's transactions are read first, and one that
 *    shows a movement like it (a history the database lost, or a look-alike's) leaves it to a person;
 * 4. otherwise it is sent with its own key.
 */
async function settle(
  claim: Claimed,
  others: readonly UnresolvedClaim[],
  row: TeamRowView,
  wire: TeamRunWire,
  service: () => Promise<TeamRowView[]>,
): Promise<Settled> {
  const money: MoneyRow = {
    rowId: claim.rowId,
    kind: claim.kind,
    payload: claim.payload,
    idempotencyKey: claim.idempotencyKey,
  };
  const journal = await wire.journal(money);
  if (journal) return journal;
  const now = wire.now();
  const transactions = async () => {
    const window = takeoverWindow(row, now);
    return window ? await wire.transactions(window) : null;
  };
  if (others.length > 0 && (claim.kind === 'payment' || !keyStillHeld(others, now))) {
    const found = await transactions();
    // Without the service's rows, a look-alike's transaction could be taken for this one's: as if the transactions could not be read.
    const moved = await service().catch(() => null);
    return settleTakenOver(row, others, moved ?? [], moved === null ? null : found, now);
  }
  const from = earliestSend(row);
  if (others.length === 0 && (claim.kind === 'payment' || from === null || now - from >= KEY_TRUSTED_MS)) {
    const held = lookBeforeFirstSend(row, await transactions(), now);
    if (held) return held.state === 'open' ? { ...held, retryIn: 0 } : held;
  }
  return settledBy(await wire.send(money));
}

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

function count(report: TeamRunReport, state: OutcomeState): void {
  if (state === 'sent') report.sent++;
  else if (state === 'failed') report.failed++;
  else if (state === 'needs-review') report.review++;
  else report.reopened++;
}

/**
 * A run of rows (one source's transfers, or one payment): claimed in one transaction, read again
 * once the claims committed (a claim the workspace also handed to another desktop shows there as
 * another unsettled claim, and is then treated as one that may have been sent), each settled in
 * order with its leases renewed meanwhile, and the outcomes recorded in one transaction, each with
 * the claim's fencing number. A row whose lease was lost before its turn is another desktop's.
 */
async function sendRun(
  rows: readonly TeamRowView[],
  wire: TeamRunWire,
  leaseMs: number,
  report: TeamRunReport,
  service: () => Promise<TeamRowView[]>,
): Promise<void> {
  const claims = (
    await wire.claim(
      rows.map((r) => r.id),
      leaseMs,
    )
  ).filter((c): c is Claimed => c.claimed);
  if (claims.length === 0) return;
  const lost = new Set<string>();
  const renewal = setInterval(
    () => {
      for (const c of claims) {
        if (lost.has(c.rowId)) continue;
        // A renewal the workspace refused, or could not answer, may leave the lease to run out: the
        // row is another desktop's to take over, so this run sends it no more.
        void wire.renew(c.rowId, c.fence, leaseMs).then(
          (standing) => {
            if (!standing) lost.add(c.rowId);
          },
          () => lost.add(c.rowId),
        );
      }
    },
    Math.max(1_000, Math.floor(leaseMs / 3)),
  );
  const results: (OutcomeInput & { retryIn?: number })[] = [];
  let recorded: OutcomeRecorded[] | null = null;
  try {
    let fresh: Map<string, TeamRowView>;
    try {
      fresh = new Map(
        (await wire.rows({ rowIds: claims.map((c) => c.rowId), includeClosed: true })).map((r) => [r.id, r]),
      );
    } catch (error) {
      // Nothing was sent: the claims go back as they came, so no later claim takes them for sends that may have happened.
      const why = `Not sent: the workspace could not be read again after the claim (${error instanceof Error ? error.message : String(error)}).`;
      recorded = await wire.outcomes(
        claims.map((c) => ({
          rowId: c.rowId,
          fence: c.fence,
          payloadHash: c.payloadHash,
          state: 'open',
          detail: why.slice(0, 1000),
        })),
      );
      results.push(
        ...claims.map((c) => ({
          rowId: c.rowId,
          fence: c.fence,
          payloadHash: c.payloadHash,
          state: 'open' as const,
          detail: why,
        })),
      );
      throw error;
    }
    for (const claim of claims) {
      if (lost.has(claim.rowId)) continue;
      const row = fresh.get(claim.rowId);
      // Read back closed (another desktop handed the same claim sent it) or without this desktop's signed claim (nobody would know it may have gone): not sent.
      if (
        !row ||
        row.state !== 'open' ||
        !row.history.unresolved.some((c) => c.fence === claim.fence && c.by === wire.me)
      )
        continue;
      const others = row.history.unresolved.filter((c) => !(c.fence === claim.fence && c.by === wire.me));
      const s = await settle(claim, others, row, wire, service);
      results.push({
        rowId: claim.rowId,
        fence: claim.fence,
        payloadHash: claim.payloadHash,
        state: s.state,
        detail: s.detail.slice(0, 1000),
        ...(s.retryIn !== undefined ? { retryIn: s.retryIn } : {}),
      });
    }
    const toRecord = results.filter((r) => !lost.has(r.rowId));
    report.stale += claims.length - toRecord.length;
    if (toRecord.length > 0) recorded = await wire.outcomes(toRecord.map(({ retryIn: _in, ...o }) => o));
  } finally {
    clearInterval(renewal);
  }
  const asked = new Map(results.map((r) => [r.rowId, r]));
  for (const answer of recorded ?? []) {
    const result = asked.get(answer.rowId);
    if (!result) continue;
    if (!answer.recorded) {
      report.stale++;
      continue;
    }
    if (result.retryIn !== undefined) report.retryIn.set(result.rowId, result.retryIn);
    if (result.state !== 'open') report.done.push(result.rowId);
    count(report, result.state);
  }
}

/**
 * Sends one service's ready rows from this desktop, each under a claim main takes and checks
 * itself: the drafter's signature, the policy, every approval and the row's signed history, against
 * the directory main verified (claims.ts). `named` narrows the run to the rows a change named;
 * `skip` says which rows this desktop waits on (a backoff, a key the service told to wait).
 * Each source's rows go in order, two sources at once, transfers in runs of 25, payments one at a
 * time. A workspace that stops answering stops the run, with the reason.
 */
export async function sendReadyTeamRows(
  wire: TeamRunWire,
  options: { named?: ReadonlySet<string> | null; skip?: (row: TeamRowView) => boolean; leaseMs?: number } = {},
): Promise<TeamRunReport> {
  const report: TeamRunReport = {
    sent: 0,
    reopened: 0,
    failed: 0,
    review: 0,
    stale: 0,
    retryIn: new Map(),
    done: [],
    stopped: null,
  };
  const leaseMs = options.leaseMs ?? TEAM_LEASE_MS;
  const named = options.named ?? null;
  const rowIds = named !== null && named.size <= 1_000 ? [...named] : null;
  if (rowIds?.length === 0) return report;
  let listed: TeamRowView[];
  try {
    listed = await wire.rows(rowIds ? { rowIds } : {});
  } catch (error) {
    return { ...report, stopped: error instanceof Error ? error.message : String(error) };
  }
  const ready = listed.filter(
    (r) => r.state === 'open' && r.verdict.status === 'ready' && r.lease === null && !(options.skip?.(r) ?? false),
  );
  // The service's rows that may have moved money, read only when a taken-over row needs them, and
  // again for each (after its transactions): a look-alike sent since an earlier read, by this run
  // or another desktop, must be counted before a transaction is taken as this row's.
  const service = () => wire.rows({ includeClosed: true });
  const lanes = sourceLanes(ready);
  let next = 0;
  const runLane = async () => {
    for (let lane = lanes[next++]; lane; lane = lanes[next++]) {
      const { rows, batched } = lane;
      for (let i = 0; i < rows.length;) {
        if (report.stopped !== null) return;
        const run = rows.slice(i, i + (batched ? CLAIM_BATCH : 1));
        i += run.length;
        try {
          await sendRun(run, wire, leaseMs, report, service);
        } catch (error) {
          report.stopped = error instanceof Error ? error.message : String(error);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(TEAM_SEND_LANES, lanes.length) }, runLane));
  return report;
}

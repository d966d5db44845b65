import type { LoggedRequest } from '../../../src/sandbox';

/**
 * The outbox benchmark's verdict on one phase, counted where the outcomes happen: money movements
 * from the sandbox's ledger and its accounts' balances, sends from the sandbox's request log (on
 * its clock), never from the app's own record of what it did. Pure, so a fabricated log can show
 * that each criterion fails (tests/unit/bench-verdicts.test.ts).
 */

/** An outbox row as the page reports it after the phase. */
export interface RowSeen {
  key: string;
  state: string;
  amountCents: number;
  /** Transfers: the accounts the row moves money between. */
  source?: string;
  destination?: string;
  /** Its source's cached balance looked short when it was sent. */
  warned?: boolean;
}

/** A ledger entry of the phase's kind (LedgerEntry's fields the verdict reads). */
export interface Movement {
  idempotencyKey?: string;
  amountCents: number;
  source: string;
  destination: string;
}

/** Which faults the phase injected: each must show up in the request log at least once. */
export interface FaultsInjected {
  rateLimited: boolean;
  unavailable: boolean;
  dropped: boolean;
  /** The 503s carried a Retry-After (the sandbox's `retryAfterOn503`): a hold from a 503 must be met. */
  unavailableWithRetryAfter?: boolean;
}

export interface PhaseEvidence {
  rows: readonly RowSeen[];
  /** Movements of the phase's kind since the phase started. */
  ledger: readonly Movement[];
  /** The sandbox's log of requests to the phase's money path since the phase started. */
  requests: readonly LoggedRequest[];
  /** Log entries let go (over its cap) after the phase started: the counts would be short. */
  requestsEvicted: number;
  /** Balance change per virtual account over the phase, read from the sandbox (transfers). */
  balanceChanges?: Readonly<Record<string, number>>;
  faults: FaultsInjected;
  /** Transfers: every row must end sent. */
  everyRowSent: boolean;
  /** When the page was reloaded, on the sandbox clock (to say which early sends followed one). */
  reloadsAtMs?: readonly number[];
}

export interface PhaseVerdict {
  total: number;
  states: Record<string, number>;
  warned_short_balance: number;
  in_ledger: number;
  /** Movements beyond the first per queued row's key. */
  duplicates: number;
  /** Accounts whose balance moved by other than the rows marked sent explain. */
  accounts_off: { account: string; expected_cents: number; actual_cents: number }[];
  lost: number;
  lost_detail: { sent_without_movement: number; unsent_with_movement: number; movement_without_row: number };
  /** Rows still queued or sending. */
  unfinished: number;
  /** Rows left for a person (needs review), and how many of those had moved money. */
  left_for_a_person: number;
  left_for_a_person_that_moved_money: number;
  /** Requests for a key that arrived before the Retry-After the sandbox gave that key ran out. */
  sends_before_retry_after: number;
  /** Requests for a key that came after an answer told that key to wait: what the early check judged. */
  sends_after_a_retry_after: number;
  /** The first few early ones, to look up in the request log. */
  early_examples: EarlySend[];
  served: {
    requests: number;
    rate_limited_429: number;
    unavailable_503: number;
    unavailable_503_with_retry_after: number;
    dropped_before_processing: number;
    dropped_after_processing: number;
  };
  failures: string[];
  pass: boolean;
}

const FINISHED = new Set(['sent', 'failed', 'needs-review']);

function count<T>(items: Iterable<T>, test: (x: T) => boolean): number {
  let n = 0;
  for (const x of items) if (test(x)) n++;
  return n;
}

/** A request that arrived while a Retry-After given to its key still ran. */
export interface EarlySend {
  key: string;
  seq: number;
  /** How long before the Retry-After ran out it arrived, ms on the sandbox clock. */
  ms_early: number;
  /**
   * The page was reloaded between the request that was told to wait and this one: the app may
   * have died before it recorded the answer (still an early send as the service sees it).
   */
  reload_between: boolean;
}

/** How the sends of each key stood against the Retry-Afters the sandbox gave that key. */
export interface RetryAfterCheck {
  /** Requests that arrived while a Retry-After given to their key still ran. */
  early: EarlySend[];
  /** Requests that came after an answer with a Retry-After for their key (early or not). */
  judged: number;
}

/**
 * Each request for a key against the Retry-Afters given to that key, on the sandbox's clock: a
 * Retry-After runs from when its answer left (answeredAtMs), and binds only requests that arrived
 * after that; a request already on its way when the answer left could not have heard it.
 */
export function checkRetryAfters(
  requests: readonly LoggedRequest[],
  reloadsAtMs: readonly number[] = [],
): RetryAfterCheck {
  const byKey = new Map<string, LoggedRequest[]>();
  for (const r of requests) {
    if (r.idempotencyKey === null) continue;
    const sends = byKey.get(r.idempotencyKey);
    if (sends) sends.push(r);
    else byKey.set(r.idempotencyKey, [r]);
  }
  const early: EarlySend[] = [];
  let judged = 0;
  for (const [key, sends] of byKey) {
    sends.sort((a, b) => a.seq - b.seq);
    const told: { answeredAtMs: number; untilMs: number; atMs: number }[] = [];
    for (const r of sends) {
      const binding = told.filter((t) => t.answeredAtMs <= r.atMs);
      if (binding.length > 0) judged++;
      // The latest deadline among the answers it could have heard.
      const last = binding.reduce<(typeof told)[number] | undefined>(
        (a, t) => (a === undefined || t.untilMs > a.untilMs ? t : a),
        undefined,
      );
      if (last && r.atMs < last.untilMs) {
        early.push({
          key,
          seq: r.seq,
          ms_early: last.untilMs - r.atMs,
          reload_between: reloadsAtMs.some((t) => t >= last.atMs && t <= r.atMs),
        });
      }
      if (r.retryAfterMs !== null && r.retryAfterMs > 0 && r.answeredAtMs !== null)
        told.push({ answeredAtMs: r.answeredAtMs, untilMs: r.answeredAtMs + r.retryAfterMs, atMs: r.atMs });
    }
  }
  return { early, judged };
}

function balanceOffsets(
  rows: readonly RowSeen[],
  actual: Readonly<Record<string, number>>,
): PhaseVerdict['accounts_off'] {
  const expected = new Map<string, number>();
  for (const r of rows) {
    if (r.state !== 'sent' || r.source === undefined || r.destination === undefined) continue;
    expected.set(r.source, (expected.get(r.source) ?? 0) - r.amountCents);
    expected.set(r.destination, (expected.get(r.destination) ?? 0) + r.amountCents);
  }
  const accounts = new Set([...expected.keys(), ...Object.keys(actual)]);
  return [...accounts]
    .map((account) => ({ account, expected_cents: expected.get(account) ?? 0, actual_cents: actual[account] ?? 0 }))
    .filter((a) => a.expected_cents !== a.actual_cents);
}

export function judgePhase(e: PhaseEvidence): PhaseVerdict {
  const moved = new Map<string, number>();
  let unkeyed = 0;
  for (const m of e.ledger) {
    if (m.idempotencyKey === undefined) unkeyed++;
    else moved.set(m.idempotencyKey, (moved.get(m.idempotencyKey) ?? 0) + 1);
  }
  const keys = new Set(e.rows.map((r) => r.key));
  const duplicates = [...moved].reduce((n, [key, c]) => n + (keys.has(key) ? Math.max(0, c - 1) : 0), 0);
  const review = e.rows.filter((r) => r.state === 'needs-review');
  const lost_detail = {
    sent_without_movement: count(e.rows, (r) => r.state === 'sent' && !moved.has(r.key)),
    // A row left for a person is not lost: the app says it does not know, and a person looks.
    unsent_with_movement: count(e.rows, (r) => r.state !== 'sent' && r.state !== 'needs-review' && moved.has(r.key)),
    movement_without_row: unkeyed + count(moved.keys(), (k) => !keys.has(k)),
  };
  const lost = lost_detail.sent_without_movement + lost_detail.unsent_with_movement + lost_detail.movement_without_row;
  const states: Record<string, number> = {};
  for (const r of e.rows) states[r.state] = (states[r.state] ?? 0) + 1;
  const served = {
    requests: e.requests.length,
    rate_limited_429: count(e.requests, (r) => r.status === 429),
    unavailable_503: count(e.requests, (r) => r.status === 503),
    unavailable_503_with_retry_after: count(e.requests, (r) => r.status === 503 && (r.retryAfterMs ?? 0) > 0),
    dropped_before_processing: count(e.requests, (r) => r.dropped === 'before-processing'),
    dropped_after_processing: count(e.requests, (r) => r.dropped === 'after-processing'),
  };
  const accounts_off = e.balanceChanges ? balanceOffsets(e.rows, e.balanceChanges) : [];
  const unfinished = count(e.rows, (r) => !FINISHED.has(r.state));
  const retryAfters = checkRetryAfters(e.requests, e.reloadsAtMs);
  const early = retryAfters.early;

  const failures: string[] = [];
  if (duplicates > 0) failures.push(`${duplicates} money movements beyond one per row (same idempotency key)`);
  if (accounts_off.length > 0)
    failures.push(`${accounts_off.length} accounts' balances moved by other than the rows marked sent`);
  if (lost > 0) failures.push(`${lost} rows or movements lost (${JSON.stringify(lost_detail)})`);
  if (unfinished > 0) failures.push(`${unfinished} rows never finished`);
  if (e.everyRowSent && (states['sent'] ?? 0) !== e.rows.length)
    failures.push(`${e.rows.length - (states['sent'] ?? 0)} of ${e.rows.length} rows not sent`);
  if (early.length > 0)
    failures.push(`${early.length} requests arrived before the Retry-After the service gave their key ran out`);
  if (e.faults.rateLimited && served.rate_limited_429 === 0)
    failures.push('no 429 reached the app: the rate-limit fault exercised nothing');
  if (e.faults.rateLimited && served.rate_limited_429 > 0 && retryAfters.judged === 0)
    failures.push('no key was sent again after a Retry-After: the early-send check judged nothing');
  if (e.faults.unavailableWithRetryAfter && served.unavailable_503_with_retry_after === 0)
    failures.push('no 503 with a Retry-After reached the app: a hold from a 503 was never met');
  if (e.faults.unavailable && served.unavailable_503 === 0)
    failures.push('no 503 reached the app: the unavailable fault exercised nothing');
  if (e.faults.dropped && served.dropped_before_processing + served.dropped_after_processing === 0)
    failures.push('no connection was dropped: the drop fault exercised nothing');
  if (e.requestsEvicted > 0)
    failures.push(
      `the sandbox's request log let ${e.requestsEvicted} entries go during the phase, so the counts are incomplete (raise requestLogCap)`,
    );
  return {
    total: e.rows.length,
    states,
    warned_short_balance: count(e.rows, (r) => r.warned === true),
    in_ledger: moved.size,
    duplicates,
    accounts_off,
    lost,
    lost_detail,
    unfinished,
    left_for_a_person: review.length,
    left_for_a_person_that_moved_money: count(review, (r) => moved.has(r.key)),
    sends_before_retry_after: early.length,
    sends_after_a_retry_after: retryAfters.judged,
    early_examples: early.slice(0, 5),
    served,
    failures,
    pass: failures.length === 0,
  };
}

/** One fault run of the transfers, as the summary reads it. */
export interface FaultRun {
  sends_before_retry_after: number;
  sends_after_a_retry_after: number;
  pass: boolean;
}

export interface FaultRunsVerdict {
  runs: number;
  /** Per run, in order. */
  sends_before_retry_after: number[];
  sends_after_a_retry_after: number[];
  failures: string[];
  pass: boolean;
}

/** As many fault runs as wanted, each passing its own verdict (0 early sends among them). */
export function judgeFaultRuns(runs: readonly FaultRun[], wanted: number): FaultRunsVerdict {
  const failures: string[] = [];
  if (runs.length < wanted) failures.push(`only ${runs.length} of ${wanted} fault runs ran`);
  runs.forEach((r, i) => {
    if (r.sends_before_retry_after > 0)
      failures.push(`fault run ${i + 1}: ${r.sends_before_retry_after} requests before their Retry-After ran out`);
    else if (!r.pass) failures.push(`fault run ${i + 1} did not pass`);
  });
  return {
    runs: runs.length,
    sends_before_retry_after: runs.map((r) => r.sends_before_retry_after),
    sends_after_a_retry_after: runs.map((r) => r.sends_after_a_retry_after),
    failures,
    pass: failures.length === 0,
  };
}

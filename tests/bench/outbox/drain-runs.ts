/**
 * The no-fault drain of bench:outbox, run several times in a row: where each run's time went per
 * row (from the page's spans around the real sender) and the verdict over all runs, counted from
 * the service's side (each run's PhaseVerdict). Pure, so a unit test shows the verdict failing on
 * fabricated runs (tests/unit/outbox-drain-verdict.test.ts).
 */

/** Milliseconds spent per span name and how often it ran, as the page's `timings` returns them. */
export type Spent = Readonly<Record<string, { ms: number; calls: number }>>;

/** Mean milliseconds per row on its source's path (each source sends one row after another). */
export interface RowBreakdown {
  rows: number;
  sources: number;
  /** Checking the source's cached balance before the send (warnIfShort). */
  balance_check_ms: number;
  /** The service call: page to main to the service and back. */
  send_ms: number;
  /** Waiting for the outcome to be recorded and the next row claimed, split below. */
  record_ms: number;
  /** Of record_ms: writing the outcome and its audit line. */
  record_write_ms: number;
  /** Of record_ms: planning and claiming what the outcome freed (the next row of its source). */
  record_claim_ms: number;
  /** Of record_ms: the strict-durability commit. */
  record_commit_ms: number;
  /** Of record_ms: waiting for an earlier batch's commit (rows of other sources) before its own. */
  record_queue_ms: number;
  /** Claiming the first rows, recovery and key expiry passes, spread over the rows. */
  passes_ms: number;
  /** A source's time in none of the above: the drain's wall time per source less the rest (polling, scheduling). */
  idle_ms: number;
  /** Record transactions and the rows each held on average. */
  record_batches: number;
  rows_per_batch: number;
}

const ms = (spent: Spent, name: string) => spent[name]?.ms ?? 0;
const round = (x: number) => Math.round(x * 100) / 100;

export function rowBreakdown(spent: Spent, rows: number, sources: number, drainMs: number): RowBreakdown {
  const per = (x: number) => round(rows > 0 ? x / rows : 0);
  const record = ms(spent, 'store.record');
  const inBatch = ms(spent, 'row.write') + ms(spent, 'row.claim') + ms(spent, 'row.commit');
  const passes =
    ms(spent, 'store.claimDue') +
    ms(spent, 'store.recoverInterrupted') +
    ms(spent, 'store.expireKeys') +
    ms(spent, 'store.nextDueAt');
  const busy = ms(spent, 'balance_check') + ms(spent, 'send') + record + passes;
  const batches = spent['batch.commit']?.calls ?? 0;
  return {
    rows,
    sources,
    balance_check_ms: per(ms(spent, 'balance_check')),
    send_ms: per(ms(spent, 'send')),
    record_ms: per(record),
    record_write_ms: per(ms(spent, 'row.write')),
    record_claim_ms: per(ms(spent, 'row.claim')),
    record_commit_ms: per(ms(spent, 'row.commit')),
    record_queue_ms: per(Math.max(0, record - inBatch)),
    passes_ms: per(passes),
    idle_ms: per(Math.max(0, drainMs * sources - busy)),
    record_batches: batches,
    rows_per_batch: batches > 0 ? round(rows / batches) : 0,
  };
}

/** One drain as the service saw it (the phase verdict's counts) and how long it took. */
export interface DrainRun {
  drain_ms: number;
  total: number;
  sent: number;
  duplicates: number;
  lost: number;
  unfinished: number;
  accounts_off: number;
}

export interface DrainRunsVerdict {
  runs: number;
  drain_ms: number[];
  worst_ms: number;
  target_ms: number;
  duplicates: number;
  lost: number;
  failures: string[];
  pass: boolean;
}

/** Every run within the target, none with a duplicate, a loss, an account off or a row unsent, and as many runs as wanted. */
export function judgeDrainRuns(runs: readonly DrainRun[], wanted: number, targetMs: number): DrainRunsVerdict {
  const failures: string[] = [];
  if (runs.length < wanted) failures.push(`only ${runs.length} of ${wanted} drains ran`);
  runs.forEach((r, i) => {
    const n = i + 1;
    if (!(r.drain_ms <= targetMs)) failures.push(`drain ${n} took ${Math.round(r.drain_ms)} ms (target ${targetMs})`);
    if (r.duplicates > 0) failures.push(`drain ${n}: ${r.duplicates} duplicate movements`);
    if (r.lost > 0) failures.push(`drain ${n}: ${r.lost} lost`);
    if (r.unfinished > 0 || r.sent !== r.total) failures.push(`drain ${n}: ${r.sent} of ${r.total} sent`);
    if (r.accounts_off > 0) failures.push(`drain ${n}: ${r.accounts_off} accounts' balances off`);
  });
  return {
    runs: runs.length,
    drain_ms: runs.map((r) => Math.round(r.drain_ms)),
    worst_ms: Math.round(Math.max(0, ...runs.map((r) => r.drain_ms))),
    target_ms: targetMs,
    duplicates: runs.reduce((a, r) => a + r.duplicates, 0),
    lost: runs.reduce((a, r) => a + r.lost, 0),
    failures,
    pass: failures.length === 0,
  };
}

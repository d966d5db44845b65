/**
 * The sync benchmark's verdict on one sync: complete first (it finished, and every row of the
 * service is in the cache exactly once), then fast enough. A sync that failed at once must not
 * pass on a rate computed over no time. Pure (tests/unit/bench-verdicts.test.ts).
 */

/** What the page reports of one sync. */
export interface SyncRun {
  /** The sync's last phase: 'done' when it finished. */
  outcome: string;
  /** From the first backfill page to the start of the incremental pass; 0 when never reached. */
  backfillMs: number;
}

/** The cache after it: distinct transaction ids, and rows the backfill wrote (doubles included). */
export interface Census {
  distinct: number;
  backfillRows: number;
}

export interface SyncVerdict {
  complete: boolean;
  rows_per_s: number | null;
  failures: string[];
  pass: boolean;
}

/** `expectedRows`: what the service holds. `targetRowsPerS`: the throughput the pass also needs, when given. */
export function judgeSync(run: SyncRun, census: Census, expectedRows: number, targetRowsPerS?: number): SyncVerdict {
  const failures: string[] = [];
  if (run.outcome !== 'done') failures.push(`the sync ended '${run.outcome}', not done`);
  if (census.distinct !== expectedRows) failures.push(`${census.distinct} of ${expectedRows} rows in the cache`);
  if (census.backfillRows !== census.distinct) failures.push(`the backfill wrote ${census.backfillRows} rows for ${census.distinct} distinct ones (${census.backfillRows - census.distinct} doubled)`);
  const complete = failures.length === 0;
  const rows_per_s = complete && run.backfillMs > 0 ? Math.round((census.distinct / run.backfillMs) * 1000) : null;
  if (targetRowsPerS !== undefined) {
    if (complete && rows_per_s === null) failures.push('no backfill time was measured, so there is no rate');
    else if (rows_per_s !== null && rows_per_s < targetRowsPerS) failures.push(`${rows_per_s} rows/s, under the ${targetRowsPerS} target`);
  }
  return { complete, rows_per_s, failures, pass: failures.length === 0 };
}

/**
 * The sync benchmark's verdict on one sync: complete first (it finished, and every row of the
 * service is in the cache exactly once), then fast enough. A sync that failed at once must not
 * pass on a rate computed over no time. Pure (tests/unit/bench-verdicts.test.ts).
 */

/** What the page reports of one sync. */
export interface SyncRun {
  /** The sync's last phase: 'done' when it finished. */
  outcome: string;
  /**
   * From the start of the backfill to the start of the incremental pass, or, for a searchable
   * run, to the index having caught up with every chunk written; 0 when never reached.
   */
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

/** The window's and worker's memory together at its highest during the sync, and the most allowed. */
export interface PeakLimit {
  peakBytes: number | null;
  limitBytes: number;
}

/**
 * `expectedRows`: what the service holds. `targetRowsPerS`: the throughput the pass also needs,
 * when given. `memory`: the peak the pass also needs (a peak never measured fails it).
 */
export function judgeSync(run: SyncRun, census: Census, expectedRows: number, targetRowsPerS?: number, memory?: PeakLimit): SyncVerdict {
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
  if (memory) {
    const mb = (b: number) => `${Math.round(b / 1e6)} MB`;
    if (memory.peakBytes === null) failures.push('the memory was never sampled, so there is no peak');
    else if (memory.peakBytes > memory.limitBytes) failures.push(`peak memory ${mb(memory.peakBytes)}, over the ${mb(memory.limitBytes)} limit`);
  }
  return { complete, rows_per_s, failures, pass: failures.length === 0 };
}

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
   * From the sync's start (the entities synced and the partitions planned first, as the app does)
   * to the start of the incremental pass, or, for a searchable run, to the index having caught up
   * with every chunk written; 0 when never reached.
   */
  syncMs: number;
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
export function judgeSync(
  run: SyncRun,
  census: Census,
  expectedRows: number,
  targetRowsPerS?: number,
  memory?: PeakLimit,
): SyncVerdict {
  const failures: string[] = [];
  if (run.outcome !== 'done') failures.push(`the sync ended '${run.outcome}', not done`);
  if (census.distinct !== expectedRows) failures.push(`${census.distinct} of ${expectedRows} rows in the cache`);
  if (census.backfillRows !== census.distinct)
    failures.push(
      `the backfill wrote ${census.backfillRows} rows for ${census.distinct} distinct ones (${census.backfillRows - census.distinct} doubled)`,
    );
  const complete = failures.length === 0;
  const rows_per_s = complete && run.syncMs > 0 ? Math.round((census.distinct / run.syncMs) * 1000) : null;
  if (targetRowsPerS !== undefined) {
    if (complete && rows_per_s === null) failures.push('no sync time was measured, so there is no rate');
    else if (rows_per_s !== null && rows_per_s < targetRowsPerS)
      failures.push(`${rows_per_s} rows/s, under the ${targetRowsPerS} target`);
  }
  if (memory) {
    const mb = (b: number) => `${Math.round(b / 1e6)} MB`;
    if (memory.peakBytes === null) failures.push('the memory was never sampled, so there is no peak');
    else if (memory.peakBytes > memory.limitBytes)
      failures.push(`peak memory ${mb(memory.peakBytes)}, over the ${mb(memory.limitBytes)} limit`);
  }
  return { complete, rows_per_s, failures, pass: failures.length === 0 };
}

export const COLD_OPEN_TARGETS = { newestMs: 500, readyMs: 2000 } as const;

/** A cold open in the sync's page: the newest 100 rows from the cache, then the saved index answering every row. */
export interface ColdOpen {
  newestMs: number;
  newestRows: number;
  readyMs: number;
  /** Where the index came from ('storage': the save after the rebuild was loaded). */
  loadedFrom: string;
  /** The empty query's count. */
  count: number;
}

export function judgeColdOpen(
  cold: ColdOpen,
  expectedRows: number,
  targets: typeof COLD_OPEN_TARGETS = COLD_OPEN_TARGETS,
): string[] {
  const failures: string[] = [];
  if (cold.count !== expectedRows) failures.push(`the cold open's index answers ${cold.count} of ${expectedRows} rows`);
  if (cold.loadedFrom !== 'storage') failures.push(`the cold open did not load the saved index (${cold.loadedFrom})`);
  if (cold.newestRows !== Math.min(100, expectedRows))
    failures.push(`the cold open read ${cold.newestRows} newest rows, not 100`);
  if (!(cold.newestMs <= targets.newestMs))
    failures.push(`the newest 100 rows took ${Math.round(cold.newestMs)} ms, over ${targets.newestMs}`);
  if (!(cold.readyMs <= targets.readyMs))
    failures.push(`search was ready after ${Math.round(cold.readyMs)} ms, over ${targets.readyMs}`);
  return failures;
}

/**
 * What partitions buy on a real network: at `--latency` ms a request, 8 cursors must move rows at
 * least this many times as fast as one, timed from each sync's start (8 is the most they could;
 * 6.2 was measured from the backfill's first page on a quiet machine, 3.5 from the start on a
 * machine at load 4, where the partitioned run is short of CPU rather than of requests).
 */
export const PARTITION_SPEEDUP_TARGET = 3;

/** Both latency runs complete, and the partitioned one at least PARTITION_SPEEDUP_TARGET times the single cursor's rate. */
export function judgeLatency(
  partitioned: SyncVerdict,
  single: SyncVerdict,
  target = PARTITION_SPEEDUP_TARGET,
): string[] {
  const failures = [
    ...partitioned.failures.map((f) => `partitioned: ${f}`),
    ...single.failures.map((f) => `single cursor: ${f}`),
  ];
  if (partitioned.rows_per_s === null || single.rows_per_s === null) {
    if (failures.length === 0) failures.push('a latency run has no rate, so the partitions cannot be compared');
    return failures;
  }
  const speedup = partitioned.rows_per_s / single.rows_per_s;
  if (!(speedup >= target))
    failures.push(
      `8 partitions moved ${partitioned.rows_per_s} rows/s, ${speedup.toFixed(1)}x one cursor's ${single.rows_per_s}: under ${target}x`,
    );
  return failures;
}

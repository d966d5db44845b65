import type { TxWindow } from './tx-window';

export interface PlannedPartition {
  fromMs: number;
  toMs: number;
  /** What the service counted in it when planned (for progress; the walk is the truth). */
  expected: number;
}

export interface BackfillPlan {
  /** The newest instant the backfill covers; what comes later is the incremental sync's. */
  upperMs: number;
  /** Total the service counted up to upperMs; null when it cannot count. */
  total: number | null;
  partitions: PlannedPartition[];
}

export interface PlanOptions {
  /** Rows a partition should hold (about). */
  rowsPerPartition?: number;
  /** Equal-time slices counted to find where the rows are. */
  slices?: number;
  /** How far back the oldest transaction may be. */
  horizonMs?: number;
  signal: AbortSignal;
}

const HOUR = 3_600_000;
const YEAR = 366 * 24 * HOUR;

/**
 * Splits the history up to `upperMs` into date windows of about equal row counts, so several
 * cursors can walk it at once (over a real network the walk is latency-bound). Uses the
 * service's counts: the oldest transaction is found by bisection, the span cut into equal-time
 * slices that are counted, and neighbouring slices grouped. Without counts: one window, walked
 * with one cursor. Windows never overlap: bounds are inclusive, so each ends 1 ms before the next.
 */
export async function planBackfill(
  count: (w: TxWindow, signal: AbortSignal) => Promise<number | null>,
  upperMs: number,
  options: PlanOptions,
): Promise<BackfillPlan> {
  const { signal } = options;
  const total = await count({ toMs: upperMs }, signal);
  if (total === null) return { upperMs, total: null, partitions: [{ fromMs: 0, toMs: upperMs, expected: 0 }] };
  if (total === 0) return { upperMs, total: 0, partitions: [] };

  // The oldest hour that holds a transaction: count(to = t) > 0 is monotone in t.
  let lo = Math.max(0, upperMs - (options.horizonMs ?? 30 * YEAR));
  let hi = upperMs;
  // Rows older than the horizon: walk from the beginning of time rather than miss them.
  if (((await count({ toMs: lo }, signal)) ?? 0) > 0) lo = hi = 0;
  while (hi - lo > HOUR) {
    const mid = Math.floor((lo + hi) / 2);
    if (((await count({ toMs: mid }, signal)) ?? 0) > 0) hi = mid;
    else lo = mid;
  }
  const oldestMs = lo;

  const perPartition = Math.max(1, options.rowsPerPartition ?? 20_000);
  if (total <= perPartition)
    return { upperMs, total, partitions: [{ fromMs: oldestMs, toMs: upperMs, expected: total }] };

  const sliceCount = Math.max(1, Math.min(options.slices ?? 64, Math.ceil((upperMs - oldestMs) / HOUR)));
  const span = upperMs - oldestMs + 1;
  const bounds: [number, number][] = [];
  for (let i = 0; i < sliceCount; i++) {
    const from = oldestMs + Math.floor((span * i) / sliceCount);
    const to = i === sliceCount - 1 ? upperMs : oldestMs + Math.floor((span * (i + 1)) / sliceCount) - 1;
    bounds.push([from, to]);
  }
  const counts = await Promise.all(bounds.map(([fromMs, toMs]) => count({ fromMs, toMs }, signal).then((n) => n ?? 0)));

  const partitions: PlannedPartition[] = [];
  let current: PlannedPartition | null = null;
  bounds.forEach(([from, to], i) => {
    const n = counts[i] as number;
    if (current === null) current = { fromMs: from, toMs: to, expected: n };
    else {
      current.toMs = to;
      current.expected += n;
    }
    if (current.expected >= perPartition || i === bounds.length - 1) {
      partitions.push(current);
      current = null;
    }
  });
  return { upperMs, total, partitions };
}

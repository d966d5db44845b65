/** What a person sees of a sync: where it is, how much is done, how fast, how long to go. */
export type SyncPhase =
  'idle' | 'planning' | 'backfill' | 'incremental' | 'reconciling' | 'entities' | 'done' | 'canceled' | 'error';

export interface SyncProgress {
  phase: SyncPhase;
  /** Transactions received in this run. */
  rows: number;
  pages: number;
  /** What the service counted for the backfill; null when unknown or not backfilling. */
  total: number | null;
  /** Rows already in the cache from earlier runs of the same backfill (it resumed). */
  resumedRows: number;
  startedAt: number;
  updatedAt: number;
  rowsPerSecond: number;
  /** Seconds to go, when the total is known. */
  etaSeconds: number | null;
  /** A sentence for the person when phase is 'error' (what happened, what to do). */
  error?: string;
  /** When the last complete sync finished. */
  lastSuccessAt?: number;
}

export function idleProgress(now: number): SyncProgress {
  return {
    phase: 'idle',
    rows: 0,
    pages: 0,
    total: null,
    resumedRows: 0,
    startedAt: now,
    updatedAt: now,
    rowsPerSecond: 0,
    etaSeconds: null,
  };
}

/** Recomputes rate and ETA after `rows` more arrived (in `pages` pages). */
export function advance(p: SyncProgress, rows: number, now: number, pages = 1): SyncProgress {
  const next = { ...p, rows: p.rows + rows, pages: p.pages + pages, updatedAt: now };
  const seconds = Math.max(0.001, (now - p.startedAt) / 1000);
  next.rowsPerSecond = Math.round(next.rows / seconds);
  const left = next.total === null ? null : Math.max(0, next.total - next.resumedRows - next.rows);
  next.etaSeconds = left === null || next.rowsPerSecond === 0 ? null : Math.ceil(left / next.rowsPerSecond);
  return next;
}

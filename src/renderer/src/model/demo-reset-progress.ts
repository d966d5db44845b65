/**
 * What a person sees of "Reset the Demo" from the click until every transaction is searchable:
 * one stage at a time (preparing the sample in main, planning and downloading it, indexing what
 * arrived), each with rows done of rows expected, a percentage and the time left. Pure: the
 * screen passes what main, the sync and the search index last reported.
 */

/** A reset as it was started and as main reported its preparation. */
export interface DemoResetRun {
  transactions: number;
  startedAt: number;
  /** Units of main's seed (each transaction is generated, then loaded). */
  prep: { done: number; total: number } | null;
  /** When main had the new sample ready (the sync starts then). */
  preparedAt?: number;
  error?: string;
}

/** The parts of the Demo's sync progress this view reads. */
export interface SyncSnapshot {
  phase: string;
  rows: number;
  resumedRows: number;
  total: number | null;
  rowsPerSecond: number;
  etaSeconds: number | null;
  error?: string;
}

/** The parts of the search index's status this view reads. */
export interface IndexSnapshot {
  state: string;
  rows: number;
}

export type DemoResetStage = 'preparing' | 'planning' | 'downloading' | 'indexing' | 'done' | 'stopped';

export interface DemoResetView {
  stage: DemoResetStage;
  /** "Preparing the sample", "Downloading", ... */
  label: string;
  /** Transactions done in this stage, of `total`. */
  rows: number;
  total: number;
  percent: number;
  /** Seconds left in this stage; null only once done or stopped. */
  etaSeconds: number | null;
  /** True while the time left is a prior guess (no rate measured yet in this stage). */
  estimated: boolean;
  error?: string;
}

/**
 * Rates assumed before a stage has measured its own (rows a second, measured on this app in
 * Chromium at 100k-1M rows on a shared 2-core machine): they only fill the first second or two.
 */
export const PRIOR_RATES = { preparing: 100_000, downloading: 6_000, indexing: 50_000 } as const;

/** A rate is trusted once a stage has run this long. */
const MEASURED_AFTER_MS = 1_000;

/** Seconds to do `left` more at the rate `done` took since `since`, or at `prior` before that is known. */
export function timeLeft(
  done: number,
  left: number,
  since: number,
  now: number,
  prior: number,
): { seconds: number; estimated: boolean } {
  const elapsed = now - since;
  const measured = elapsed >= MEASURED_AFTER_MS && done > 0;
  const rate = measured ? (done * 1000) / elapsed : prior;
  return { seconds: Math.max(0, Math.ceil(left / rate)), estimated: !measured };
}

const BUSY_SYNC = new Set(['planning', 'entities', 'backfill', 'incremental', 'reconciling']);
/** Sync phases that come after the history's download: the rows are all in the cache. */
const AFTER_DOWNLOAD = new Set(['incremental', 'reconciling']);

const pct = (done: number, total: number) => (total <= 0 ? 100 : Math.min(100, Math.floor((100 * done) / total)));

export function demoResetView(
  run: DemoResetRun,
  sync: SyncSnapshot | undefined,
  index: IndexSnapshot | null,
  now: number,
): DemoResetView {
  const expected = sync?.total ?? run.transactions;
  if (run.error)
    return {
      stage: 'stopped',
      label: 'The Demo could not be reset',
      rows: 0,
      total: run.transactions,
      percent: 0,
      etaSeconds: null,
      estimated: false,
      error: run.error,
    };
  if (run.preparedAt === undefined) {
    const prep = run.prep ?? { done: 0, total: 2 * run.transactions };
    const rows = Math.floor((prep.done / Math.max(1, prep.total)) * run.transactions);
    const left = timeLeft(rows, run.transactions - rows, run.startedAt, now, PRIOR_RATES.preparing);
    return {
      stage: 'preparing',
      label: 'Preparing the sample',
      rows,
      total: run.transactions,
      percent: pct(prep.done, prep.total),
      etaSeconds: left.seconds,
      estimated: left.estimated,
    };
  }
  if (sync && (sync.phase === 'error' || sync.phase === 'canceled')) {
    return {
      stage: 'stopped',
      label: 'The download stopped',
      rows: sync.resumedRows + sync.rows,
      total: expected,
      percent: pct(sync.resumedRows + sync.rows, expected),
      etaSeconds: null,
      estimated: false,
      ...(sync.error ? { error: sync.error } : {}),
    };
  }
  const fetched = sync ? Math.min(expected, sync.resumedRows + sync.rows) : 0;
  // Once every row is in the cache the sync only re-reads recent days, and what the person waits
  // for is the index: it gets its own stage, rows and time left (not "Downloading 100%, 0 s left").
  const downloaded = !!sync && (AFTER_DOWNLOAD.has(sync.phase) || (sync.phase === 'backfill' && fetched >= expected));
  if (!sync || ((BUSY_SYNC.has(sync.phase) || sync.phase === 'idle') && !downloaded)) {
    const rows = fetched;
    const downloading = !!sync && sync.phase !== 'planning' && sync.phase !== 'idle' && rows > 0;
    const measured = downloading && sync.etaSeconds !== null && sync.rowsPerSecond > 0;
    const guess = timeLeft(0, expected - rows, now, now, PRIOR_RATES.downloading);
    return {
      stage: downloading ? 'downloading' : 'planning',
      label: downloading ? 'Downloading the history' : 'Planning the download',
      rows,
      total: expected,
      percent: pct(rows, expected),
      etaSeconds: measured ? sync.etaSeconds : guess.seconds,
      estimated: !measured,
    };
  }
  const indexed = Math.min(expected, index?.rows ?? 0);
  if (indexed < expected || index?.state !== 'ready' || downloaded) {
    // The index absorbs rows as they arrive: its rate since the download began.
    const left = timeLeft(indexed, expected - indexed, run.preparedAt, now, PRIOR_RATES.indexing);
    // Every row indexed while the sync still re-reads the last days: say so, not "Indexing 100%".
    const label = downloaded && indexed >= expected ? 'Checking for recent changes' : 'Indexing for search';
    return {
      stage: 'indexing',
      label,
      rows: indexed,
      total: expected,
      percent: pct(indexed, expected),
      etaSeconds: left.seconds,
      estimated: left.estimated,
    };
  }
  return {
    stage: 'done',
    label: 'Searchable',
    rows: expected,
    total: expected,
    percent: 100,
    etaSeconds: null,
    estimated: false,
  };
}

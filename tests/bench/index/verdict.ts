/**
 * bench:index's verdict: the index complete first (every distinct row of the cache in it, the
 * cache holding every row of the service once), what the cold open painted right (the newest rows
 * and every answer as the reference has them), then within the targets. Pure
 * (tests/unit/index-verdict.test.ts shows it failing).
 */
import type { WrongPaint } from '../shared/painted-results';

export const INDEX_TARGETS = {
  /** Rebuilding the index from the cache, through the app's worker. */
  rebuildMs: 15_000,
  /** A cold open in a new browser process: from navigation to the newest 100 rows painted. */
  newestMs: 300,
  /** A cold open: from navigation to the answer of a word typed meanwhile painted. */
  readyMs: 1_000,
  /** Window + worker live heap after a forced GC, at steady state. */
  steadyBytes: 400 * 1024 * 1024,
} as const;

export interface IndexRun {
  /** Rows the service holds. */
  expectedRows: number;
  /** The cache's own census: distinct ids, and rows in all the chunks. */
  census: { distinct: number; rows: number };
  /** What the index answered to the empty query after the rebuild. */
  rebuiltCount: number;
  /** Where the cold open's index came from ('storage' unless the save was lost), as the screen says. */
  reopenedFrom: string | undefined;
  rebuildMs: number;
  newestMs: number;
  /** The newest rows the cold open painted, and the reference's newest as many (ids, newest first). */
  newestIds: readonly string[];
  referenceNewestIds: readonly string[];
  readyMs: number;
  /** Results the cold open painted (the empty search, the word) that disagree with the reference. */
  wrongAnswers: readonly WrongPaint[];
  /** Results it painted: at least the word's. */
  answersChecked: number;
  /** Window + worker after a forced GC, by moment ('after rebuild', 'after cold open'). */
  steadyBytes: Record<string, number>;
}

export interface IndexVerdict {
  failures: string[];
  exitCode: 0 | 1;
}

const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;

export function judgeIndex(run: IndexRun, targets: typeof INDEX_TARGETS = INDEX_TARGETS): IndexVerdict {
  const failures: string[] = [];
  if (run.census.distinct !== run.expectedRows || run.census.rows !== run.expectedRows) {
    failures.push(
      `the cache holds ${run.census.rows} rows (${run.census.distinct} distinct) of the ${run.expectedRows} written`,
    );
  }
  if (run.rebuiltCount !== run.census.distinct)
    failures.push(`the rebuilt index answers ${run.rebuiltCount} rows of the ${run.census.distinct} cached`);
  if (run.reopenedFrom !== 'storage')
    failures.push(`the cold open did not load the saved index (${String(run.reopenedFrom)})`);
  const wantNewest = Math.min(100, run.expectedRows);
  if (run.newestIds.length !== wantNewest)
    failures.push(`the cold open painted ${run.newestIds.length} newest rows, not ${wantNewest}`);
  else if (run.newestIds.join() !== run.referenceNewestIds.slice(0, wantNewest).join())
    failures.push('the cold open painted other rows than the newest 100 (by the reference)');
  if (run.answersChecked === 0) failures.push('the cold open painted no answer to check');
  for (const w of run.wrongAnswers)
    failures.push(`the cold open painted "${w.answers}" wrong: ${w.problems.join('; ')}`);
  if (!(run.rebuildMs <= targets.rebuildMs))
    failures.push(`the rebuild took ${Math.round(run.rebuildMs)} ms, over ${targets.rebuildMs}`);
  if (!(run.newestMs <= targets.newestMs))
    failures.push(
      `the newest 100 rows were painted ${Math.round(run.newestMs)} ms after navigation, over ${targets.newestMs}`,
    );
  if (!(run.readyMs <= targets.readyMs))
    failures.push(
      `the word's answer was painted ${Math.round(run.readyMs)} ms after navigation, over ${targets.readyMs}`,
    );
  const moments = Object.entries(run.steadyBytes);
  if (moments.length === 0) failures.push('no steady-state memory was measured');
  for (const [moment, bytes] of moments) {
    if (!(bytes <= targets.steadyBytes))
      failures.push(`window + worker held ${mb(bytes)} ${moment} after a GC, over ${mb(targets.steadyBytes)}`);
  }
  return { failures, exitCode: failures.length > 0 ? 1 : 0 };
}

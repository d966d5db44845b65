/**
 * bench:demo's judgement, from what the bench saw on the screen: samples of the Demo reset's
 * progress taken every ~250 ms from the click on "Reset the Demo", the time the Transactions
 * screen's search showed every row, and the count the sandbox holds. Pure: the unit test feeds it
 * fabricated runs (tests/unit/demo-verdict.test.ts).
 */

export const TARGET_TOTAL_MS = 120_000;
/**
 * Samples (~250 ms apart) that may still say "Downloading … (100%)": the instant between the last
 * page written and the sync moving on. Longer, the screen hides the index catching up.
 */
export const FULL_DOWNLOAD_SAMPLES_ALLOWED = 4;

/** The stages the screen shows (data-stage on `.demo-progress`), in order. */
export const STAGES = ['preparing', 'planning', 'downloading', 'indexing', 'done'] as const;

export interface ScreenSample {
  /** ms since the click. */
  t: number;
  /** data-stage, or null when no progress was on screen. */
  stage: string | null;
  /** The progress line's text as shown. */
  text: string;
  /** The element was laid out (not hidden). */
  visible: boolean;
}

export interface DemoRun {
  rows: number;
  samples: ScreenSample[];
  /** ms from the click until the search on the Transactions screen counted `countOnScreen`; null when it never did. */
  searchableMs: number | null;
  countOnScreen: number | null;
  /** What the sandbox's world holds (counted there, not by the app). */
  worldCount: number;
  /** A typed search's count on screen and the sandbox's own answer for the same text. */
  typed: { text: string; onScreen: number | null; expected: number } | null;
}

/** Rows with a percentage ("12,345 of 1,000,000 transactions (1%)") and a time left ("about 40 s left"). */
export function sampleShows(s: ScreenSample): { progress: boolean; eta: boolean } {
  const progress = s.visible && /[\d,]+ of [\d,]+ transactions \(\d{1,3}%\)/.test(s.text);
  const eta = s.visible && /about [\d hminsec ]+ left/.test(s.text);
  return { progress, eta };
}

/** When each stage was first seen, and how long each lasted until the next one seen. */
export function timeline(run: DemoRun): Record<string, number | null> {
  const first = new Map<string, number>();
  for (const s of run.samples) if (s.stage && !first.has(s.stage)) first.set(s.stage, s.t);
  const startOf = (stage: (typeof STAGES)[number]): number | null =>
    stage === 'preparing' ? 0 : (first.get(stage) ?? null);
  const end = run.searchableMs;
  const out: Record<string, number | null> = {};
  const names: Record<string, string> = {
    preparing: 'seed_ms',
    planning: 'planning_ms',
    downloading: 'backfill_ms',
    indexing: 'index_catch_up_ms',
  };
  STAGES.slice(0, -1).forEach((stage, i) => {
    const from = startOf(stage);
    let to: number | null = null;
    for (const later of STAGES.slice(i + 1)) {
      const t = later === 'done' ? (first.get('done') ?? end) : startOf(later);
      if (t !== null && t !== undefined) {
        to = t;
        break;
      }
    }
    out[names[stage] as string] = from === null || to === null ? null : Math.max(0, Math.round(to - from));
  });
  out.total_ms = end === null ? null : Math.round(end);
  return out;
}

export interface DemoVerdict {
  exitCode: 0 | 1;
  failures: string[];
  samples: number;
  withoutProgress: number;
  withoutEta: number;
  /** Samples that said "Downloading" at 100% (while the index caught up, or the sync re-read recent days). */
  downloadingAtFull: number;
}

/** Fails when the reset took longer than the target, a sample before the end lacked progress or a time left, or a count was wrong. */
export function demoVerdict(run: DemoRun, targetMs = TARGET_TOTAL_MS): DemoVerdict {
  const failures: string[] = [];
  // Until the screen said "searchable": after that nothing is left to show progress for.
  const during = run.samples.filter((s) => s.stage !== 'done');
  let withoutProgress = 0;
  let withoutEta = 0;
  let downloadingAtFull = 0;
  for (const s of during) {
    const shows = sampleShows(s);
    if (!shows.progress) withoutProgress++;
    if (!shows.eta) withoutEta++;
    if (s.stage === 'downloading' && /\(100%\)/.test(s.text)) downloadingAtFull++;
  }
  if (during.length === 0) failures.push('no sample of the screen was taken during the reset');
  if (withoutProgress > 0) failures.push(`${withoutProgress} of ${during.length} samples showed no rows and percent`);
  if (withoutEta > 0) failures.push(`${withoutEta} of ${during.length} samples showed no time left`);
  if (downloadingAtFull > FULL_DOWNLOAD_SAMPLES_ALLOWED)
    failures.push(
      `${downloadingAtFull} samples said the download was at 100% instead of what was left to do (the index catching up)`,
    );
  if (run.searchableMs === null) failures.push('the search never counted every transaction');
  else if (run.searchableMs > targetMs)
    failures.push(`reset to searchable took ${Math.round(run.searchableMs)} ms (target ${targetMs} ms)`);
  if (run.countOnScreen !== run.worldCount)
    failures.push(`the search counted ${run.countOnScreen ?? 'nothing'}; the sandbox holds ${run.worldCount}`);
  if (run.worldCount !== run.rows)
    failures.push(`the sandbox holds ${run.worldCount} transactions; ${run.rows} were asked for`);
  if (run.typed && run.typed.onScreen !== run.typed.expected)
    failures.push(
      `"${run.typed.text}" counted ${run.typed.onScreen ?? 'nothing'} on screen; the sandbox's answer is ${run.typed.expected}`,
    );
  return {
    exitCode: failures.length ? 1 : 0,
    failures,
    samples: during.length,
    withoutProgress,
    withoutEta,
    downloadingAtFull,
  };
}

import { percentiles } from '../shared/stats';
import type { Paint, WrongPaint } from '../shared/painted-results';

/** A measured keystroke: when it started, and the box's value after it. */
export interface TypedInput {
  /**
   * When the key started, ms on the page's clock: the earlier of the time the harness sent it and
   * its keydown's `timeStamp` (the browser's own stamp of the key).
   */
  t: number;
  value: string;
  /** Measured keystroke (false: the clear between queries, a warm-up). */
  measured: boolean;
}

export interface KeystrokeLatencies {
  /** Each measured keystroke: its text, ms to its paint, and whether it was superseded instead. */
  keys: { value: string; ms: number; painted: boolean }[];
  /** Keystroke to painted result, ms; a keystroke superseded before its result painted counts the time to the next key (a lower bound). */
  ms: number[];
  /** Keystrokes whose result never painted before the next key. */
  superseded: number;
  /** Keystrokes whose result never painted at all (the last of a query that never answered). */
  missing: number;
  /** Results committed for a text other than the box's value at that moment: a stale answer painted. */
  stalePaints: number;
}

/** Pairs each measured keystroke with the first paint of its own answer before the next keystroke. */
export function keystrokeLatencies(inputs: readonly TypedInput[], paints: readonly Paint[]): KeystrokeLatencies {
  const out: KeystrokeLatencies = {
    keys: [],
    ms: [],
    superseded: 0,
    missing: 0,
    stalePaints: paints.filter((p) => p.answers !== p.value).length,
  };
  inputs.forEach((input, i) => {
    if (!input.measured) return;
    const next = inputs[i + 1];
    const paint = paints.find(
      (p) => p.t >= input.t && (next === undefined || p.t < next.t) && p.answers === input.value,
    );
    const ms = paint ? paint.t - input.t : next ? next.t - input.t : Number.POSITIVE_INFINITY;
    if (!paint) {
      if (next) out.superseded++;
      else out.missing++;
    }
    out.ms.push(ms);
    out.keys.push({ value: input.value, ms, painted: paint !== undefined });
  });
  return out;
}

export interface TypingRun {
  rows: number;
  latencies: KeystrokeLatencies;
}

/** A query typed to reach rows in old chunks, and where its whole text's first match stands (0: the newest row). */
export interface OldQuery {
  text: string;
  firstMatchRank: number | null;
}

export interface TypingEvidence {
  runs: readonly TypingRun[];
  /** Painted results that disagree with the reference (every paint of the run is checked). */
  wrong: readonly WrongPaint[];
  /** Paints checked: none checked is no pass. */
  paintsChecked: number;
  oldQueries: readonly OldQuery[];
  /** Rows newer than this rank are not old: an old query's first match must be at it or beyond. */
  oldFromRank: number;
  /** Failures of the renderer process's memory (process-memory-verdict.ts). */
  memory: readonly string[];
}

export const TARGET_P95_MS = 50;

/**
 * Exit 1 when any size misses the p95 target, painted a stale or a wrong answer, left a keystroke
 * unanswered, typed no query that reaches old rows, or the renderer's memory missed its targets.
 */
export function typingVerdict(e: TypingEvidence, targetMs = TARGET_P95_MS): { exitCode: 0 | 1; failures: string[] } {
  const failures: string[] = [];
  if (e.runs.length === 0) failures.push('nothing was measured');
  for (const r of e.runs) {
    const l = r.latencies;
    if (l.ms.length === 0) failures.push(`${r.rows} rows: no keystroke measured`);
    const p = percentiles(l.ms);
    if (!(p.p95 <= targetMs)) failures.push(`${r.rows} rows: keystroke-to-paint p95 ${p.p95} ms > ${targetMs} ms`);
    if (l.stalePaints > 0) failures.push(`${r.rows} rows: ${l.stalePaints} stale result(s) painted`);
    if (l.missing > 0) failures.push(`${r.rows} rows: ${l.missing} keystroke(s) never answered`);
  }
  if (e.paintsChecked === 0) failures.push('no painted result was checked against the reference');
  for (const w of e.wrong.slice(0, 5)) failures.push(`"${w.answers}" painted wrong: ${w.problems.join('; ')}`);
  if (e.wrong.length > 5) failures.push(`${e.wrong.length - 5} more wrong paints`);
  if (e.oldQueries.length === 0) failures.push('no query reached old rows');
  for (const q of e.oldQueries) {
    if (q.firstMatchRank === null || q.firstMatchRank < e.oldFromRank)
      failures.push(
        `"${q.text}" was to find only old rows, but its first match is row ${String(q.firstMatchRank)} (old: from ${e.oldFromRank})`,
      );
  }
  failures.push(...e.memory);
  return { exitCode: failures.length ? 1 : 0, failures };
}

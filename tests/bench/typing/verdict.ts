import { percentiles } from '../shared/stats';

/** What the page saw: each input event of the search box and each new result painted. */
export interface TypedInput {
  /** event.timeStamp (ms since the page's time origin). */
  t: number;
  value: string;
  /** Measured keystroke (false: the clear between queries, a warm-up). */
  measured: boolean;
}

export interface Paint {
  /** performance.now() in the first animation frame after the commit that changed the result. */
  t: number;
  /** The search text the painted result answers (the summary's data-answers). */
  answers: string;
  /** The search box's value when that result was committed to the DOM. */
  value: string;
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
  const out: KeystrokeLatencies = { keys: [], ms: [], superseded: 0, missing: 0, stalePaints: paints.filter((p) => p.answers !== p.value).length };
  inputs.forEach((input, i) => {
    if (!input.measured) return;
    const next = inputs[i + 1];
    const paint = paints.find((p) => p.t >= input.t && (next === undefined || p.t < next.t) && p.answers === input.value);
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

export const TARGET_P95_MS = 50;

/** Exit 1 when any size misses the p95 target, painted a stale answer, or left a keystroke unanswered. */
export function typingVerdict(runs: readonly TypingRun[], targetMs = TARGET_P95_MS): { exitCode: 0 | 1; failures: string[] } {
  const failures: string[] = [];
  if (runs.length === 0) failures.push('nothing was measured');
  for (const r of runs) {
    const l = r.latencies;
    if (l.ms.length === 0) failures.push(`${r.rows} rows: no keystroke measured`);
    const p = percentiles(l.ms);
    if (!(p.p95 <= targetMs)) failures.push(`${r.rows} rows: keystroke-to-paint p95 ${p.p95} ms > ${targetMs} ms`);
    if (l.stalePaints > 0) failures.push(`${r.rows} rows: ${l.stalePaints} stale result(s) painted`);
    if (l.missing > 0) failures.push(`${r.rows} rows: ${l.missing} keystroke(s) never answered`);
  }
  return { exitCode: failures.length ? 1 : 0, failures };
}

/**
 * The axes of the app's charts: a value range around the data (not always from zero, so a
 * balance that moves by 10% is not a flat line at the top, yet never so tight that a fee fills the
 * chart: MIN_SPAN_SHARE), round ticks in cents, and date ticks on UTC days or months. Pure, so the
 * charts draw what the tests compute.
 */

export interface Scale {
  lo: number;
  hi: number;
  ticks: number[];
}

const NICE = [1, 2, 2.5, 5, 10];

/** The round step (1, 2, 2.5 or 5 times a power of ten, at least 1) that cuts `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  const raw = Math.max(span, 1) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = (NICE.find((n) => n * power >= raw) ?? 10) * power;
  return Math.max(1, Math.round(step));
}

/**
 * The least an axis spans, as a share of the largest amount it shows. The height of a chart reads
 * as a proportion: an axis fitted to the data draws a $250 fee on a $350,000 balance (0.07% of it)
 * as a drop from the top to the bottom, a cliff that is not there. With the span at least a fifth
 * of the balance, a change takes (change / (balance / 5)) of the height: the $250 fee 0.4% (a
 * flat line, as it is to a treasurer), an $18,250 transfer 26% (a clear step), and a balance that
 * halves still fills the chart, since a span wider than the minimum is left as the data make it.
 * A fifth is also what a flat series always got (a tenth of it either side), so one rule covers both.
 */
export const MIN_SPAN_SHARE = 0.2;
/** The least span at all, for amounts near zero: $2.00 (a dollar either side of a flat series). */
const MIN_SPAN_CENTS = 200;

/**
 * Widens [lo, hi] to MIN_SPAN_SHARE of the largest magnitude, evenly about the data (the line sits
 * in the middle), but never across zero where the data do not cross it: a positive balance is not
 * drawn over a negative axis, the extra goes above instead.
 */
function widened(lo: number, hi: number): [number, number] {
  const need = Math.max(MIN_SPAN_CENTS, MIN_SPAN_SHARE * Math.max(Math.abs(lo), Math.abs(hi))) - (hi - lo);
  if (need <= 0) return [lo, hi];
  let a = lo - need / 2;
  let b = hi + need / 2;
  if (lo >= 0 && a < 0) [a, b] = [0, b - a];
  else if (hi <= 0 && b > 0) [a, b] = [a - b, 0];
  return [a, b];
}

/**
 * A value axis around `values` (cents): from a round tick at or below the lowest to one at or
 * above the highest, with about `count` ticks between, spanning at least MIN_SPAN_SHARE of the
 * largest amount. Zero is inside only when the data reach it, the minimum span does, or
 * `withZero` asks (a bar chart of spend starts at zero; a balance does not).
 */
export function valueScale(values: readonly number[], count = 4, withZero = false): Scale {
  const finite = values.filter(Number.isFinite);
  let lo = finite.length ? Math.min(...finite) : 0;
  let hi = finite.length ? Math.max(...finite) : 0;
  if (withZero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  [lo, hi] = widened(lo, hi);
  const step = niceStep(hi - lo, count);
  const first = Math.floor(lo / step) * step;
  const last = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let t = first; t <= last; t += step) ticks.push(t);
  return { lo: first, hi: last, ticks };
}

const DAY_MS = 86_400_000;
const DAY_STEPS = [1, 2, 7, 14];

/**
 * Date ticks between two instants: whole UTC days (every 1, 2, 7 or 14 days) when the range is
 * short enough for about `count` of them, otherwise the first day of every month, 2, 3, 6 or 12
 * months. `unit` says which, so the labels can be written as days or months.
 */
export function timeTicks(fromMs: number, toMs: number, count = 5): { unit: 'day' | 'month'; ticks: number[] } {
  const days = Math.max(1, (toMs - fromMs) / DAY_MS);
  const dayStep = DAY_STEPS.find((s) => days / s <= count);
  if (dayStep !== undefined) {
    const ticks: number[] = [];
    const start = Math.ceil(fromMs / DAY_MS) * DAY_MS;
    for (let t = start; t <= toMs; t += dayStep * DAY_MS) ticks.push(t);
    return { unit: 'day', ticks };
  }
  const from = new Date(fromMs);
  const months =
    (new Date(toMs).getUTCFullYear() - from.getUTCFullYear()) * 12 + new Date(toMs).getUTCMonth() - from.getUTCMonth();
  const monthStep = [1, 2, 3, 6, 12].find((s) => months / s <= count) ?? Math.ceil(months / count / 12) * 12;
  const ticks: number[] = [];
  const y = from.getUTCFullYear();
  let m = from.getUTCMonth();
  // Steps land on months divisible by the step (Jan, Apr, Jul, Oct for 3), as a calendar reads.
  while (m % monthStep !== 0 && monthStep <= 12) m++;
  for (;;) {
    const t = Date.UTC(y + Math.floor(m / 12), m % 12, 1);
    if (t > toMs) break;
    if (t >= fromMs) ticks.push(t);
    m += monthStep;
  }
  return { unit: 'month', ticks };
}

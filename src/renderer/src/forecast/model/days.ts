/** UTC calendar arithmetic for the dashboard: days and months as the service dates them (UTC). */

export const DAY_MS = 86_400_000;

/** Midnight UTC of the day holding `ms`. */
export function utcDayStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** Midnight UTC of the first day of the month holding `ms`, moved by `months` (-1: the month before). */
export function utcMonthStart(ms: number, months = 0): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
}

/** "2026-11-24": the UTC day of `ms`, as a date input and the table write it. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * This month and the whole month before, in UTC, from the clock passed in, as [from, to) bounds
 * for the spend comparison. This month runs to its end: nothing is dated later than now, and the
 * figure does not then depend on the time of day.
 */
export function monthWindows(now: number): {
  thisMonth: { fromMs: number; toMs: number };
  lastMonth: { fromMs: number; toMs: number };
} {
  const start = utcMonthStart(now);
  return {
    thisMonth: { fromMs: start, toMs: utcMonthStart(now, 1) },
    lastMonth: { fromMs: utcMonthStart(now, -1), toMs: start },
  };
}

/**
 * How long a screen's clock waits before it reads the time again: a coarse tick (so "due now"
 * and "scheduled" sort themselves as times pass), and never past the next UTC midnight (so day 0,
 * the months and the limits' periods turn over on time). At least 1 ms: never a busy loop.
 */
export function nextClockDelay(now: number, tickMs: number): number {
  const toMidnight = utcDayStart(now) + DAY_MS - now;
  return Math.max(1, Math.min(tickMs, toMidnight));
}

/**
 * When a flat-fee commission rule collects (docs/service.md, "Virtual accounts and commission rules": a
 * monthly rule collects again on the same day of each following month, a yearly one a year later). One module
 * for the sandbox that collects, the account screen that shows the next collection and the
 * forecast that projects them, so the three can never disagree on a date.
 */

export type CommissionFrequency = 'monthly' | 'yearly';

/**
 * Adds calendar months in UTC, keeping the time of day. A day that the target month lacks is
 * clamped to its last day (Jan 31 + 1 month = Feb 28 or 29), and the clamp never carries into
 * later months: each due date is computed from the start, so Jan 31 + 2 months is Mar 31.
 */
export function addMonthsUtc(ms: number, months: number): number {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/** The instant of collection number `k` (0 = the start date itself). */
export function commissionDueMs(rule: { startDate: string; frequency: CommissionFrequency }, k: number): number {
  const start = Date.parse(rule.startDate);
  return addMonthsUtc(start, rule.frequency === 'monthly' ? k : 12 * k);
}

/**
 * Every collection at or after `fromMs` and before `toMs`, in order. A rule set with a start in
 * the past collects from its next anniversary on (the sandbox never takes back payments), which
 * is exactly the first due date not before `fromMs` when `fromMs` is the moment it was set.
 */
export function commissionDatesBetween(
  rule: { startDate: string; frequency: CommissionFrequency },
  fromMs: number,
  toMs: number,
): number[] {
  const start = Date.parse(rule.startDate);
  if (!Number.isFinite(start) || toMs <= fromMs) return [];
  const step = rule.frequency === 'monthly' ? 1 : 12;
  // Skip whole periods cheaply, then walk: due dates are monotonic in k.
  let k = Math.max(0, Math.floor((fromMs - start) / (step * 31 * 86_400_000)) - 1);
  while (commissionDueMs(rule, k) < fromMs) k++;
  const out: number[] = [];
  for (let due = commissionDueMs(rule, k); due < toMs; due = commissionDueMs(rule, ++k)) out.push(due);
  return out;
}

/** The next collection at or after `nowMs` (undefined when the start date cannot be read). */
export function nextCommissionMs(
  rule: { startDate: string; frequency: CommissionFrequency },
  nowMs: number,
): number | undefined {
  const start = Date.parse(rule.startDate);
  if (!Number.isFinite(start)) return undefined;
  let k = Math.max(0, Math.floor((nowMs - start) / ((rule.frequency === 'monthly' ? 1 : 12) * 31 * 86_400_000)) - 1);
  while (commissionDueMs(rule, k) < nowMs) k++;
  return commissionDueMs(rule, k);
}

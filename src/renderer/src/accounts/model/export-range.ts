/**
 * The date range of an account export: whole UTC days, both ends included. UTC because the
 * service dates transactions in UTC and the OFX file states its times in GMT; a range read in the
 * person's zone would move rows across a month's edge depending on where the export ran.
 */

export interface ExportRange {
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD */
  to: string;
}

export interface RangeProblems {
  from?: string;
  to?: string;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The last full calendar month (UTC) before `nowMs`: in March, the whole of February. */
export function lastFullMonth(nowMs: number): ExportRange {
  const now = new Date(nowMs);
  const firstOfThisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const lastOfPrevious = firstOfThisMonth - DAY_MS;
  const d = new Date(lastOfPrevious);
  return { from: isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)), to: isoDay(lastOfPrevious) };
}

/** Midnight UTC of a YYYY-MM-DD day, or null when it is not a real calendar day (2026-02-30). */
export function dayStartMs(day: string): number | null {
  const m = ISO_DAY.exec(day);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return isoDay(ms) === day ? ms : null;
}

/** What is wrong with each end of a range, beside its field; empty when it can be exported. */
export function rangeProblems(range: ExportRange): RangeProblems {
  const problems: RangeProblems = {};
  const from = dayStartMs(range.from);
  const to = dayStartMs(range.to);
  if (range.from.trim() === '') problems.from = 'Enter the first day to export.';
  else if (from === null) problems.from = 'Enter a real date as YYYY-MM-DD.';
  if (range.to.trim() === '') problems.to = 'Enter the last day to export.';
  else if (to === null) problems.to = 'Enter a real date as YYYY-MM-DD.';
  if (from !== null && to !== null && from > to)
    problems.to = 'The last day is before the first day: pick a later one, or an earlier first day.';
  return problems;
}

/** The range as search bounds: from the first millisecond of `from` to the last of `to`. Null when it has a problem. */
export function rangeBoundsMs(range: ExportRange): { fromMs: number; toMs: number } | null {
  const from = dayStartMs(range.from);
  const to = dayStartMs(range.to);
  if (from === null || to === null || from > to) return null;
  return { fromMs: from, toMs: to + DAY_MS - 1 };
}

/** The file name an export suggests: "Operating-2026-02-01-to-2026-02-28.ofx", only characters every file system takes. */
export function exportFileName(accountName: string, range: ExportRange, extension: string): string {
  const stem =
    accountName
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 80) || 'account';
  return `${stem}-${range.from}-to-${range.to}.${extension}`;
}

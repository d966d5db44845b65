/**
 * A reference for calendar days in IANA time zones, written apart from src/shared/spending so that
 * the app's and the sandbox's periods can be checked against something that does not share their
 * reading. Days are numbered (days since 1970-01-01, proleptic Gregorian, by the civil-from-days
 * arithmetic, not by Date), the local day of an instant is what Intl prints there, and the start
 * of a local day is found by searching instants: the first instant Intl prints on that day or
 * later. So a day whose midnight a clock change skips starts when it really starts (01:00 in
 * America/Havana on 2025-03-09), and 23- and 25-hour days fall out by themselves.
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of year `y`, month `m` (1-12), day `d`. */
export function dayNumber(y: number, m: number, d: number): number {
  // Years counted from March, so the leap day is the last day of the counted year.
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yearOfEra = yy - era * 400;
  const monthFromMarch = (m + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The [year, month, day] of a day number. */
export function civil(n: number): [number, number, number] {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const d = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const m = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return [m <= 2 ? yearOfEra + era * 400 + 1 : yearOfEra + era * 400, m, d];
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function monthLength(y: number, m: number): number {
  return [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] as number;
}

/** 0 for Monday ... 6 for Sunday (1970-01-01, day 0, was a Thursday). */
export function mondayIndex(n: number): number {
  return (((n + 3) % 7) + 7) % 7;
}

export function dayText(n: number): string {
  const [y, m, d] = civil(n);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function parseDayText(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a YYYY-MM-DD day: ${text}`);
  return dayNumber(Number(m[1]), Number(m[2]), Number(m[3]));
}

const printers = new Map<string, Intl.DateTimeFormat>();

/** Year, month and day as Intl prints them in `timeZone` (Gregorian, Latin digits). */
function printed(
  ms: number,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number } {
  let p = printers.get(timeZone);
  if (!p) {
    p = new Intl.DateTimeFormat('en-GB-u-ca-gregory-nu-latn', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    printers.set(timeZone, p);
  }
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of p.formatToParts(ms)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  return out;
}

/** The local day number of an instant in `timeZone`. */
export function localDay(ms: number, timeZone: string): number {
  const p = printed(ms, timeZone);
  return dayNumber(p.year, p.month, p.day);
}

/** "HH:MM" of the local wall clock at `ms`. */
export function localClock(ms: number, timeZone: string): string {
  const p = printed(ms, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/**
 * The first instant whose local day in `timeZone` is `day` or later: when day `day` begins there.
 * Every zone's offset lies within a day of UTC, so two days either side bracket the answer; the
 * local day never goes backwards as instants go forward (checked over 2015-2030 for every zone
 * the runtime knows), so halving the bracket finds the first instant to the millisecond.
 */
export function localDayStart(day: number, timeZone: string): number {
  let before = day * DAY_MS - 2 * DAY_MS;
  let from = day * DAY_MS + 2 * DAY_MS;
  while (from - before > 1) {
    const mid = before + Math.floor((from - before) / 2);
    if (localDay(mid, timeZone) >= day) from = mid;
    else before = mid;
  }
  return from;
}

/** Whether the wall clock skips local midnight when `day` begins (the day starts after 00:00). */
export function midnightSkipped(day: number, timeZone: string): boolean {
  return localClock(localDayStart(day, timeZone), timeZone) !== '00:00';
}

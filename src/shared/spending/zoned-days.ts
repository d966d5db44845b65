/**
 * Calendar days (YYYY-MM-DD strings) and the instants their local midnights fall on in an IANA
 * time zone. Spending limits reset at midnight of the limit's zone, so periods are computed on
 * local days first and only then turned into instants.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** How far the zone's wall clock is ahead of UTC at `ms` (negative west of Greenwich). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

export function parseDay(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function utcMidnight(day: string): number {
  const [y, m, d] = parseDay(day);
  return Date.UTC(y, m - 1, d);
}

const DAY_MS = 86_400_000;

/**
 * The instant day `day` begins in `timeZone`: its local midnight, the first one when a clock
 * change lives midnight twice, and when a clock change skips midnight (America/Havana on
 * 2025-03-09 goes from 23:59:59 to 01:00) the instant the clock jumps, when the zone's day begins.
 */
export function startOfDayIn(day: string, timeZone = 'UTC'): number {
  const wall = utcMidnight(day);
  // Midnight lies within 14 hours of the wall time read as UTC, so the offsets a day either side
  // are those in force before and after any clock change near it.
  const before = zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = zoneOffsetMs(wall + DAY_MS, timeZone);
  const real = [wall - before, wall - after].filter((at) => at + zoneOffsetMs(at, timeZone) === wall);
  if (real.length) return Math.min(...real);
  // No instant reads 00:00: the clock jumped over it. The day begins at the jump, which lies
  // between the instants midnight would be at under the offset after it and the one before it.
  return firstInstantWithOffset(wall - after, wall - before, after, timeZone);
}

/** The first whole second in (`from`, `to`] where `timeZone` has `offset`, given it has it at `to` and not at `from`. */
function firstInstantWithOffset(from: number, to: number, offset: number, timeZone: string): number {
  let lo = Math.floor(from / 1000);
  let hi = Math.ceil(to / 1000);
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (zoneOffsetMs(mid * 1000, timeZone) === offset) hi = mid;
    else lo = mid;
  }
  return hi * 1000;
}

export function addDays(day: string, n: number): string {
  return formatDay(utcMidnight(day) + n * 86_400_000);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / 86_400_000);
}

/** 0 = Monday ... 6 = Sunday (weeks start on Monday). */
export function weekdayOf(day: string): number {
  return (new Date(utcMidnight(day)).getUTCDay() + 6) % 7;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The day numbered `dayOfMonth` in the given month (1-based), clamped to the month's length, so
 * a limit anchored on the 31st resets on the 30th in April and on the 28th or 29th in February.
 */
export function clampedDay(year: number, month: number, dayOfMonth: number): string {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  const d = Math.min(dayOfMonth, daysInMonth(y, m));
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The calendar day (YYYY-MM-DD) of an instant in an IANA time zone. */
export function dayIn(ms: number, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

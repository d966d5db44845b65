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

/** The instant local midnight of `day` falls on in `timeZone`. */
export function startOfDayIn(day: string, timeZone = 'UTC'): number {
  const wall = utcMidnight(day);
  // Two passes: the offset at the guess may differ from the offset at the answer across a DST change.
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
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

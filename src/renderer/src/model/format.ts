import { formatUsd } from '../../../shared/money';

/**
 * How the app writes money, dates and counts: one module, so every screen writes a date the same
 * way. Dates follow the person's locale through Intl (its order, month names and separators); the
 * service's days and times are UTC, so they are shown in UTC and say so where a time is shown.
 */

/** "-$1,234.56" / "$12.00": a sign, a dollar sign, grouping; from integer cents only (written once, in src/shared/money.ts). */
export const money = formatUsd;

/**
 * The locale dates are written in: undefined is the runtime's own (the window's language), which
 * is the person's. Only tests name one, so that what they read does not depend on the machine.
 */
let locale: string | undefined;

export function setDateLocale(next: string | undefined): void {
  locale = next;
  formatters.clear();
}

// Building an Intl formatter costs far more than using one, and a list formats a date per row.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

const DAY: Intl.DateTimeFormatOptions = { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' };
const MONTH: Intl.DateTimeFormatOptions = { timeZone: 'UTC', year: 'numeric', month: 'short' };
const MONTH_NAME: Intl.DateTimeFormatOptions = { timeZone: 'UTC', year: 'numeric', month: 'long' };
const SHORT_DAY: Intl.DateTimeFormatOptions = { timeZone: 'UTC', month: 'short', day: 'numeric' };

/** The UTC calendar day of an instant ("Nov 25, 2026" in English): the service's days are UTC. */
export function dayOf(ms: number): string {
  return Number.isFinite(ms) ? formatter('day', DAY).format(ms) : '';
}

/** The UTC day of an ISO date or date-time the service sent; the text itself when it is not one. */
export function day(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : dayOf(ms);
}

/** "Nov 25" (no year): a chart's axis, where the year is said once beside it. */
export function shortDayOf(ms: number): string {
  return formatter('short-day', SHORT_DAY).format(ms);
}

/** "November 2026": the UTC month of an instant, in a label. */
export function monthNameOf(ms: number): string {
  return formatter('month-name', MONTH_NAME).format(ms);
}

/** "Nov 2026": a month on a chart's axis. */
export function monthOf(ms: number): string {
  return formatter('month', MONTH).format(ms);
}

/** A date and time the service sent, in UTC and saying so ("Nov 25, 2026, 2:19 AM UTC"). */
export function dateTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${formatter('date-time', DATE_TIME).format(ms)} UTC`;
}

/**
 * A date the service sent that may be a whole day ("2026-03-01", or midnight UTC): the day alone,
 * as "Mar 1, 2026", never with a "12:00 AM" nobody chose; any other instant with its time.
 */
export function dayOrDateTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return ms % 86_400_000 === 0 ? dayOf(ms) : dateTime(iso);
}

// The person's own clock and zone: when someone asked or approved is a moment of their working day.
const LOCAL_TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
const LOCAL_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const LOCAL_DAY_YEAR: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

const localDay = (ms: number) => {
  const d = new Date(ms);
  return { y: d.getFullYear(), key: `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}` };
};

/**
 * When a person did something, on their clock: "10:42 AM" today, "Nov 27, 10:42 AM" another
 * day, with the year when it is not this year's.
 */
export function timeOfDay(ms: number, now: number = Date.now()): string {
  if (!Number.isFinite(ms)) return '';
  const time = formatter('local-time', LOCAL_TIME).format(ms);
  const at = localDay(ms);
  const today = localDay(now);
  if (at.key === today.key) return time;
  return `${formatter(at.y === today.y ? 'local-day' : 'local-day-year', at.y === today.y ? LOCAL_DAY : LOCAL_DAY_YEAR).format(ms)}, ${time}`;
}

/** "3 minutes ago", "just now": how fresh cached data is. */
export function ago(ms: number, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} minute${m === 1 ? '' : 's'} ago`;
  const h = Math.round(m / 60);
  if (h < 36) return `${h} hour${h === 1 ? '' : 's'} ago`;
  const d = Math.round(h / 24);
  return `${d} day${d === 1 ? '' : 's'} ago`;
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** "812 bytes", "4.2 KB", "1.3 MB", "2.1 GB": sizes on disk, in decimal units as file managers show them. */
export function bytes(n: number): string {
  if (n < 1000) return `${count(n)} byte${n === 1 ? '' : 's'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1000;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v.toLocaleString('en-US', { maximumFractionDigits: v < 10 ? 1 : 0 })} ${units[i]}`;
}

/** "1 min 20 s", "12 s". */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m} min ${seconds % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/**
 * A code the service sends, in words when no domain's word list knows it: "card_closed" ->
 * "Card closed". Each domain names its own codes (transaction-words.ts, cards/model/words.ts);
 * this is what a code nobody listed yet reads as, never the code itself.
 */
export function codeWords(code: string): string {
  const spaced = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return spaced ? spaced[0]?.toUpperCase() + spaced.slice(1) : code;
}

/**
 * An instant given by a person or a test: ISO 8601 with an offset or Z (a bare date is midnight
 * UTC), or unix milliseconds. A local time without an offset is refused, since its meaning
 * would depend on the machine's time zone. Returns undefined when the text is neither.
 */
export function parseInstant(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d{1,15}$/.test(trimmed)) return Number(trimmed);
  const isoWithZone = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
  if (!isoWithZone.test(trimmed)) return undefined;
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? undefined : ms;
}

const DAY_MS = 86_400_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));
let cachedDay = Number.NaN;
let cachedPrefix = '';

/**
 * An instant as the service writes it: ISO 8601 in UTC with milliseconds. The day's part is
 * kept from the last call (a seed writes a million instants in date order: one Date per day
 * instead of one per instant); the result is exactly `toISOString()`'s.
 */
export function iso(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= 253_402_300_800_000) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = ms - day * DAY_MS;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  return `${cachedPrefix}${pad2(h)}:${pad2(m)}:${pad2(s)}.${pad3(rest - s * 1000)}Z`;
}

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

/** An instant as the service writes it: ISO 8601 in UTC with milliseconds. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Keeps the API key out of everything an error carries. Errors end up in logs, IPC replies and
 * crash reports, so every string that reaches a ServiceError goes through here first, and raw
 * errors from fetch/undici are never attached as they are (their causes can hold request state).
 */

const REDACTED = '[redacted]';

export type Scrub = (text: string) => string;

/** A scrubber for one secret (an empty or very short secret would redact noise; skip it). */
export function scrubberFor(secret: string | undefined): Scrub {
  if (!secret || secret.length < 4) return (text) => text;
  return (text) => (text.includes(secret) ? text.split(secret).join(REDACTED) : text);
}

/**
 * Redacts anything shaped like a full card number (12 to 19 digits, spaces or dashes allowed
 * between them) from a text. The reveal path runs its errors through this as well as the key
 * scrubber: it is reading a number, and no error it raises may carry one.
 */
export function scrubCardNumbers(text: string): string {
  return text.replace(/\d(?:[ -]?\d){11,18}/g, REDACTED);
}

/** Deep copy of JSON-like data with every string scrubbed (for error bodies sent by a server). */
export function scrubDeep<T>(value: T, scrub: Scrub): T {
  return walk(value, scrub, 0) as T;
}

function walk(value: unknown, scrub: Scrub, depth: number): unknown {
  if (typeof value === 'string') return scrub(value);
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => walk(v, scrub, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[scrub(k)] = walk(v, scrub, depth + 1);
  return out;
}

/** The error code of a Node/undici failure, looking through `cause` and AggregateError. */
export function errorCode(error: unknown, depth = 0): string | undefined {
  if (depth > 4 || typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') return e.code;
  if (Array.isArray(e.errors) && e.errors.length > 0) {
    const inner = errorCode(e.errors[0], depth + 1);
    if (inner) return inner;
  }
  return errorCode(e.cause, depth + 1);
}

/** The innermost message of a failure (undici wraps the useful one in `cause`). */
function innermostMessage(error: unknown, depth = 0): string | undefined {
  if (depth > 4 || typeof error !== 'object' || error === null) return undefined;
  const e = error as { message?: unknown; cause?: unknown };
  return innermostMessage(e.cause, depth + 1) ?? (typeof e.message === 'string' ? e.message : undefined);
}

/**
 * A replacement cause: a fresh Error with only the code and the scrubbed innermost message, so
 * `util.inspect(error)` stays useful for debugging without carrying sockets, headers or the key.
 */
export function sanitizedCause(error: unknown, scrub: Scrub): Error {
  const code = errorCode(error);
  const message = scrub(innermostMessage(error) ?? 'unknown failure').slice(0, 300);
  const cause = new Error(code && !message.includes(code) ? `${code}: ${message}` : message);
  cause.name = 'CauseSummary';
  if (code) Object.assign(cause, { code });
  return cause;
}

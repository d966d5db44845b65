import type { ServiceError } from './service-error';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  random: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 300, capMs: 10_000, random: Math.random };

/**
 * How long to wait before retry number `retry` (0-based): exponential backoff with "equal jitter" (half fixed, half random), so
 * many clients coming back at once spread out; never shorter than the server's Retry-After, and
 * never longer than the cap (a read the person is waiting on should fail rather than hang).
 */
export function backoffMs(retry: number, error: ServiceError, o: BackoffOptions = DEFAULT_BACKOFF): number {
  const exp = Math.min(o.capMs, o.baseMs * 2 ** retry);
  const jittered = Math.round(exp / 2 + (o.random() * exp) / 2);
  return Math.min(o.capMs, Math.max(error.retryAfterMs ?? 0, jittered));
}

/** A timer that ends early (rejecting) when the signal aborts. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** First retry after about this long; each later one waits up to twice as long, up to the cap. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * When to try again after `failures` retryable failures (1 for the first): full jitter over a
 * capped exponential window, and never before the service's Retry-After.
 */
export function nextAttemptAt(now: number, failures: number, random: () => number, retryAfterMs?: number): number {
  const window = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(30, Math.max(0, failures - 1)));
  const jittered = Math.floor(random() * window);
  return now + Math.max(jittered, retryAfterMs ?? 0);
}

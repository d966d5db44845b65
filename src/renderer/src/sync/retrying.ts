import { RateGate, sleep } from './rate-gate';
import { SyncFailure } from './transaction-source';

/**
 * Runs one service step through the sync's shared gate: a 429 closes the gate for everyone
 * for its Retry-After (or a growing wait when it gives none); 5xx trouble is retried with capped
 * exponential backoff and jitter, `maxServerRetries` times. Anything else is the caller's.
 */
export async function retrying<T>(
  gate: RateGate,
  signal: AbortSignal,
  step: () => Promise<T>,
  maxServerRetries = 5,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    await gate.pass(signal);
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof SyncFailure)) throw error;
      if (error.kind === 'rate-limited') {
        gate.pause(error.retryAfterMs ?? Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)));
        continue;
      }
      if (error.kind === 'server' && attempt < maxServerRetries) {
        const backoff = Math.min(30_000, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
        await sleep(Math.max(backoff, error.retryAfterMs ?? 0), signal);
        continue;
      }
      throw error;
    }
  }
}

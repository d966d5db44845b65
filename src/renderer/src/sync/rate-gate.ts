/**
 * One gate for every cursor of a sync: when the service says "slow down" (429 with
 * Retry-After), all of them wait, not only the one that was told.
 */
export class RateGate {
  private openAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Closes the gate for `ms` (or longer, if it is already closed for longer). */
  pause(ms: number): void {
    this.openAt = Math.max(this.openAt, this.now() + Math.max(0, ms));
  }

  /** Resolves when the gate is open; rejects when `signal` aborts first. */
  async pass(signal: AbortSignal): Promise<void> {
    for (;;) {
      const wait = this.openAt - this.now();
      if (wait <= 0) return;
      await sleep(wait, signal);
    }
  }
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

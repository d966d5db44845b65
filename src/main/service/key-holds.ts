/**
 * The service's "not before" per idempotency key. A 429 or 503 with Retry-After on a keyed write
 * tells us when that request may be sent again; main keeps it, because main performs every call
 * and outlives the renderer: a renderer that reloads (or an outbox row recovered from `sending`)
 * may not have seen that answer, and sending the same key earlier would break the service's
 * contract even though a 429 means nothing was done. Kept in memory only: after a restart of the
 * app, the time the restart took has passed too, and the outbox's own backoff still applies.
 */
export class KeyHolds {
  private readonly until = new Map<string, number>();

  /** Remembers that `key` must not be sent before `untilMs` (a later hold wins). */
  hold(key: string, untilMs: number): void {
    const current = this.until.get(key);
    if (current === undefined || untilMs > current) this.until.set(key, untilMs);
  }

  /** How long `key` must still wait (0 when it may go now). Forgets holds that have passed. */
  remainingMs(key: string, now: number): number {
    const until = this.until.get(key);
    if (until === undefined) return 0;
    if (until <= now) {
      this.until.delete(key);
      return 0;
    }
    return until - now;
  }

  /** Drops holds that have passed, so a long session does not keep every key it ever met. */
  prune(now: number): void {
    for (const [key, until] of this.until) if (until <= now) this.until.delete(key);
  }
}

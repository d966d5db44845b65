import { KeyLanes } from './key-lanes';

/**
 * The service's "not before" per idempotency key. A 429 or 503 with Retry-After on a keyed write
 * tells us when that request may be sent again; main keeps it, because main performs every call
 * and outlives the renderer: a renderer that reloads (or an outbox row recovered from `sending`)
 * may not have seen that answer, and sending the same key earlier would break the service's
 * contract even though a 429 means nothing was done.
 *
 * One instance serves every profile and every ServiceClient main makes (a client replaced after a
 * profile edit keeps the holds of the one before). Holds are per key, not per service: a key is a
 * UUID made for one outbox row, so holding it wherever it goes next can only delay that row,
 * never send anything early. With a sink, holds outlive the app too (a crash or a quick restart
 * inside a long Retry-After would otherwise forget them).
 */

/** Where holds are kept between runs of the app; each save is the whole current set. */
export interface HoldsSink {
  save(holds: ReadonlyMap<string, number>): Promise<void>;
}

export class KeyHolds {
  private readonly until = new Map<string, number>();
  /** One key is never sent twice at once. */
  private readonly lanes = new KeyLanes();

  constructor(
    private readonly sink?: HoldsSink,
    initial: Iterable<readonly [string, number]> = [],
  ) {
    for (const [key, untilMs] of initial) this.until.set(key, untilMs);
  }

  /**
   * Remembers that `key` must not be sent before `untilMs` (a later hold wins), and resolves once
   * the sink has it, so the caller hears the answer only after main would remember it across a
   * restart. A sink that fails leaves the hold in memory: it still holds for this run.
   */
  async hold(key: string, untilMs: number, now: number): Promise<void> {
    const current = this.until.get(key);
    if (current !== undefined && untilMs <= current) return;
    this.until.set(key, untilMs);
    this.prune(now);
    await this.sink?.save(new Map(this.until)).catch(() => undefined);
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

  /**
   * Runs `work` for `key` once every earlier piece of work for that key has settled. A renderer
   * that reloads while its send is in flight sends the same key again at once; waiting here means
   * the second send sees the first one's answer (and its Retry-After) instead of racing it.
   */
  serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.lanes.run(key, work);
  }
}

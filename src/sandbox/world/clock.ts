/**
 * The sandbox's notion of now: real time plus an offset that `POST /__sandbox/clock` advances,
 * so tests can make pending items settle and commissions fall due without waiting.
 */
export class Clock {
  private offsetMs: number;
  /** The simulated instant the clock started at; the world is seeded relative to it. */
  readonly startedAt: number;
  /**
   * `base` is the real-time source (tests pin it). `startAt` moves the simulated time to that
   * instant at construction; from there it runs on with `base`.
   */
  constructor(
    private readonly base: () => number = Date.now,
    startAt?: number,
  ) {
    const real = base();
    this.offsetMs = startAt === undefined ? 0 : startAt - real;
    this.startedAt = startAt ?? real;
  }
  now(): number {
    return this.base() + this.offsetMs;
  }
  iso(): string {
    return new Date(this.now()).toISOString();
  }
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.offsetMs += ms;
  }
}

export const DAY_MS = 86_400_000;

// Calendar days in a zone are shared with the app (its offline purchase check and meters).
export { dayIn } from '../../shared/spending/zoned-days';

import { z } from 'zod';

/**
 * Faults the sandbox can inject, so tests and demos show what the app does when the network or
 * the service misbehaves. Admin routes are never faulted, so a test can always undo them.
 */
export const FaultSettings = z.object({
  /** Fixed delay added to every response, ms. */
  latencyMs: z.number().int().min(0).max(60_000).default(0),
  /** Random extra delay in [0, jitterMs]. */
  jitterMs: z.number().int().min(0).max(60_000).default(0),
  /** Share of requests answered 503 before they are processed (0..1). */
  errorRate: z.number().min(0).max(1).default(0),
  /** Share of requests answered 429 with Retry-After (0..1). */
  rateLimitRate: z.number().min(0).max(1).default(0),
  /** Seconds sent in Retry-After with a 429 (and with a 503 when `retryAfterOn503`). */
  retryAfterSeconds: z.number().int().min(0).max(3600).default(1),
  /** The 503s of `errorRate` carry the same Retry-After as the 429s (a service that is down for maintenance says when to come back). */
  retryAfterOn503: z.boolean().default(false),
  /** Share of requests whose connection is dropped before they are processed (0..1). */
  dropBeforeRate: z.number().min(0).max(1).default(0),
  /** Share of requests that are processed and then have their connection dropped, unanswered (0..1). */
  dropAfterRate: z.number().min(0).max(1).default(0),
  /** Refuse every connection to the API and vault listeners (they stop listening). */
  offline: z.boolean().default(false),
});
export type FaultSettings = z.infer<typeof FaultSettings>;
export const FaultSettingsInput = FaultSettings.partial();
export type FaultSettingsInput = z.input<typeof FaultSettingsInput>;

export const NO_FAULTS: FaultSettings = FaultSettings.parse({});

/** Waits `ms` before a request goes on: a timer, unless a test holds requests itself. */
export type LatencyHold = (ms: number) => Promise<void>;

const timer: LatencyHold = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The live fault settings, shared by both listeners, with a random source and a latency hold
 * that tests can fix.
 */
export class Faults {
  private settings: FaultSettings = { ...NO_FAULTS };
  constructor(
    private readonly random: () => number = Math.random,
    private readonly hold: LatencyHold = timer,
  ) {}

  get current(): FaultSettings {
    return { ...this.settings };
  }

  set(input: FaultSettingsInput): FaultSettings {
    this.settings = FaultSettings.parse({ ...this.settings, ...input });
    return this.current;
  }

  reset(): FaultSettings {
    this.settings = { ...NO_FAULTS };
    return this.current;
  }

  private delayMs(): number {
    const { latencyMs, jitterMs } = this.settings;
    return latencyMs + (jitterMs > 0 ? Math.floor(this.random() * (jitterMs + 1)) : 0);
  }

  /** Holds a request for the latency and jitter set now (at once when there is none). */
  async delay(): Promise<void> {
    const ms = this.delayMs();
    if (ms > 0) await this.hold(ms);
  }

  /** What to do with a request before processing it. */
  decideBefore(): 'drop' | 'error' | 'rate-limit' | 'pass' {
    const s = this.settings;
    // Offline takes effect at once: the listeners close a moment after the setting (the admin
    // route answers first), and a request arriving in between must not meet the other faults
    // already relaxed by the same setting (e.g. `{ offline: true, errorRate: 0 }`) and go through.
    if (s.offline) return 'drop';
    if (s.dropBeforeRate > 0 && this.random() < s.dropBeforeRate) return 'drop';
    if (s.rateLimitRate > 0 && this.random() < s.rateLimitRate) return 'rate-limit';
    if (s.errorRate > 0 && this.random() < s.errorRate) return 'error';
    return 'pass';
  }

  /** Whether to drop the connection after the request was processed. */
  dropAfter(): boolean {
    const s = this.settings;
    return s.dropAfterRate > 0 && this.random() < s.dropAfterRate;
  }
}

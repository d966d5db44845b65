import type { ConnectivityState, ConnectivityStatus } from '../../shared/ipc/connectivity';
import type { ServiceErrorKind } from '../service/service-error';

/** What one request or probe taught us about the connection. */
export type Outcome = { ok: true } | { ok: false; kind: ServiceErrorKind; status?: number; message?: string };

export interface MonitorOptions {
  /** The profile whose service this watches (every profile has its own monitor). */
  profileId?: string | null;
  /** A cheap call to the service. */
  probe: () => Promise<Outcome>;
  /** Pushes every change of state to the renderers. */
  emit: (status: ConnectivityStatus) => void;
  /** The OS's view (Electron's net.isOnline); when it says offline we skip the probe. */
  isOsOnline?: () => boolean;
  now?: () => number;
  /** First retry after this long while offline or degraded; doubles up to maxBackoffMs. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** What an outcome means, in this monitor's words (the service's by default; the team workspace has its own). */
  classify?: (outcome: Outcome) => [ConnectivityState | null, string | undefined];
}

/**
 * Online / offline / degraded from real outcomes: every service call reports here, and while
 * the service cannot be reached a probe retries with capped exponential backoff, so the app
 * notices the connection coming back without hammering the service.
 */
export class ConnectivityMonitor {
  private current: ConnectivityStatus;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private backoffMs: number;
  private disposed = false;
  private probing: Promise<ConnectivityStatus> | undefined;

  constructor(private readonly opts: MonitorOptions) {
    this.backoffMs = opts.initialBackoffMs ?? 1000;
    this.current = { state: 'unknown', profileId: opts.profileId ?? null, since: this.iso() };
  }

  status(): ConnectivityStatus {
    return { ...this.current };
  }

  /** Called with the outcome of every real service call. */
  report(outcome: Outcome): void {
    if (this.disposed) return;
    const [state, reason] = (this.opts.classify ?? classify)(outcome);
    if (state === null) return;
    this.transition(state, reason);
  }

  /** Probes now (the "Retry now" button, or the backoff timer). Concurrent calls share one probe. */
  check(): Promise<ConnectivityStatus> {
    this.probing ??= this.runProbe().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private async runProbe(): Promise<ConnectivityStatus> {
    if (this.opts.isOsOnline && !this.opts.isOsOnline()) {
      this.transition('offline', 'This computer has no network connection.');
      return this.status();
    }
    let outcome: Outcome;
    try {
      outcome = await this.opts.probe();
    } catch {
      outcome = { ok: false, kind: 'network' };
    }
    const [state, reason] = (this.opts.classify ?? classify)(outcome);
    // A probe that proves nothing (e.g. a 4xx) still shows the service answers.
    this.transition(state ?? 'online', reason);
    return this.status();
  }

  private transition(state: ConnectivityState, reason: string | undefined): void {
    if (this.disposed) return;
    const changed = state !== this.current.state || reason !== this.current.reason;
    if (state !== this.current.state) {
      this.current = { state, profileId: this.current.profileId, since: this.iso(), ...(reason ? { reason } : {}) };
    } else if (changed) {
      this.current = { ...this.current, ...(reason ? { reason } : {}) };
      if (!reason) delete this.current.reason;
    }
    if (state === 'online') {
      this.clearTimer();
      this.backoffMs = this.opts.initialBackoffMs ?? 1000;
    } else {
      this.scheduleProbe();
    }
    if (changed) this.opts.emit(this.status());
  }

  private scheduleProbe(): void {
    if (this.timer || this.disposed) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.opts.maxBackoffMs ?? 30_000);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.check();
    }, wait);
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private iso(): string {
    return new Date((this.opts.now ?? Date.now)()).toISOString();
  }
}

/** Maps an outcome to a state; null when it says nothing about the connection. */
function classify(outcome: Outcome): [ConnectivityState | null, string | undefined] {
  if (outcome.ok) return ['online', undefined];
  switch (outcome.kind) {
    case 'network':
      return ['offline', 'The service cannot be reached. Check your network connection.'];
    case 'timeout':
      return ['offline', 'The service did not answer in time.'];
    case 'http':
      if (outcome.status !== undefined && (outcome.status >= 500 || outcome.status === 429)) {
        return [
          'degraded',
          outcome.status === 429
            ? 'The service is limiting requests (429).'
            : `The service is failing (HTTP ${outcome.status}).`,
        ];
      }
      // A 4xx means the service answered: the connection is fine.
      return ['online', undefined];
    default:
      return [null, undefined];
  }
}

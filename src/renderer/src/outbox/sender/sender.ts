import type { SendOutcome } from '../../../../shared/outbox/classify';

/**
 * What the sender needs of a profile's outbox. Every method is one IndexedDB transaction in the
 * repository, so a crash between two calls leaves every row in a state the next start handles.
 */
export interface SenderStore<Row> {
  /** Rows left in `sending` by a crash or reload: transfers and notes back to approved (same key), payments to review. */
  recoverInterrupted(now: number): Promise<number>;
  /** Approved rows whose first attempt is older than the service remembers keys: to review, never resent blindly. */
  expireKeys(now: number): Promise<number>;
  /** Claims (approved -> sending) the rows that may go now: the head of each source's queue, due, not waiting on a row that funds it. */
  claimDue(now: number): Promise<Row[]>;
  /**
   * Records one attempt's outcome on a claimed row (sent, back to approved with a backoff, failed,
   * needs review). With `claimNext`, the same transaction claims the rows that outcome let go (the
   * next of its source, the head of the source it funded), which the sender sends at once.
   */
  record(row: Row, outcome: SendOutcome<unknown>, now: number, claimNext: boolean): Promise<Row[]>;
  /** When the next approved row becomes due (its date or its backoff), or null when none waits. */
  nextDueAt(now: number): Promise<number | null>;
}

export interface SenderOptions<Row> {
  profileId: string;
  store: SenderStore<Row>;
  /** One attempt through main, with the row's own profile and key; never throws. */
  send(row: Row): Promise<SendOutcome<unknown>>;
  /** This profile's service answers (its own connectivity, not the one on screen). */
  online(): boolean;
  /** Single flight across windows: runs `work` only if no other window holds `name`. */
  lock<T>(name: string, work: () => Promise<T>): Promise<T | null>;
  now?: () => number;
  /** The sender stopped for a reason that is not a row's (no key, profile gone); null when it clears. */
  onBlocked?(message: string | null): void;
  /** After a drain, online: settle rows in review against the service (payments whose answer was lost). */
  reconcile?(now: number): Promise<unknown>;
  /** Longest sleep before looking again, whatever nextDueAt says (clock changes, other windows' drafts). */
  maxSleepMs?: number;
}

export type SenderState = 'idle' | 'sending' | 'paused' | 'offline' | 'blocked' | 'elsewhere';

/**
 * Sends one profile's approved rows, exactly once each as far as the service allows: only while
 * that profile is online, only in the window holding the profile's lock, FIFO per source with
 * independent sources in parallel. It keeps no state that matters: the rows are the truth, so a
 * reload or a crash at any point is handled by the next drain (recoverInterrupted).
 */
export class OutboxSender<Row> {
  private paused = false;
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private st: SenderState = 'idle';
  private readonly now: () => number;

  constructor(private readonly o: SenderOptions<Row>) {
    this.now = o.now ?? Date.now;
  }

  get state(): SenderState {
    return this.st;
  }

  /** Looks for work now (on start, approval, reconnect, "send now"). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.drainUnderLock().finally(() => {
      this.draining = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.kick();
      }
    });
    return this.draining;
  }

  pause(): void {
    this.paused = true;
    this.st = 'paused';
  }

  resume(): Promise<void> {
    this.paused = false;
    this.st = 'idle';
    return this.kick();
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** For good (the profile was deleted, the page unloads); a send in flight still records its outcome. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.draining;
  }

  private async drainUnderLock(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const ran = await this.o.lock(`outbox-sender:${this.o.profileId}`, () => this.drain());
    if (ran === null) {
      // Another window sends for this profile; look again later in case it closes.
      this.st = 'elsewhere';
      this.schedule(this.o.maxSleepMs ?? 30_000);
    }
  }

  private async drain(): Promise<true> {
    // Holding the lock, no other sender is mid-send: any row still `sending` was interrupted.
    await this.o.store.recoverInterrupted(this.now());
    for (;;) {
      if (this.stopped) return true;
      if (this.paused) {
        this.st = 'paused';
        return true;
      }
      if (!this.o.online()) {
        this.st = 'offline';
        return true;
      }
      await this.o.store.expireKeys(this.now());
      const rows = await this.o.store.claimDue(this.now());
      if (rows.length === 0) break;
      this.st = 'sending';
      const blocked = await this.sendAlong(rows);
      if (blocked !== null) {
        this.st = 'blocked';
        this.o.onBlocked?.(blocked);
        // A key entered in Settings or a profile restored kicks it; this is the fallback.
        this.schedule(this.o.maxSleepMs ?? 30_000);
        return true;
      }
      this.o.onBlocked?.(null);
    }
    this.st = 'idle';
    await this.o.reconcile?.(this.now());
    const due = await this.o.store.nextDueAt(this.now());
    if (due !== null) this.schedule(Math.max(0, due - this.now()));
    return true;
  }

  /** Whether to take more rows now: not stopped, not paused, and the profile's service answers. */
  private goingOn(): boolean {
    return !this.stopped && !this.paused && this.o.online();
  }

  /**
   * Sends the claimed rows, each source on its own: as a row's outcome is recorded, the rows it
   * freed are claimed in that same commit and sent straight away, so a source never waits for the
   * slowest of the others. Returns the message of a send that found the sender blocked, else null.
   */
  private async sendAlong(rows: Row[]): Promise<string | null> {
    let blocked: string | null = null;
    const lane = async (row: Row): Promise<void> => {
      const outcome = await this.o.send(row);
      if (outcome.type === 'blocked') blocked ??= outcome.message;
      const freed = await this.o.store.record(row, outcome, this.now(), blocked === null && this.goingOn());
      await Promise.all(freed.map(lane));
    };
    await Promise.all(rows.map(lane));
    return blocked;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.kick(), Math.min(ms, this.o.maxSleepMs ?? 30_000));
  }
}

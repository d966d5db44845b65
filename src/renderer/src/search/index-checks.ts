import { IndexCorruptError } from './engine';

/** A loaded index is checked once searching has paused this long. */
const CHECK_IDLE_MS = 1_000;

/** Lets messages waiting for the worker (a query) run before the next step of longer work. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The structural checks of an index loaded from storage (storage.ts mapStored), not run yet: a
 * cold start answers first and checks later. They run once no query has come for a while, one
 * step at a time so a query is never kept waiting for all of them.
 */
export class PendingChecks {
  private steps: (() => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `start`: runs the checks in the host's line of work (never beside a rebuild or a save). */
  constructor(private readonly start: () => void) {}

  get pending(): boolean {
    return this.steps.length > 0;
  }

  set(steps: (() => void)[]): void {
    this.clear();
    this.steps = [...steps];
  }

  clear(): void {
    this.steps = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** (Re)starts the wait for a pause in searching. */
  postpone(): void {
    if (!this.pending) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start();
    }, CHECK_IDLE_MS);
  }

  /** Runs what is left; the first IndexCorruptError ends the run and goes to `onDamage`. `stillWanted` false stops between steps. */
  async run(onDamage: (error: IndexCorruptError) => Promise<void>, stillWanted: () => boolean): Promise<void> {
    for (let step = this.steps.shift(); step; step = this.steps.shift()) {
      try {
        step();
      } catch (error) {
        if (!(error instanceof IndexCorruptError)) throw error;
        this.clear();
        await onDamage(error);
        return;
      }
      await nextTask();
      if (!stillWanted()) return;
    }
  }
}

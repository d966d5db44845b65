import type { Events } from '../../shared/ipc';

type Changed = Events['workspace:changed'];

/** How long a burst of NOTIFYs is gathered: a commit's arrive together, well within it. */
export const GATHER_MS = 15;

/** The most keys one event names: what `workspace:rows` reads at once. A bigger burst names none (read everything). */
export const MAX_KEYS = 1_000;

interface Gathered {
  /** Null once the burst named more than MAX_KEYS, or a change named nothing: the event then names none. */
  keys: Set<string> | null;
}

/**
 * Gathers a burst of workspace changes (one commit of 100 approvals is 100 NOTIFYs) into one
 * event per table, naming every key the burst changed, so a desktop reads those rows once per
 * burst rather than once per row, and never its whole queue for a few rows. `resync` and
 * `directory` go at once: what follows them must not wait behind a timer.
 */
export class ChangeBatcher {
  private readonly pending = new Map<Changed['table'], Gathered>();
  private readonly order: { workspaceId: string; table: Changed['table'] }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly emit: (c: Changed) => void,
    private readonly gatherMs = GATHER_MS,
  ) {}

  add(change: Changed): void {
    if (change.table === 'resync' || change.table === 'directory') {
      this.emit(change);
      return;
    }
    let gathered = this.pending.get(change.table);
    if (!gathered) {
      gathered = { keys: new Set() };
      this.pending.set(change.table, gathered);
      this.order.push({ workspaceId: change.workspaceId, table: change.table });
    }
    if (gathered.keys !== null) {
      if (!change.keys) gathered.keys = null;
      else for (const k of change.keys) gathered.keys.add(k);
      if (gathered.keys !== null && gathered.keys.size > MAX_KEYS) gathered.keys = null;
    }
    this.timer ??= setTimeout(() => this.flush(), this.gatherMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const out = this.order.splice(0).map(({ workspaceId, table }): Changed => {
      const keys = this.pending.get(table)?.keys;
      return keys ? { workspaceId, table, keys: [...keys] } : { workspaceId, table };
    });
    this.pending.clear();
    for (const c of out) this.emit(c);
  }

  /** Drops what was gathered: the session is going away. */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    this.order.length = 0;
  }
}

import type { Events } from '../../shared/ipc';

type Changed = Events['workspace:changed'];

/** How long a burst of NOTIFYs is gathered: a commit's arrive together, well within it. */
export const GATHER_MS = 15;

/**
 * Gathers a burst of workspace changes (one commit of 100 approvals is 100 NOTIFYs) into one
 * event per table, so a desktop reads its queue again once per burst rather than once per row.
 * A table's `key` is kept only when the burst changed one thing in it. `resync` and `directory`
 * go at once: what follows them must not wait behind a timer.
 */
export class ChangeBatcher {
  private readonly pending = new Map<Changed['table'], Changed>();
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
    const before = this.pending.get(change.table);
    if (!before) this.pending.set(change.table, change);
    else if (before.key !== change.key) this.pending.set(change.table, { workspaceId: change.workspaceId, table: change.table });
    this.timer ??= setTimeout(() => this.flush(), this.gatherMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const out = [...this.pending.values()];
    this.pending.clear();
    for (const c of out) this.emit(c);
  }

  /** Drops what was gathered: the session is going away. */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}

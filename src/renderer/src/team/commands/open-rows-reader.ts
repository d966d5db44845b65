import type { Result } from '../../../../shared/ipc';
import type { TeamRowView, WorkspaceSummary } from '../../../../shared/ipc/workspace';
import { isListed, withRowsRead } from '../model/open-rows';

/** What `workspace:rows` takes at once. */
const ROWS_PER_READ = 1_000;

/** Where the rows are read: a workspace's open rows for one service. */
export interface RowsSource {
  workspaceId: string;
  service: string;
}

/** What a change asks the next read to cover: rows it named, everything, or everything and the workspace's summary. */
export interface Wanted {
  all: boolean;
  directory: boolean;
  rows: Set<string>;
}

/** How the reader reaches main (`workspace:rows`, `workspace:list`). */
export interface ReaderCalls {
  rows(arg: {
    workspaceId: string;
    service?: string;
    rowIds?: string[];
    includeClosed?: boolean;
  }): Promise<Result<TeamRowView[]>>;
  summary(workspaceId: string): Promise<WorkspaceSummary | undefined>;
}

/** What a read found, for the view: the open rows and what closed since, or why it failed; the summary when it was read. */
export type ReadResult =
  | { rows: TeamRowView[]; closed: TeamRowView[]; summary?: WorkspaceSummary }
  | { error: string; summary?: WorkspaceSummary };

const nothingWanted = (): Wanted => ({ all: false, directory: false, rows: new Set() });

/**
 * Reads of the open rows of one source at a time, never two at once: what is wanted during a
 * read is read right after it, in one go. A whole read lists the rows and reads once more those
 * that left the list, to say how they ended; a read of named rows merges them
 * (model/open-rows.ts). A failed read makes the next one whole. Switching the source (another
 * profile shown) starts afresh: a read still under way for the old source ends without showing
 * anything, and never takes what the new one wants.
 */
export function openRowsReader(calls: ReaderCalls, show: (result: ReadResult) => void) {
  let source: RowsSource | null = null;
  // Raised by every switch: a loop of an older session stops at its next step.
  let session = 0;
  let running: number | null = null;
  let wanted = nothingWanted();
  let rows: TeamRowView[] | null = null;

  async function closedSince(
    workspaceId: string,
    before: readonly TeamRowView[],
    open: readonly TeamRowView[],
  ): Promise<TeamRowView[]> {
    const openIds = new Set(open.map((r) => r.id));
    const gone = before
      .filter((r) => !openIds.has(r.id))
      .map((r) => r.id)
      .slice(0, ROWS_PER_READ);
    if (gone.length === 0) return [];
    const r = await calls.rows({ workspaceId, rowIds: gone, includeClosed: true });
    return r.ok ? r.value.filter((row) => !isListed(row)) : [];
  }

  async function readOnce(
    src: RowsSource,
    want: Wanted,
    before: TeamRowView[] | null,
  ): Promise<{ rows: TeamRowView[]; closed: TeamRowView[] } | { error: string }> {
    if (want.all || want.directory || before === null || want.rows.size > ROWS_PER_READ) {
      const r = await calls.rows({ workspaceId: src.workspaceId, service: src.service });
      if (!r.ok) return { error: r.error.message };
      return { rows: r.value, closed: before ? await closedSince(src.workspaceId, before, r.value) : [] };
    }
    const rowIds = [...want.rows];
    const r = await calls.rows({ workspaceId: src.workspaceId, service: src.service, rowIds, includeClosed: true });
    if (!r.ok) return { error: r.error.message };
    const after = withRowsRead(before, r.value, rowIds);
    return { rows: after.open, closed: after.closed.reverse() };
  }

  async function loop(src: RowsSource, mine: number): Promise<void> {
    running = mine;
    try {
      while (session === mine && (wanted.all || wanted.directory || wanted.rows.size > 0)) {
        const now = wanted;
        wanted = nothingWanted();
        // A directory change (a role, a removal) changes what this desktop may do: read its summary too.
        const summary = now.directory ? await calls.summary(src.workspaceId) : undefined;
        const got = await readOnce(src, now, rows);
        if (session !== mine) return;
        if ('error' in got) {
          // What this read missed is unknown now: the next one reads everything.
          wanted.all = true;
          show({ error: got.error, ...(summary ? { summary } : {}) });
          return;
        }
        rows = got.rows;
        show({ rows: got.rows, closed: got.closed, ...(summary ? { summary } : {}) });
      }
    } finally {
      if (running === mine) running = null;
    }
  }

  return {
    /** Reads from `next` from now on (null: nothing); what was read or wanted before is dropped. */
    switchTo(next: RowsSource | null): void {
      session++;
      source = next;
      wanted = nothingWanted();
      rows = null;
      running = null;
    },
    /** Asks for a read covering `want`; one runs now unless one is under way for this source. */
    want(want: Partial<Wanted>): Promise<void> {
      wanted.all ||= want.all ?? false;
      wanted.directory ||= want.directory ?? false;
      for (const id of want.rows ?? []) wanted.rows.add(id);
      if (source === null || running === session) return Promise.resolve();
      return loop(source, session);
    },
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { TeamRowView, WorkspaceConnectivity, WorkspaceSummary } from '../../../../shared/ipc/workspace';
import { bridge, callMain } from '../../platform/bridge';
import { isListed, withRowsRead } from '../model/open-rows';
import { bindingFor, joinedWorkspaces } from './team-binding';

export type TeamQueueView =
  /** No workspace covers this profile's service: the inbox is this desktop's own. */
  | { kind: 'solo' }
  | { kind: 'loading' }
  /** A workspace may cover it, but this desktop cannot tell or cannot sign there. */
  | { kind: 'unsure'; problem: string }
  | {
      kind: 'team';
      workspace: WorkspaceSummary;
      connectivity: WorkspaceConnectivity;
      /** The workspace's open rows for the service, as last read (kept while it is unreachable); null before the first read. */
      rows: TeamRowView[] | null;
      /** Why the last read failed, in main's words; null when it worked. */
      error: string | null;
      /** Rows shown open here that the workspace closed since (sent, failed, canceled), the latest first. */
      closed: TeamRowView[];
    };

/** Closed rows the view keeps: what a person just saw go, not a history (the audit is that). */
const CLOSED_KEPT = 20;
/** What `workspace:rows` takes at once. */
const ROWS_PER_READ = 1_000;

/** What the next read must cover: the rows changes named since the last, or everything. */
interface Wanted {
  all: boolean;
  directory: boolean;
  rows: Set<string>;
}

const nothingWanted = (): Wanted => ({ all: false, directory: false, rows: new Set() });

/**
 * The workspace's shared queue for one service: read whole on start, after a reconnection
 * (`resync`), a directory change or a failed read; otherwise each `workspace:changed` (a NOTIFY
 * from another desktop, gathered by main per burst) reads only the rows it names and merges them
 * (model/open-rows.ts), so a change costs what it touched, not the whole queue. Reads never
 * overlap: what changes during a read is read right after it, in one go.
 */
export function useTeamQueue(service: string | null): { view: TeamQueueView; reload(): void } {
  const [view, setView] = useState<TeamQueueView>({ kind: 'loading' });
  const workspaceRef = useRef<string | null>(null);
  // The open rows as last read (what the view shows); null until a whole read worked.
  const rowsRef = useRef<TeamRowView[] | null>(null);
  const reading = useRef(false);
  const wanted = useRef<Wanted>(nothingWanted());

  /** Listed rows the whole read no longer lists, read once more to say how they ended. */
  const closedSince = useCallback(async (workspaceId: string, before: readonly TeamRowView[], open: readonly TeamRowView[]): Promise<TeamRowView[]> => {
    const openIds = new Set(open.map((r) => r.id));
    const gone = before.filter((r) => !openIds.has(r.id)).map((r) => r.id).slice(0, ROWS_PER_READ);
    if (gone.length === 0) return [];
    const r = await callMain((api) => api.workspace.rows({ workspaceId, rowIds: gone, includeClosed: true }));
    return r.ok ? r.value.filter((row) => !isListed(row)) : [];
  }, []);

  /** One read of what `want` asks: the open rows after it and what closed, or why it failed. */
  const readOnce = useCallback(
    async (workspaceId: string, service: string, want: Wanted): Promise<{ rows: TeamRowView[]; closed: TeamRowView[] } | { error: string }> => {
      const before = rowsRef.current;
      if (want.all || before === null || want.rows.size > ROWS_PER_READ) {
        const r = await callMain((api) => api.workspace.rows({ workspaceId, service }));
        if (!r.ok) return { error: r.error.message };
        return { rows: r.value, closed: before ? await closedSince(workspaceId, before, r.value) : [] };
      }
      const rowIds = [...want.rows];
      const r = await callMain((api) => api.workspace.rows({ workspaceId, service, rowIds, includeClosed: true }));
      if (!r.ok) return { error: r.error.message };
      const after = withRowsRead(before, r.value, rowIds);
      return { rows: after.open, closed: after.closed.reverse() };
    },
    [closedSince],
  );

  const read = useCallback(
    async (want: Partial<Wanted>) => {
      const w = wanted.current;
      w.all ||= want.all ?? false;
      w.directory ||= want.directory ?? false;
      for (const id of want.rows ?? []) w.rows.add(id);
      const workspaceId = workspaceRef.current;
      if (!workspaceId || service === null || reading.current) return;
      reading.current = true;
      try {
        while (wanted.current.all || wanted.current.directory || wanted.current.rows.size > 0) {
          const now = wanted.current;
          wanted.current = nothingWanted();
          // A directory change (a role, a removal) changes what this desktop may do: read its summary too.
          const summary = now.directory ? (await joinedWorkspaces()).list.find((x) => x.id === workspaceId) : undefined;
          const got = await readOnce(workspaceId, service, { ...now, all: now.all || now.directory });
          if (workspaceRef.current !== workspaceId) return;
          if ('error' in got) {
            // What this read missed is unknown now: the next one reads everything.
            wanted.current.all = true;
            setView((v) => (v.kind === 'team' ? { ...v, workspace: summary ?? v.workspace, error: got.error } : v));
            return;
          }
          rowsRef.current = got.rows;
          setView((v) => {
            if (v.kind !== 'team') return v;
            const closed = got.closed.length > 0 ? [...got.closed, ...v.closed].slice(0, CLOSED_KEPT) : v.closed;
            return { ...v, workspace: summary ?? v.workspace, rows: got.rows, error: null, closed };
          });
        }
      } finally {
        reading.current = false;
      }
    },
    [service, readOnce],
  );

  useEffect(() => {
    let live = true;
    workspaceRef.current = null;
    rowsRef.current = null;
    wanted.current = nothingWanted();
    setView({ kind: 'loading' });
    if (service === null) return;
    void (async () => {
      const binding = await bindingFor(service);
      if (!live) return;
      if (binding.kind !== 'team') return setView(binding.kind === 'solo' ? { kind: 'solo' } : binding);
      const workspace = (await joinedWorkspaces()).list.find((w) => w.id === binding.workspaceId);
      if (!live) return;
      if (!workspace) return setView({ kind: 'unsure', problem: `${binding.name} is no longer joined on this desktop: join it again in Settings, or its transfers wait.` });
      workspaceRef.current = workspace.id;
      setView({ kind: 'team', workspace, connectivity: workspace.connectivity, rows: null, error: null, closed: [] });
      void read({ all: true });
    })();
    const api = bridge();
    const offChanged = api?.on('workspace:changed', (c) => {
      if (c.workspaceId !== workspaceRef.current) return;
      if (c.table === 'directory' || c.table === 'resync') void read({ directory: true });
      else if (c.table === 'queue_row' || c.table === 'decision') void read(c.keys ? { rows: new Set(c.keys) } : { all: true });
    });
    const offConnectivity = api?.on('workspace:connectivity', (c) => {
      if (c.workspaceId !== workspaceRef.current) return;
      setView((v) => (v.kind === 'team' ? { ...v, connectivity: c } : v));
      if (c.state === 'online') void read({ directory: true });
    });
    return () => {
      live = false;
      workspaceRef.current = null;
      offChanged?.();
      offConnectivity?.();
    };
  }, [service, read]);

  return { view, reload: useCallback(() => void read({ directory: true }), [read]) };
}

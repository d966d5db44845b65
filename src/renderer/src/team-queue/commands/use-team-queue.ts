import { useCallback, useEffect, useRef, useState } from 'react';
import type { TeamRowView, WorkspaceConnectivity, WorkspaceSummary } from '../../../../shared/ipc/workspace';
import { bridge, callMain } from '../../platform/bridge';
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

/**
 * The workspace's shared queue for one service, read on start, on every `workspace:changed` of
 * that workspace (a NOTIFY from another desktop), and on `resync` after a reconnection. Reads
 * never overlap: a change during a read asks for one more read after it.
 */
export function useTeamQueue(service: string | null): { view: TeamQueueView; reload(): void } {
  const [view, setView] = useState<TeamQueueView>({ kind: 'loading' });
  const workspaceRef = useRef<string | null>(null);
  const reading = useRef(false);
  const again = useRef(false);
  // Rows shown open here: one that leaves the open list is read once more, to say how it ended.
  const shown = useRef(new Set<string>());

  const closedSinceShown = useCallback(async (workspaceId: string, open: readonly TeamRowView[]): Promise<TeamRowView[]> => {
    const openIds = new Set(open.map((r) => r.id));
    const gone = [...shown.current].filter((id) => !openIds.has(id)).slice(0, ROWS_PER_READ);
    for (const id of openIds) shown.current.add(id);
    if (gone.length === 0) return [];
    const r = await callMain((api) => api.workspace.rows({ workspaceId, rowIds: gone, includeClosed: true }));
    if (!r.ok) return [];
    const closed = r.value.filter((row) => row.state !== 'open' && row.state !== 'needs-review');
    for (const row of closed) shown.current.delete(row.id);
    return closed;
  }, []);

  const read = useCallback(async (withDirectory: boolean) => {
    const workspaceId = workspaceRef.current;
    if (!workspaceId || service === null) return;
    if (reading.current) {
      again.current = true;
      return;
    }
    reading.current = true;
    try {
      // A directory change (a role, a removal) changes what this desktop may do: read its summary too.
      const summary = withDirectory ? (await joinedWorkspaces()).list.find((w) => w.id === workspaceId) : undefined;
      const r = await callMain((api) => api.workspace.rows({ workspaceId, service }));
      const closed = r.ok ? await closedSinceShown(workspaceId, r.value) : [];
      if (workspaceRef.current !== workspaceId) return;
      setView((v) => {
        if (v.kind !== 'team') return v;
        const workspace = summary ?? v.workspace;
        return r.ok ? { ...v, workspace, rows: r.value, error: null, closed: [...closed, ...v.closed].slice(0, CLOSED_KEPT) } : { ...v, workspace, error: r.error.message };
      });
    } finally {
      reading.current = false;
      if (again.current) {
        again.current = false;
        void read(true);
      }
    }
  }, [service, closedSinceShown]);

  useEffect(() => {
    let live = true;
    workspaceRef.current = null;
    shown.current = new Set();
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
      void read(false);
    })();
    const api = bridge();
    const offChanged = api?.on('workspace:changed', (c) => {
      if (c.workspaceId === workspaceRef.current) void read(c.table === 'directory' || c.table === 'resync');
    });
    const offConnectivity = api?.on('workspace:connectivity', (c) => {
      if (c.workspaceId !== workspaceRef.current) return;
      setView((v) => (v.kind === 'team' ? { ...v, connectivity: c } : v));
      if (c.state === 'online') void read(true);
    });
    return () => {
      live = false;
      workspaceRef.current = null;
      offChanged?.();
      offConnectivity?.();
    };
  }, [service, read]);

  return { view, reload: useCallback(() => void read(true), [read]) };
}

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
    };

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
      if (workspaceRef.current !== workspaceId) return;
      setView((v) => {
        if (v.kind !== 'team') return v;
        const workspace = summary ?? v.workspace;
        return r.ok ? { ...v, workspace, rows: r.value, error: null } : { ...v, workspace, error: r.error.message };
      });
    } finally {
      reading.current = false;
      if (again.current) {
        again.current = false;
        void read(true);
      }
    }
  }, [service]);

  useEffect(() => {
    let live = true;
    workspaceRef.current = null;
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
      setView({ kind: 'team', workspace, connectivity: workspace.connectivity, rows: null, error: null });
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

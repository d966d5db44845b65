import { useCallback, useEffect, useRef, useState } from 'react';
import type { TeamRowView, WorkspaceConnectivity, WorkspaceSummary } from '../../../../shared/ipc/workspace';
import { bridge, callMain } from '../../platform/bridge';
import { openRowsReader, type ReaderCalls } from './open-rows-reader';
import { bindingFor, joinedWorkspaces } from './team-binding';

// Screens reach the team domain through its commands, never its repositories: the inbox's live
// read of what this desktop signed and kept is handed on from here.
export { useTeamItems } from '../repo/team-repo';

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

const readerCalls: ReaderCalls = {
  rows: (arg) => callMain((api) => api.workspace.rows(arg)),
  summary: async (workspaceId) => (await joinedWorkspaces()).list.find((w) => w.id === workspaceId),
};

/**
 * The workspace's shared queue for one service: read whole on start, after a reconnection
 * (`resync`), a directory change or a failed read; otherwise each `workspace:changed` (a NOTIFY
 * from another desktop, gathered by main per burst) reads only the rows it names and merges them
 * (open-rows-reader.ts), so a change costs what it touched, not the whole queue.
 */
export function useTeamQueue(profileId: string, service: string | null): { view: TeamQueueView; reload(): void } {
  const [view, setView] = useState<TeamQueueView>({ kind: 'loading' });
  const workspaceRef = useRef<string | null>(null);
  const [reader] = useState(() =>
    openRowsReader(readerCalls, (got) =>
      setView((v) => {
        if (v.kind !== 'team') return v;
        const workspace = got.summary ?? v.workspace;
        if ('error' in got) return { ...v, workspace, error: got.error };
        const closed = got.closed.length > 0 ? [...got.closed, ...v.closed].slice(0, CLOSED_KEPT) : v.closed;
        return { ...v, workspace, rows: got.rows, error: null, closed };
      }),
    ),
  );

  // The Demo's simulated team starting or stopping changes where the Demo's rows are approved.
  const [teamEpoch, setTeamEpoch] = useState(0);
  useEffect(() => bridge()?.on('demo:team-changed', () => setTeamEpoch((n) => n + 1)), []);

  useEffect(() => {
    let live = true;
    workspaceRef.current = null;
    reader.switchTo(null);
    setView({ kind: 'loading' });
    if (service === null) return;
    void (async () => {
      const binding = await bindingFor(profileId);
      if (!live) return;
      if (binding.kind !== 'team') return setView(binding.kind === 'solo' ? { kind: 'solo' } : binding);
      const workspace = (await joinedWorkspaces()).list.find((w) => w.id === binding.workspaceId);
      if (!live) return;
      if (!workspace)
        return setView({
          kind: 'unsure',
          problem: `${binding.name} is no longer joined on this desktop: join it again in Settings, or its transfers wait.`,
        });
      workspaceRef.current = workspace.id;
      reader.switchTo({ workspaceId: workspace.id, service });
      setView({ kind: 'team', workspace, connectivity: workspace.connectivity, rows: null, error: null, closed: [] });
      void reader.want({ all: true });
    })();
    const api = bridge();
    const offChanged = api?.on('workspace:changed', (c) => {
      if (c.workspaceId !== workspaceRef.current) return;
      if (c.table === 'directory' || c.table === 'resync') void reader.want({ directory: true });
      else if (c.table === 'queue_row' || c.table === 'decision')
        void reader.want(c.keys ? { rows: new Set(c.keys) } : { all: true });
    });
    const offConnectivity = api?.on('workspace:connectivity', (c) => {
      if (c.workspaceId !== workspaceRef.current) return;
      setView((v) => (v.kind === 'team' ? { ...v, connectivity: c } : v));
      if (c.state === 'online') void reader.want({ directory: true });
    });
    return () => {
      live = false;
      workspaceRef.current = null;
      reader.switchTo(null);
      offChanged?.();
      offConnectivity?.();
    };
  }, [profileId, service, reader, teamEpoch]);

  return { view, reload: useCallback(() => void reader.want({ directory: true }), [reader]) };
}

import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import type { DirectoryView, IpcError } from '../../../../shared/ipc';
import { onWorkspaceEvent, workspaceCalls } from '../../platform/workspace';
import { coalescedRead } from './coalesced-read';

/**
 * Each workspace's verified directory (`workspace:directory`: members, policies, requests to
 * join, ignored entries, a break), read when a screen asks for it and again whenever main says
 * the directory or the requests changed, or the workspace reconnected. Main verifies the
 * directory before it answers; this only keeps the last answer for the screens.
 */
export interface DirectoryState {
  view: DirectoryView | null;
  /** The last read's failure (its `workspace.kind` says why: 'version' offers the upgrade). */
  error: IpcError | null;
  loading: boolean;
}

const EMPTY: DirectoryState = { view: null, error: null, loading: false };

const useDirectoryStore = create<{ byWorkspace: Record<string, DirectoryState> }>()(() => ({ byWorkspace: {} }));

function patch(workspaceId: string, next: Partial<DirectoryState>): void {
  useDirectoryStore.setState((s) => ({
    byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...(s.byWorkspace[workspaceId] ?? EMPTY), ...next } },
  }));
}

export function useWorkspaceDirectory(workspaceId: string): DirectoryState {
  return useDirectoryStore((s) => s.byWorkspace[workspaceId] ?? EMPTY);
}

const readDirectory = coalescedRead(async (workspaceId) => {
  patch(workspaceId, { loading: true });
  const r = await workspaceCalls.directory(workspaceId);
  // The view read before stays on show through a failure: what was verified is still what it was.
  patch(workspaceId, r.ok ? { view: r.value, error: null, loading: false } : { error: r.error, loading: false });
});

/** Reads one workspace's directory now; a call while one runs makes one more read after it. */
export function refreshDirectory(workspaceId: string): Promise<void> {
  return readDirectory(workspaceId);
}

/** Forgets a workspace's directory (after leaving it). */
export function forgetDirectory(workspaceId: string): void {
  useDirectoryStore.setState((s) => {
    const { [workspaceId]: _gone, ...rest } = s.byWorkspace;
    return { byWorkspace: rest };
  });
}

/** Reads again the directories a screen has asked for, when main says they changed; returns how to stop. */
export function subscribeDirectories(): () => void {
  const known = (id: string) => id in useDirectoryStore.getState().byWorkspace;
  const offChanged = onWorkspaceEvent('workspace:changed', (e) => {
    if ((e.table === 'directory' || e.table === 'join_request' || e.table === 'resync') && known(e.workspaceId))
      void refreshDirectory(e.workspaceId);
  });
  const offConnectivity = onWorkspaceEvent('workspace:connectivity', (c) => {
    if (c.state === 'online' && known(c.workspaceId)) void refreshDirectory(c.workspaceId);
  });
  return () => {
    offChanged();
    offConnectivity();
  };
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/**
 * The members of a workspace by id, from its verified directory (read once asked for, again as
 * it changes): who approved a row, in words. Empty with no workspace or before the first read.
 */
export function useMemberNames(workspaceId: string | null): ReadonlyMap<string, string> {
  const view = useDirectoryStore((s) => (workspaceId ? s.byWorkspace[workspaceId]?.view : undefined));
  useEffect(() => {
    if (workspaceId && !(workspaceId in useDirectoryStore.getState().byWorkspace)) void refreshDirectory(workspaceId);
  }, [workspaceId]);
  return useMemo(() => (view ? new Map(view.members.map((m) => [m.id, m.name])) : NO_NAMES), [view]);
}

import { create } from 'zustand';
import type { WorkspaceConnectivity, WorkspaceSummary } from '../../../../shared/ipc';
import { onWorkspaceEvent, workspaceCalls } from '../../platform/workspace';
import { coalescedRead } from './coalesced-read';
import { subscribeDirectories } from './directory-store';

/**
 * The team workspaces this desktop belongs to (`workspace:list`): usually none (solo), at most a
 * few. Read once at start, again when main says the directory changed or a workspace reconnected
 * (this desktop's member record may have been registered meanwhile), and patched in place when a
 * workspace's connectivity changes.
 *
 * API for the rest of the renderer (Settings, the shared queue, the approvals inbox):
 * - `useWorkspaces()`: `{ list, loaded, error }` (a hook);
 * - `refreshWorkspaces()`: read the list again now (coalesced when a read is under way);
 * - `workspaceById(id)`: the summary outside React;
 * - `subscribeWorkspaces()`: once, at the app's start (App.tsx), before the first refresh.
 */
export interface WorkspacesState {
  list: readonly WorkspaceSummary[];
  /** False until the first answer (or failure) of `workspace:list`. */
  loaded: boolean;
  /** Why the last read failed, in words; null after a good one. */
  error: string | null;
}

const useWorkspacesStore = create<WorkspacesState>()(() => ({ list: [], loaded: false, error: null }));

export function useWorkspaces(): WorkspacesState {
  return useWorkspacesStore();
}

export function workspaceById(workspaceId: string): WorkspaceSummary | undefined {
  return useWorkspacesStore.getState().list.find((w) => w.id === workspaceId);
}

const readList = coalescedRead(async () => {
  const r = await workspaceCalls.list();
  if (r.ok) useWorkspacesStore.setState({ list: r.value, loaded: true, error: null });
  else useWorkspacesStore.setState({ loaded: true, error: r.error.message });
});

/** Reads the list from main. A call while a read runs makes one more read after it, never a pile. */
export function refreshWorkspaces(): Promise<void> {
  return readList('list');
}

function applyConnectivity(c: WorkspaceConnectivity): void {
  useWorkspacesStore.setState((s) => ({
    list: s.list.map((w) => (w.id === c.workspaceId ? { ...w, connectivity: c } : w)),
  }));
}

/** Keeps the list (and the directories screens read) fresh from main's events; returns how to stop. */
export function subscribeWorkspaces(): () => void {
  const offDirectories = subscribeDirectories();
  const offConnectivity = onWorkspaceEvent('workspace:connectivity', (c) => {
    const before = workspaceById(c.workspaceId)?.connectivity.state;
    applyConnectivity(c);
    if (c.state === 'online' && before !== 'online') void refreshWorkspaces();
  });
  const offChanged = onWorkspaceEvent('workspace:changed', (e) => {
    if (e.table === 'directory' || e.table === 'resync') void refreshWorkspaces();
  });
  return () => {
    offDirectories();
    offConnectivity();
    offChanged();
  };
}

import type { TeamBinding, WorkspaceSummary } from '../../../../shared/ipc/workspace';
import { callMain } from '../../platform/bridge';

/** This desktop's workspaces (main keeps them, offline too); [] when main cannot say, with why. */
export async function joinedWorkspaces(): Promise<{ list: WorkspaceSummary[]; error: string | null }> {
  const r = await callMain((api) => api.workspace.list());
  return r.ok ? { list: r.value, error: null } : { list: [], error: r.error.message };
}

/**
 * Where a profile's transfers and payments are approved and sent: main decides it from the
 * workspaces it verified (src/main/workspace/coverage.ts) and refuses a solo send it does not
 * allow, so the page only asks, to show it and to queue a draft where it belongs.
 */
export async function bindingFor(profileId: string): Promise<TeamBinding> {
  const r = await callMain((api) => api.workspace.binding({ profileId }));
  return r.ok
    ? r.value
    : {
        kind: 'unsure',
        problem: `This desktop cannot tell whether a team workspace approves this profile’s transfers: ${r.error.message}`,
      };
}

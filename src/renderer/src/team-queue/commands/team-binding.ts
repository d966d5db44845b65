import type { WorkspaceSummary } from '../../../../shared/ipc/workspace';
import { DEMO_SERVICE } from '../../../../shared/service-address';
import { callMain } from '../../platform/bridge';
import { teamBinding, type JoinedWorkspace, type TeamBinding } from '../model/binding';

/** This desktop's workspaces (main keeps them, offline too); [] when main cannot say, with why. */
export async function joinedWorkspaces(): Promise<{ list: WorkspaceSummary[]; error: string | null }> {
  const r = await callMain((api) => api.workspace.list());
  return r.ok ? { list: r.value, error: null } : { list: [], error: r.error.message };
}

/** The services a workspace's signed directory holds a policy for; null when it cannot be read now. */
async function policyServices(workspaceId: string): Promise<ReadonlySet<string> | null> {
  const r = await callMain((api) => api.workspace.directory({ workspaceId }));
  return r.ok && r.value.broken === null ? new Set(r.value.policies.map((p) => p.service)) : null;
}

/** Where a profile sending to `service` queues its transfers and payments now (model/binding.ts). */
export async function bindingFor(service: string): Promise<TeamBinding> {
  // The Demo sends to this computer only: no workspace to ask.
  if (service === DEMO_SERVICE) return { kind: 'solo' };
  const { list, error } = await joinedWorkspaces();
  if (error !== null) return { kind: 'unsure', problem: `This desktop cannot tell whether a team workspace approves this profile’s transfers: ${error}` };
  if (list.length === 0) return { kind: 'solo' };
  const joined: JoinedWorkspace[] = await Promise.all(
    list.map(async (w) => ({ id: w.id, name: w.name, canSign: w.me.member?.status === 'active', policyServices: await policyServices(w.id) })),
  );
  return teamBinding(service, joined);
}

import type { WorkspaceSummary } from '../../../../shared/ipc/workspace';
import { DEMO_SERVICE } from '../../../../shared/service-address';
import { callMain } from '../../platform/bridge';
import { onWorkspaceEvent } from '../../platform/workspace';
import { teamBinding, type JoinedWorkspace, type TeamBinding } from '../model/binding';
import { rememberedReads } from '../model/remembered-reads';

/** main's answers, each kept until main says it may have changed (model/remembered-reads.ts): every submit and sender run asks. */
const reads = rememberedReads({
  async list() {
    const r = await callMain((api) => api.workspace.list());
    return r.ok ? { list: r.value, error: null } : { list: [], error: r.error.message };
  },
  async policyServices(workspaceId) {
    const r = await callMain((api) => api.workspace.directory({ workspaceId }));
    return r.ok && r.value.broken === null ? new Set(r.value.policies.map((p) => p.service)) : null;
  },
});

let listening = false;
/** From the first read on, what main says drops what it may have changed. */
function listen(): void {
  if (listening) return;
  listening = true;
  onWorkspaceEvent('workspace:changed', (e) => reads.heard({ event: 'changed', workspaceId: e.workspaceId, table: e.table }));
  onWorkspaceEvent('workspace:connectivity', (c) => reads.heard({ event: 'connectivity', workspaceId: c.workspaceId }));
}

/** This desktop joined, made or left a workspace: the next binding reads everything again. */
export function forgetTeamBindings(): void {
  reads.forget();
}

/** This desktop's workspaces (main keeps them, offline too); [] when main cannot say, with why. */
export async function joinedWorkspaces(): Promise<{ list: WorkspaceSummary[]; error: string | null }> {
  listen();
  return reads.list();
}

/** Where a profile sending to `service` queues its transfers and payments now (model/binding.ts). */
export async function bindingFor(service: string): Promise<TeamBinding> {
  // The Demo sends to this computer only: no workspace to ask.
  if (service === DEMO_SERVICE) return { kind: 'solo' };
  const { list, error } = await joinedWorkspaces();
  if (error !== null) return { kind: 'unsure', problem: `This desktop cannot tell whether a team workspace approves this profile’s transfers: ${error}` };
  if (list.length === 0) return { kind: 'solo' };
  const joined: JoinedWorkspace[] = await Promise.all(
    list.map(async (w) => ({ id: w.id, name: w.name, canSign: w.me.member?.status === 'active', policyServices: await reads.policyServices(w.id) })),
  );
  return teamBinding(service, joined);
}

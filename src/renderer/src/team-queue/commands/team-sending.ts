import { bridge, callMain } from '../../platform/bridge';
import { profileService } from '../../outbox/commands/profile-service';
import { useSenderStatus } from '../../outbox/commands/sender-status';
import { mirrorTeamOutcome } from '../../outbox/repo/team-rows-repo';
import { transactionsBetween } from '../../outbox/sender/reconcile';
import { sendRow } from '../../outbox/sender/send-row';
import { sendReadyTeamRows, TEAM_LEASE_MS, type TeamWire } from '../../outbox/sender/team-sender';
import { useProfiles } from '../../stores/profiles';
import { bindingFor } from './team-binding';
import { narrowedOneAtATime, type NamedRows } from './per-workspace';

/** main's workspace channels and the outbox's own send, as the team sender uses them. */
const wire: TeamWire = {
  rows: (workspaceId, service, options) =>
    callMain((api) => api.workspace.rows({ workspaceId, service, ...(options?.includeClosed ? { includeClosed: true } : {}), ...(options?.rowIds ? { rowIds: options.rowIds } : {}) })),
  claim: (workspaceId, rowId, leaseMs) => callMain((api) => api.workspace.claim({ workspaceId, rowId, leaseMs })),
  claimMany: (workspaceId, rowIds, leaseMs) => callMain((api) => api.workspace.claimMany({ workspaceId, rowIds, leaseMs })),
  outcomes: (workspaceId, outcomes) => callMain((api) => api.workspace.outcomes({ workspaceId, outcomes })),
  renew: (workspaceId, rowId, fence, leaseMs) => callMain((api) => api.workspace.renew({ workspaceId, rowId, fence, leaseMs })),
  outcome: (workspaceId, rowId, fence, state, detail) => callMain((api) => api.workspace.outcome({ workspaceId, rowId, fence, state, detail: detail.slice(0, 2000) })),
  send: sendRow,
  transactions: transactionsBetween,
  mirror: (profileId, rowId, outcome, detail) => mirrorTeamOutcome(profileId, rowId, outcome, detail),
};

/** A workspace looks for ready rows now and then even when no NOTIFY came (a lease that expired elsewhere). */
const LOOK_AGAIN_MS = 30_000;

// One run at a time per profile and workspace; what changes meanwhile is gathered for one more
// run right after (the run under way may have read the rows before the change).
const sendSoon = narrowedOneAtATime(async (profileId, workspaceId, named) => {
  const service = profileService(profileId);
  if (service !== null) await sendReadyTeamRows(profileId, workspaceId, service, wire, TEAM_LEASE_MS, named);
});

/**
 * One profile's ready team rows (only those among `named` when a change named them), if this
 * desktop holds its API key, a workspace covers it (`from`, when the change came from one), and
 * sending is not paused.
 */
async function sendForProfile(profileId: string, named: NamedRows, from?: string): Promise<void> {
  const profile = useProfiles.getState().profiles.find((p) => p.id === profileId);
  const service = profileService(profileId);
  if (!profile || profile.kind !== 'live' || !profile.hasKey || service === null) return;
  if (useSenderStatus.getState().byProfile[profileId]?.paused) return;
  const binding = await bindingFor(service);
  if (binding.kind !== 'team' || (from !== undefined && binding.workspaceId !== from)) return;
  await sendSoon(profileId, binding.workspaceId, named);
}

function sendAll(named: NamedRows = null, from?: string): void {
  for (const p of useProfiles.getState().profiles) void sendForProfile(p.id, named, from).catch(() => undefined);
}

/** The live profiles this desktop holds the key of, as one string to compare. */
const keyHolders = (profiles: readonly { id: string; kind: string; hasKey: boolean }[]) =>
  profiles
    .filter((p) => p.kind === 'live' && p.hasKey)
    .map((p) => p.id)
    .join(',');

/**
 * Sends what the team workspaces approved for the profiles this desktop holds the API key of:
 * at start, when a row or a decision changes in a workspace, when one answers again, and now and
 * then. Without a workspace it reads nothing but the (empty) list. Returns how to stop.
 */
export function startTeamSending(): () => void {
  const api = bridge();
  if (!api) return () => undefined;
  sendAll();
  // The profiles reach the page from main after this starts (and change later): a profile that
  // can send looks at once, not at the next look LOOK_AGAIN_MS away (a desktop started again
  // after a crash sat idle that long).
  let holders = keyHolders(useProfiles.getState().profiles);
  const offProfiles = useProfiles.subscribe(({ profiles }) => {
    const now = keyHolders(profiles);
    if (now === holders) return;
    holders = now;
    sendAll();
  });
  const offChanged = api.on('workspace:changed', (c) => {
    if (c.table === 'resync') sendAll(null, c.workspaceId);
    else if (c.table === 'queue_row' || c.table === 'decision') sendAll(c.keys ? new Set(c.keys) : null, c.workspaceId);
  });
  const offConnectivity = api.on('workspace:connectivity', (c) => {
    if (c.state === 'online') sendAll(null, c.workspaceId);
  });
  const timer = setInterval(() => sendAll(), LOOK_AGAIN_MS);
  return () => {
    offProfiles();
    offChanged();
    offConnectivity();
    clearInterval(timer);
  };
}

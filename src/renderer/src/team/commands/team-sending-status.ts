import { create } from 'zustand';
import type { TeamSendingStatus } from '../../../../shared/ipc';
import { bridge, callMain } from '../../platform/bridge';
import { useSenderStatus } from '../../outbox/commands/sender-status';

interface TeamSendingStore {
  /** What main's team sender does per profile (a profile a workspace covers and whose key this desktop holds). */
  byProfile: Record<string, TeamSendingStatus>;
}

/** main's team sender as the Approvals screen shows it: read at start, then each event main sends. */
export const useTeamSending = create<TeamSendingStore>()(() => ({ byProfile: {} }));

const take = (s: TeamSendingStatus) =>
  useTeamSending.setState((st) => ({ byProfile: { ...st.byProfile, [s.profileId]: s } }));

/** Follows main's team sender; returns how to stop. */
export function followTeamSending(): () => void {
  const api = bridge();
  if (!api) return () => undefined;
  void callMain((a) => a.outbox.teamSending()).then((r) => {
    if (r.ok) for (const s of r.value) take(s);
  });
  return api.on('outbox:team-sending', take);
}

/**
 * Whether sending is paused for this profile: this desktop's own sender, or main's team sender
 * (one pause holds both, sending.ts). Every screen that says when approved items go asks this.
 */
export function useSendingPaused(profileId: string | null): boolean {
  const solo = useSenderStatus((s) => (profileId ? (s.byProfile[profileId]?.paused ?? false) : false));
  const team = useTeamSending((s) => (profileId ? s.byProfile[profileId]?.state === 'paused' : false));
  return solo || team;
}

/** Whether main's team sender, which sends this profile's team rows, is the one paused. */
export function useTeamSendingPaused(profileId: string | null): boolean {
  return useTeamSending((s) => (profileId ? s.byProfile[profileId]?.state === 'paused' : false));
}

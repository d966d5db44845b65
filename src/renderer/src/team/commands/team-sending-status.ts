import { create } from 'zustand';
import type { TeamSendingStatus } from '../../../../shared/ipc';
import { bridge, callMain } from '../../platform/bridge';

interface TeamSendingStore {
  /** What main's team sender does per profile (a profile a workspace covers and whose key this desktop holds). */
  byProfile: Record<string, TeamSendingStatus>;
}

/** main's team sender as the Approvals screen shows it: read at start, then each event main sends. */
export const useTeamSending = create<TeamSendingStore>()(() => ({ byProfile: {} }));

const take = (s: TeamSendingStatus) => useTeamSending.setState((st) => ({ byProfile: { ...st.byProfile, [s.profileId]: s } }));

/** Follows main's team sender; returns how to stop. */
export function followTeamSending(): () => void {
  const api = bridge();
  if (!api) return () => undefined;
  void callMain((a) => a.outbox.teamSending()).then((r) => {
    if (r.ok) for (const s of r.value) take(s);
  });
  return api.on('outbox:team-sending', take);
}

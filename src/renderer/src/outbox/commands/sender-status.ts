import { create } from 'zustand';
import type { SenderView } from '../sender/sender-pool';

interface SenderStatusStore {
  byProfile: Record<string, SenderView>;
  /** A partial view merges into the profile's; null forgets the profile. */
  set(profileId: string, view: Partial<SenderView> | null): void;
}

const IDLE: SenderView = { state: 'idle', paused: false, blocked: null };

/** What each profile's sender is doing, as the queue screen and the sidebar show it. */
export const useSenderStatus = create<SenderStatusStore>()((set) => ({
  byProfile: {},
  set: (profileId, view) =>
    set((s) => {
      if (view === null) {
        const { [profileId]: _gone, ...rest } = s.byProfile;
        return { byProfile: rest };
      }
      return { byProfile: { ...s.byProfile, [profileId]: { ...(s.byProfile[profileId] ?? IDLE), ...view } } };
    }),
}));

import { create } from 'zustand';
import type { SenderState } from '../sender/sender';

/** What each profile's sender is doing, for the queue screen and the sidebar. */
export interface SenderView {
  state: SenderState;
  paused: boolean;
  /** Why it stopped when no row is at fault (no key, profile gone). */
  blocked: string | null;
}

interface OutboxSenderStore {
  byProfile: Record<string, SenderView>;
  set(profileId: string, view: Partial<SenderView>): void;
  forget(profileId: string): void;
}

const IDLE: SenderView = { state: 'idle', paused: false, blocked: null };

export const useOutboxSender = create<OutboxSenderStore>()((set) => ({
  byProfile: {},
  set: (profileId, view) => set((s) => ({ byProfile: { ...s.byProfile, [profileId]: { ...(s.byProfile[profileId] ?? IDLE), ...view } } })),
  forget: (profileId) =>
    set((s) => {
      const { [profileId]: _gone, ...rest } = s.byProfile;
      return { byProfile: rest };
    }),
}));

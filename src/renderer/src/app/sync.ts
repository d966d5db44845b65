import { create } from 'zustand';
import { createSyncRunner } from '../sync/sync-runner';
import type { SyncProgress } from '../sync/sync-progress';

/** Each profile's sync, as the screens show it (progress, errors, last success). */
interface SyncStore {
  byProfile: Record<string, SyncProgress>;
  set(profileId: string, p: SyncProgress): void;
}

export const useSyncStore = create<SyncStore>()((set) => ({
  byProfile: {},
  set: (profileId, p) => set((s) => ({ byProfile: { ...s.byProfile, [profileId]: p } })),
}));

/** The app's one sync runner, reporting into the store above. */
export const syncs = createSyncRunner({
  last: (profileId) => useSyncStore.getState().byProfile[profileId],
  set: (profileId, progress) => useSyncStore.getState().set(profileId, progress),
});

import { create } from 'zustand';
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

import { create } from 'zustand';
import type { ArgOf, ProfilesState, ProfileUpdateResult, ProfileView, Result } from '../../../shared/ipc';
import { bridge, callMain } from '../platform/bridge';

export type NewProfile = ArgOf<'profiles:create'>;
export type ProfileChanges = ArgOf<'profiles:update'>;
export type NewKey = ArgOf<'profiles:setKey'>;

interface ProfilesStore {
  loaded: boolean;
  profiles: ProfileView[];
  activeProfileId: string | null;
  recovered: ProfilesState['recovered'] | null;
  /** A profile switch in flight (starting the Demo sandbox can take a moment). */
  switching: boolean;
  /** The last failure, in words for the person; cleared by the next success or dismiss. */
  error: string | null;
  load(): Promise<void>;
  select(id: string): Promise<boolean>;
  /**
   * Forwards the new profile (key included) to main and returns main's answer so the form can
   * show field errors. The key is deliberately not kept in this store.
   */
  create(input: NewProfile): Promise<Result<ProfileView>>;
  /**
   * Changes a live profile's name or addresses; the result carries field errors for the form.
   * A changed address drops the stored key unless a new one comes with the change (main decides).
   */
  update(input: ProfileChanges): Promise<Result<ProfileUpdateResult>>;
  /** Sets or replaces a live profile's key; like create, the key passes through, never stays. */
  setKey(input: NewKey): Promise<Result<ProfileView>>;
  dismissError(): void;
  /** Applies a `profiles:changed` event or a call's result. */
  apply(state: ProfilesState): void;
}

export const useProfiles = create<ProfilesStore>()((set, get) => ({
  loaded: false,
  profiles: [],
  activeProfileId: null,
  recovered: null,
  switching: false,
  error: null,

  apply: (state) =>
    set({
      loaded: true,
      profiles: state.profiles,
      activeProfileId: state.activeProfileId,
      recovered: state.recovered ?? null,
    }),

  load: async () => {
    const r = await callMain((api) => api.profiles.list());
    if (r.ok) get().apply(r.value);
    else set({ loaded: true, error: r.error.message });
  },

  select: async (id) => {
    set({ switching: true, error: null });
    const r = await callMain((api) => api.profiles.select({ id }));
    set({ switching: false });
    if (r.ok) get().apply(r.value);
    else set({ error: r.error.message });
    return r.ok;
  },

  create: async (input) => {
    const r = await callMain((api) => api.profiles.create(input));
    // The list arrives through `profiles:changed`, but reloading keeps us right if it does not.
    if (r.ok) await get().load();
    return r;
  },

  update: async (input) => {
    const r = await callMain((api) => api.profiles.update(input));
    if (r.ok) await get().load();
    return r;
  },

  setKey: async (input) => {
    const r = await callMain((api) => api.profiles.setKey(input));
    if (r.ok) await get().load();
    return r;
  },

  dismissError: () => set({ error: null }),
}));

/** Keeps the store in step with main; returns the unsubscribe function. */
export function subscribeProfiles(): () => void {
  return bridge()?.on('profiles:changed', (state) => useProfiles.getState().apply(state)) ?? (() => {});
}

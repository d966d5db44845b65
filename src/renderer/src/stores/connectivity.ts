import { create } from 'zustand';
import type { ConnectivityStatus } from '../../../shared/ipc';
import { bridge, callMain } from '../platform/bridge';
import { useProfiles } from './profiles';

/**
 * The connection of every profile main watches. Each profile has its own service, so its own
 * state: a background profile going offline must not light up the banner of the one on screen,
 * and its outbox must know its own state.
 */
interface ConnectivityStore {
  byProfile: Record<string, ConnectivityStatus>;
  /** A "Retry now" probe in flight. */
  checking: boolean;
  error: string | null;
  load(profileId: string): Promise<void>;
  check(profileId: string): Promise<void>;
  apply(status: ConnectivityStatus): void;
}

export const useConnectivity = create<ConnectivityStore>()((set, get) => ({
  byProfile: {},
  checking: false,
  error: null,

  apply: (status) => {
    if (status.profileId === null) return;
    set((s) => ({ byProfile: { ...s.byProfile, [status.profileId as string]: status }, error: null }));
  },

  load: async (profileId) => {
    const r = await callMain((api) => api.connectivity.get({ profileId }));
    if (r.ok) get().apply(r.value);
    else set({ error: r.error.message });
  },

  check: async (profileId) => {
    if (get().checking) return;
    set({ checking: true });
    const r = await callMain((api) => api.connectivity.check({ profileId }));
    set({ checking: false });
    if (r.ok) get().apply(r.value);
    else set({ error: r.error.message });
  },
}));

/** The state of the profile on screen (null before anything is known). */
export function useActiveConnectivity(): ConnectivityStatus | null {
  const activeId = useProfiles((s) => s.activeProfileId);
  return useConnectivity((s) => (activeId ? (s.byProfile[activeId] ?? null) : null));
}

export function subscribeConnectivity(): () => void {
  return bridge()?.on('connectivity:changed', (status) => useConnectivity.getState().apply(status)) ?? (() => {});
}

/** The words the indicator shows; "unknown" means a first probe is still on its way. */
export function connectivityLabel(status: ConnectivityStatus | null): string {
  switch (status?.state) {
    case 'online':
      return 'Online';
    case 'offline':
      return 'Offline';
    case 'degraded':
      return 'Degraded';
    default:
      return 'Checking…';
  }
}

import { create } from 'zustand';
import type { ConnectivityStatus } from '../../../shared/ipc';
import { bridge, callMain } from '../platform/bridge';

interface ConnectivityStore {
  status: ConnectivityStatus | null;
  /** A "Retry now" probe in flight. */
  checking: boolean;
  error: string | null;
  load(): Promise<void>;
  check(): Promise<void>;
  apply(status: ConnectivityStatus): void;
}

export const useConnectivity = create<ConnectivityStore>()((set, get) => ({
  status: null,
  checking: false,
  error: null,

  apply: (status) => set({ status, error: null }),

  load: async () => {
    const r = await callMain((api) => api.connectivity.get());
    if (r.ok) get().apply(r.value);
    else set({ error: r.error.message });
  },

  check: async () => {
    if (get().checking) return;
    set({ checking: true });
    const r = await callMain((api) => api.connectivity.check());
    set({ checking: false });
    if (r.ok) get().apply(r.value);
    else set({ error: r.error.message });
  },
}));

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

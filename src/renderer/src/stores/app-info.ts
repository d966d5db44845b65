import { create } from 'zustand';
import { callMain } from '../platform/bridge';
import { isMac } from '../model/shortcuts';

/**
 * What main says about the app: the OS decides whether shortcuts use ⌘ or Ctrl. Until main
 * answers (or if it cannot), Ctrl: the page's own idea of its platform is not asked, so that
 * the words and the bindings both follow main's answer.
 */
interface AppInfoStore {
  platform: string | null;
  mac: boolean;
  load(): Promise<void>;
}

export const useAppInfo = create<AppInfoStore>()((set, get) => ({
  platform: null,
  mac: false,
  load: async () => {
    if (get().platform !== null) return;
    const r = await callMain((api) => api.app.info());
    if (r.ok) set({ platform: r.value.platform, mac: isMac(r.value.platform) });
  },
}));

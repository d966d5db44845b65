import { create } from 'zustand';
import type { AppSettings, AppSettingsChange, NotificationEvent } from '../../../shared/ipc';
import { bridge, callMain } from '../platform/bridge';

/** Theme and notifications as main keeps them (settings.json); main applies the theme to the window itself. */
interface AppSettingsStore {
  /** Null until main has answered. */
  settings: AppSettings | null;
  /** The last failure to save, in words for the person. */
  error: string | null;
  load(): Promise<void>;
  change(change: AppSettingsChange): Promise<boolean>;
  apply(settings: AppSettings): void;
}

export const useAppSettings = create<AppSettingsStore>()((set, get) => ({
  settings: null,
  error: null,
  apply: (settings) => set({ settings, error: null }),
  load: async () => {
    const r = await callMain((api) => api.settings.get());
    if (r.ok) get().apply(r.value);
    else set({ error: r.error.message });
  },
  change: async (change) => {
    // Shown at once (a checkbox or radio follows the click); main's answer then says what was saved.
    const before = get().settings;
    if (before) {
      const notifications = { ...before.notifications };
      for (const [event, on] of Object.entries(change.notifications ?? {}))
        if (on !== undefined) notifications[event as NotificationEvent] = on;
      set({ settings: { theme: change.theme ?? before.theme, notifications } });
    }
    const r = await callMain((api) => api.settings.set(change));
    if (r.ok) get().apply(r.value);
    else set({ settings: before, error: `The setting was not saved: ${r.error.message}` });
    return r.ok;
  },
}));

/**
 * Whether the person wants OS notifications of `event`. Before main has answered, yes: main
 * checks every notification against the saved settings again, so nothing unwanted is shown.
 */
export function notificationWanted(event: NotificationEvent): boolean {
  return useAppSettings.getState().settings?.notifications[event] ?? true;
}

/** Keeps the store in step with main (a change made in another window); returns the unsubscribe function. */
export function subscribeAppSettings(): () => void {
  return bridge()?.on('settings:changed', (s) => useAppSettings.getState().apply(s)) ?? (() => {});
}

import type { Shortcut } from '../../model/shortcuts';

/** F5 updates, as it refreshes in most desktop apps (Ctrl+R reloads the window in Electron's menu). */
export const UPDATE_SHORTCUT: Shortcut = { key: 'F5', inFields: true };

/** Why "Update now" cannot run (no full stop: the palette writes it mid-sentence), or undefined when it can. */
export function updateBlocked(s: { noKey: boolean; offline: boolean; running: boolean }): string | undefined {
  if (s.noKey) return 'This profile has no API key: add it in Settings';
  if (s.offline) return 'Offline: an update starts by itself when the connection returns';
  if (s.running) return 'An update is running';
  return undefined;
}

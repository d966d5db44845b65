import { isSameOrigin } from '../app-protocol/origin';

/**
 * What the window may load, open and let through: plain functions (no Electron) so the rules
 * are tested directly, and window-guards.ts only wires them to Electron's events.
 */

/** Hosts whose links open in the person's browser (help pages); everything else is refused. */
export const EXTERNAL_LINK_ALLOWLIST: readonly string[] = ['github.com', 'www.electronjs.org'];

/** Web preferences of every window (preload and devTools are added where the window is made). */
export const HARDENED_WEB_PREFERENCES = Object.freeze({
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
});

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Whether `url` is the app's own page: its fixed origin (or the dev server's in development). */
export function isAppUrl(url: string, appOrigin: string): boolean {
  return isSameOrigin(url, appOrigin);
}

/** A frame may navigate only if it is the top frame and stays on the app (the app has no iframes). */
export function mayNavigate(url: string, isMainFrame: boolean, appOrigin: string): boolean {
  return isMainFrame && isAppUrl(url, appOrigin);
}

/** Only https links to an allowlisted host may leave the app (to the default browser). */
export function isAllowedExternalUrl(url: string, allowlist: readonly string[] = EXTERNAL_LINK_ALLOWLIST): boolean {
  const u = parse(url);
  return !!u && u.protocol === 'https:' && u.username === '' && u.password === '' && allowlist.includes(u.hostname);
}

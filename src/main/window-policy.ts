/**
 * What the window may load, open and let through: plain functions (no Electron) so the rules
 * are tested directly, and window.ts only wires them to Electron's events.
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

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Whether `url` is the app's own page: the packaged file, or the dev server in development.
 * `appUrl` is what the window loaded.
 */
export function isAppUrl(url: string, appUrl: string): boolean {
  const u = parse(url);
  const app = parse(appUrl);
  if (!u || !app) return false;
  if (app.protocol === 'file:') return u.protocol === 'file:' && u.pathname === app.pathname;
  return u.origin === app.origin;
}

/** Only https links to an allowlisted host may leave the app (to the default browser). */
export function isAllowedExternalUrl(url: string, allowlist: readonly string[] = EXTERNAL_LINK_ALLOWLIST): boolean {
  const u = parse(url);
  return !!u && u.protocol === 'https:' && u.username === '' && u.password === '' && allowlist.includes(u.hostname);
}

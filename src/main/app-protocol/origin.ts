/**
 * Where the renderer lives. IndexedDB, Web Locks and workers belong to the page's origin, so this
 * is chosen once and never changed: a new origin would strand every profile's cache and outbox.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'treasury';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Protocol, host and port of a URL, comparable for custom schemes too (WHATWG URL gives
 * `origin === 'null'` for a scheme it does not know, so `URL.origin` cannot be used for app://).
 */
export function originOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (!u.host) return null;
  return `${u.protocol}//${u.host}`.toLowerCase();
}

export function isSameOrigin(url: string, origin: string): boolean {
  const o = originOf(url);
  return o !== null && o === originOf(origin);
}

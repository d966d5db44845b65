import { protocol, type CustomScheme } from 'electron';
import { appResponseHeaders, readAppFile } from './app-files';
import { APP_HOST, APP_SCHEME } from './origin';

/**
 * The app's own scheme: standard (so it has a real origin that owns IndexedDB, Web Locks and
 * workers) and secure (a secure context), unlike file://, where the CSP header does not apply and
 * 'self' matches every local file.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
};

/** Must run before `app.whenReady()`. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
}

/** Serves the built renderer from `rendererDir` at app://treasury/, with the CSP on every response. */
export function serveAppScheme(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) {
      return new Response('not found', { status: 404, headers: appResponseHeaders('text/plain; charset=utf-8') });
    }
    const file = await readAppFile(rendererDir, url.pathname, request.method);
    return new Response(new Uint8Array(file.body), { status: file.status, headers: file.headers });
  });
}

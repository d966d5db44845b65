import { shell, type Session, type WebContents } from 'electron';
import { isAllowedExternalUrl, isAppUrl, mayNavigate } from './window-policy';

/**
 * The same guards on every webContents the app ever creates (main.ts attaches this on
 * `web-contents-created`), not only the main window: no new windows, no navigation or redirect
 * away from the app, no frame navigation, no webviews.
 */
export function guardWebContents(contents: WebContents, appOrigin: string): void {
  // New windows: never; an allowlisted https link goes to the person's browser instead.
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url, appOrigin)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!mayNavigate(event.url, event.isMainFrame, appOrigin)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url, appOrigin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  guardSession(contents.session);
}

const guarded = new WeakSet<Session>();

/** The app asks for no permission (camera, notifications prompt, geolocation...): all are refused. */
export function guardSession(session: Session): void {
  if (guarded.has(session)) return;
  guarded.add(session);
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

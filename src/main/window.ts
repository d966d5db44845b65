import { join } from 'node:path';
import { app, BrowserWindow, shell } from 'electron';
import { CONTENT_SECURITY_POLICY, HARDENED_WEB_PREFERENCES, isAllowedExternalUrl, isAppUrl } from './window-policy';

/**
 * Creates the main window with hardened web preferences. The renderer is sandboxed, isolated
 * from the preload and has no Node; it cannot open windows, navigate away, get permissions or
 * load anything but the app, and DevTools are off in packaged builds.
 */
export function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Treasury Desktop',
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: join(__dirname, '../preload/index.js'), devTools: !app.isPackaged },
  });

  const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
  const useDevServer = !app.isPackaged && !!devServerUrl;
  const appUrl = useDevServer ? (devServerUrl as string) : `file://${join(__dirname, '../renderer/index.html')}`;

  win.once('ready-to-show', () => win.show());

  const contents = win.webContents;
  // New windows: never; an allowlisted https link goes to the person's browser instead.
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  const refuseForeign = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault();
  };
  contents.on('will-navigate', refuseForeign);
  contents.on('will-redirect', refuseForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  contents.session.setPermissionCheckHandler(() => false);
  // The CSP also travels as a header, so it holds for the dev server as for the packaged file.
  contents.session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });

  if (useDevServer) void win.loadURL(appUrl);
  else void win.loadFile(join(__dirname, '../renderer/index.html'));
  return win;
}

/** The URL the main window loads, for the IPC sender check. */
export function appUrlOf(win: BrowserWindow): string {
  return win.webContents.getURL();
}

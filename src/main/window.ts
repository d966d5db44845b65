import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';
import { CONTENT_SECURITY_POLICY, HARDENED_WEB_PREFERENCES } from './window-policy';

/**
 * Creates the main window with hardened web preferences. The renderer is sandboxed, isolated
 * from the preload and has no Node; the guards of window-guards.ts are attached to it (and to
 * every other webContents) on `web-contents-created`. DevTools are off in packaged builds.
 */
export function createMainWindow(entryUrl: string, options: { devServer: boolean }): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Treasury Desktop',
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: join(__dirname, '../preload/index.js'), devTools: !app.isPackaged },
  });
  win.once('ready-to-show', () => win.show());
  if (options.devServer) {
    // The app's scheme sends the CSP itself; the dev server does not, so it is added here.
    win.webContents.session.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
    });
  }
  void win.loadURL(entryUrl);
  return win;
}

import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';
import { windowIconPath, type IconPlace } from '../app-icons';
import type { WindowPlacement, WindowSize } from './window-state';
import { CONTENT_SECURITY_POLICY } from '../app-protocol/content-security-policy';
import { HARDENED_WEB_PREFERENCES } from './window-policy';

/** The main window's size on a first start, and the least it may be made. */
export const MAIN_WINDOW_SIZE: WindowSize = { width: 1280, height: 800, minWidth: 800, minHeight: 560 };

/** This app's icons: beside the asar when packaged, in the source tree's resources/ otherwise. */
export function iconPlace(): IconPlace {
  return {
    packaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath(),
    platform: process.platform,
  };
}

/**
 * Creates the main window with hardened web preferences, where `placement` says (the
 * window-state module: where the person left it, fitted to today's displays). The renderer is
 * sandboxed, isolated from the preload and has no Node; the guards of window-guards.ts are
 * attached to it (and to every other webContents) on `web-contents-created`. DevTools are off in
 * packaged builds.
 */
export function createMainWindow(
  entryUrl: string,
  options: { devServer: boolean; placement: WindowPlacement },
): BrowserWindow {
  const { bounds, maximized, fullScreen } = options.placement;
  const icon = windowIconPath(iconPlace());
  const win = new BrowserWindow({
    ...bounds,
    minWidth: MAIN_WINDOW_SIZE.minWidth,
    minHeight: MAIN_WINDOW_SIZE.minHeight,
    fullscreen: fullScreen,
    show: false,
    title: 'Treasury Desktop',
    ...(icon ? { icon } : {}),
    webPreferences: {
      ...HARDENED_WEB_PREFERENCES,
      preload: join(__dirname, '../preload/index.js'),
      devTools: !app.isPackaged,
    },
  });
  win.once('ready-to-show', () => {
    // Maximized over the bounds above, so that is where it returns when unmaximized.
    if (maximized && !fullScreen) win.maximize();
    win.show();
  });
  if (options.devServer) {
    // The app's scheme sends the CSP itself; the dev server does not, so it is added here.
    win.webContents.session.webRequest.onHeadersReceived((details, callback) => {
      callback({
        responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
      });
    });
  }
  void win.loadURL(entryUrl);
  return win;
}

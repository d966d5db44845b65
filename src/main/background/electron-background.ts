import { app, type BrowserWindow, dialog, Menu, nativeImage, Notification, Tray } from 'electron';
import { trayIconPath } from '../app-icons';
import { iconPlace } from '../window/main-window';
import { BackgroundSending } from './background-sending';

/**
 * BackgroundSending wired to Electron: the question is a dialog on the window, the background
 * is a hidden window with a tray icon (Windows, Linux) or a dock badge (macOS).
 */
export function electronBackgroundSending(
  mainWindow: () => BrowserWindow | null,
  iconPath = trayIconPath(iconPlace()),
  notifyAllowed: () => boolean = () => true,
): BackgroundSending {
  return new BackgroundSending({
    platform: process.platform,
    ask: async (question) => {
      const win = mainWindow();
      const options = { type: 'question' as const, noLink: true, ...question };
      return (win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options)).response;
    },
    hideWindow: () => {
      const win = mainWindow();
      // A hidden window's timers are throttled to about once a minute; the sender's backoff needs them.
      win?.webContents.setBackgroundThrottling(false);
      win?.hide();
    },
    showWindow: () => {
      const win = mainWindow();
      if (!win) return;
      win.webContents.setBackgroundThrottling(true);
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
    },
    showTray: ({ tooltip, items }) => {
      const tray = new Tray(nativeImage.createFromPath(iconPath));
      tray.setToolTip(tooltip);
      tray.setContextMenu(
        Menu.buildFromTemplate(
          items.map(({ label, enabled, click }) => ({ label, enabled, ...(click ? { click } : {}) })),
        ),
      );
      return () => tray.destroy();
    },
    setDockBadge: (text) => app.dock?.setBadge(text),
    notify: (title, body) => {
      // "Everything sent" is a sent notification: shown only if the person wants those (Settings).
      if (notifyAllowed() && Notification.isSupported()) new Notification({ title, body }).show();
    },
    quit: () => app.quit(),
  });
}

/** Asks before the last window closes while approved items are unsent (BackgroundSending decides). */
export function guardLastWindowClose(
  win: BrowserWindow,
  background: BackgroundSending,
  windowCount: () => number,
): void {
  win.on('close', (event) => {
    if (windowCount() > 1) return;
    if (background.holdForUnsent()) event.preventDefault();
  });
}

/** The same question for a quit from the menu, the Dock or Cmd+Q; a confirmed quit passes. */
export function guardQuit(background: BackgroundSending): void {
  app.on('before-quit', (event) => {
    if (background.holdForUnsent()) event.preventDefault();
  });
}

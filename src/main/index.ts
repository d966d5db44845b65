import { join } from 'node:path';
import { app, BrowserWindow, dialog, nativeTheme, net, Notification, session, shell } from 'electron';
import { registerAppScheme, serveAppScheme } from './app-protocol/electron-scheme';
import { electronBackgroundSending, guardLastWindowClose, guardQuit } from './background/electron-background';
import { APP_ENTRY_URL, APP_ORIGIN, originOf } from './app-protocol/origin';
import { electronClipboard } from './clipboard/electron-clipboard';
import { createMainCore, type MainCore } from './core';
import { broadcast, registerIpc } from './ipc/register';
import { electronPrompt } from './prompt/electron-prompt';
import { electronInstaller, electronPageLocks } from './updates/electron-updates';
import { createMainWindow, MAIN_WINDOW_SIZE } from './window/main-window';
import { guardSession, guardWebContents } from './window/window-guards';
import { currentDisplays, keepWindowState } from './window/electron-window-state';
import { openWindowState, type WindowStateStore } from './window/window-state-file';

// Every renderer is sandboxed, whatever its webPreferences say.
app.enableSandbox();
// Before ready: the app's scheme must be known as standard and secure when the first page loads.
registerAppScheme();

// In development the renderer comes from the Vite dev server (its own origin, its own data).
const devServerUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined;
const appOrigin = (devServerUrl && originOf(devServerUrl)) || APP_ORIGIN;

// Every webContents, not only the main window, gets the same guards.
app.on('web-contents-created', (_event, contents) => guardWebContents(contents, appOrigin));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let mainWindow: BrowserWindow | null = null;
  let core: MainCore | undefined;
  let windowState: WindowStateStore | undefined;
  let quitHeld = false;

  const windows = () => BrowserWindow.getAllWindows();
  // Closing the last window with approved items unsent asks first (keep sending in the background, or quit).
  const background = electronBackgroundSending(
    () => mainWindow,
    undefined,
    () => core?.notificationsAllow(['sent']) ?? true,
  );

  const openMainWindow = (state: WindowStateStore): void => {
    mainWindow = createMainWindow(devServerUrl ?? APP_ENTRY_URL, {
      devServer: !!devServerUrl,
      placement: state.placement(currentDisplays(), MAIN_WINDOW_SIZE),
    });
    keepWindowState(mainWindow, state);
    guardLastWindowClose(mainWindow, background, () => windows().length);
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  app.on('second-instance', () => {
    if (mainWindow) background.reopen();
  });

  guardQuit(background);

  // A window's page or a helper process that dies is logged (its reason and exit code): a person
  // reporting "the window went blank" then has a line that says why.
  app.on('render-process-gone', (_event, contents, details) => {
    core?.log.error('window.gone', { reason: details.reason, exitCode: details.exitCode, url: contents.getURL() });
  });
  app.on('child-process-gone', (_event, details) => {
    core?.log.error('process.gone', {
      type: details.type,
      reason: details.reason,
      exitCode: details.exitCode,
      ...(details.name ? { name: details.name } : {}),
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (!app.isReady()) return;
    if (mainWindow && background.isInBackground) background.reopen();
    else if (BrowserWindow.getAllWindows().length === 0 && windowState) openMainWindow(windowState);
  });

  app.on('will-quit', (event) => {
    // A copied card number still on the clipboard goes first, the window's place is written
    // (saved as the window closed), and the Demo's database server stops and its folder goes.
    // Each answers with a promise, so the quit is held once until they are done (bounded), then
    // asked for again, and goes through.
    const pending = quitHeld
      ? []
      : [core?.releaseClipboard(), windowState?.flush(), core?.releaseDemoTeam()].filter(
          (p): p is Promise<void> => p !== undefined,
        );
    if (pending.length > 0) {
      quitHeld = true;
      event.preventDefault();
      const bounded = Promise.race([Promise.all(pending), new Promise<void>((resolve) => setTimeout(resolve, 2_000))]);
      void bounded.finally(() => app.quit());
      return;
    }
    void core?.dispose();
  });

  void app.whenReady().then(async () => {
    guardSession(session.defaultSession);
    serveAppScheme(join(__dirname, '../renderer'));
    core = await createMainCore({
      userDataDir: app.getPath('userData'),
      version: app.getVersion(),
      platform: process.platform,
      emit: (event, payload) => broadcast(windows(), event, payload),
      isOsOnline: () => net.isOnline(),
      // The Demo with its simulated team (a database server main starts when the Demo does).
      demo: { team: true },
      // Before the first window exists, so its first paint already has the person's theme.
      applyTheme: (theme) => {
        nativeTheme.themeSource = theme;
      },
      notify: (title, body) => {
        if (!Notification.isSupported()) return false;
        new Notification({ title, body }).show();
        return true;
      },
      reportUnsent: (count) => background.setUnsent(count),
      // An unpackaged run (development) has nothing to replace: updates come from the installer there.
      ...(app.isPackaged ? { updates: { installer: electronInstaller(), pageLocks: electronPageLocks(windows) } } : {}),
      // shell.openPath answers '' on success, the OS's error text otherwise.
      openFolder: async (path) => (await shell.openPath(path)) === '',
      clipboard: electronClipboard(),
      prompt: electronPrompt(() => mainWindow),
      saveDialog: async ({ suggestedName, filters }) => {
        const options = { defaultPath: join(app.getPath('downloads'), suggestedName), filters };
        const r = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
        return r.canceled || !r.filePath ? null : r.filePath;
      },
    });
    registerIpc(core.handlers, windows, appOrigin);
    windowState = await openWindowState(join(app.getPath('userData'), 'window-state.json'));
    openMainWindow(windowState);
  });
}

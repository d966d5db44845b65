import { app, BrowserWindow, net } from 'electron';
import { createMainCore, type MainCore } from './core';
import { broadcast, registerIpc } from './ipc/register';
import { createMainWindow } from './window';

// Every renderer is sandboxed, whatever its webPreferences say.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let mainWindow: BrowserWindow | null = null;
  let core: MainCore | undefined;

  const windows = () => BrowserWindow.getAllWindows();

  const openMainWindow = (): void => {
    mainWindow = createMainWindow();
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) openMainWindow();
  });

  app.on('will-quit', () => {
    void core?.dispose();
  });

  void app.whenReady().then(async () => {
    core = await createMainCore({
      userDataDir: app.getPath('userData'),
      version: app.getVersion(),
      platform: process.platform,
      emit: (event, payload) => broadcast(windows(), event, payload),
      isOsOnline: () => net.isOnline(),
    });
    registerIpc(core.handlers, windows, () => mainWindow?.webContents.getURL() ?? '');
    openMainWindow();
  });
}

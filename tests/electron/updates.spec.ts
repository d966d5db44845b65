import { expect, test } from '@playwright/test';
import { openSection, startDemo } from '../e2e/harness/flows';
import { freshUserData, launch } from './launch';

// Updates in the real Electron, built but not packaged (`electron .`): main has no installed app
// to replace, so Settings says updates come from the installer and shows Electron's own version
// of the app; and electron-updater, which only the packaged app's install step loads, loads in
// Electron's main with downloads and installs left to the person. What this lane cannot do
// without a signed, packaged build (the OS's code-signature check, quitAndInstall) is not run
// anywhere here: docs/packaging.md, "Updates".

test('an unpackaged app says updates come from the installer, with its version', async () => {
  const { app, page } = await launch(freshUserData('updates'));
  try {
    const version = await app.evaluate(({ app: electronApp }) => electronApp.getVersion());
    await startDemo(page);
    await openSection(page, 'Settings');
    const panel = page.getByRole('region', { name: 'Updates' });
    await expect(panel).toContainText(`Treasury Desktop ${version}.`);
    await expect(panel).toContainText('In this window updates come from the installer');
  } finally {
    await app.close();
  }
});

test('electron-updater loads in main, never downloading or installing by itself once set as the app sets it', async () => {
  const { app } = await launch(freshUserData('updater'));
  try {
    const seen = await app.evaluate(() => {
      // Resolved from the app's own main module, as main's dynamic import resolves it.
      const load = (process as unknown as { mainModule: { require(id: string): unknown } }).mainModule.require;
      const { autoUpdater } = load('electron-updater') as {
        autoUpdater: { autoDownload: boolean; autoInstallOnAppQuit: boolean; quitAndInstall: unknown };
      };
      autoUpdater.autoDownload = false;
      autoUpdater.autoInstallOnAppQuit = false;
      return {
        updater: autoUpdater.constructor.name,
        autoDownload: autoUpdater.autoDownload,
        autoInstallOnAppQuit: autoUpdater.autoInstallOnAppQuit,
        canInstall: typeof autoUpdater.quitAndInstall === 'function',
      };
    });
    const expected: Record<string, string[]> = {
      win32: ['NsisUpdater'],
      darwin: ['MacUpdater'],
      linux: ['AppImageUpdater', 'DebUpdater', 'RpmUpdater', 'PacmanUpdater'],
    };
    expect(expected[process.platform]).toContain(seen.updater);
    expect(seen).toMatchObject({ autoDownload: false, autoInstallOnAppQuit: false, canInstall: true });
  } finally {
    await app.close();
  }
});

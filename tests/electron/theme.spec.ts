/// <reference lib="dom" />
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';

// The theme in the real app: main sets Electron's nativeTheme from settings.json before the first
// window exists, so the page's prefers-color-scheme says the person's theme from its first paint,
// and a change in Settings reaches it at once.

let app: ElectronApplication;
let page: Page;

test.beforeAll(async () => {
  const userData = mkdtempSync(join(tmpdir(), 'treasury-electron-theme-'));
  // A run that chose Dark left this.
  writeFileSync(
    join(userData, 'settings.json'),
    JSON.stringify({
      theme: 'dark',
      notifications: { sent: true, failed: true, 'needs-review': true, 'awaiting-approval': true },
    }),
  );
  app = await electron.launch({
    args: ['.', `--user-data-dir=${userData}`],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  await app?.close();
});

const pageIsDark = () => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);

test('the saved theme is nativeTheme’s before the window loads, and the page is dark', async () => {
  expect(await app.evaluate(({ nativeTheme }) => nativeTheme.themeSource)).toBe('dark');
  expect(await pageIsDark()).toBe(true);
});

test('choosing Light in Settings changes nativeTheme and the page at once; "Follow the system" gives it back to the OS', async () => {
  await page.evaluate(() =>
    (window as unknown as { treasury: { settings: { set(c: object): Promise<unknown> } } }).treasury.settings.set({
      theme: 'light',
    }),
  );
  expect(await app.evaluate(({ nativeTheme }) => nativeTheme.themeSource)).toBe('light');
  await expect.poll(pageIsDark).toBe(false);
  await page.evaluate(() =>
    (window as unknown as { treasury: { settings: { set(c: object): Promise<unknown> } } }).treasury.settings.set({
      theme: 'system',
    }),
  );
  expect(await app.evaluate(({ nativeTheme }) => nativeTheme.themeSource)).toBe('system');
  const osDark = await app.evaluate(({ nativeTheme }) => nativeTheme.shouldUseDarkColors);
  await expect.poll(pageIsDark).toBe(osDark);
});

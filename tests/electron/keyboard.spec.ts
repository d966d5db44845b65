/// <reference lib="dom" />
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { sectionHeading } from '../e2e/harness/flows';
import { demoAlone } from './launch';

// The keyboard in the real app: main reports the OS (⌘ on macOS, Ctrl elsewhere), and the page's
// keys meet Electron's own application menu, whose View menu binds CmdOrCtrl+0 (actual size), the
// key of Settings here. What the sidebar shows must be what the keys do in this window too.

let app: ElectronApplication;
let page: Page;
const mac = process.platform === 'darwin';
const mod = mac ? 'Meta' : 'Control';

test.beforeAll(async () => {
  const userData = demoAlone(mkdtempSync(join(tmpdir(), 'treasury-electron-keyboard-')));
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

const heading = (name: string) => sectionHeading(page, name);

test('the sidebar names the platform’s key, and every section key, the palette and the sheet work in the window', async () => {
  const start = page.getByRole('button', { name: 'Try the Demo' });
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Online');

  const nav = page.getByRole('navigation', { name: 'Sections' });
  const sections: [name: string, key: string][] = [
    ['Transactions', '1'],
    ['Cards', '2'],
    ['Card groups', '3'],
    ['Accounts', '4'],
    ['Transfers', '5'],
    ['Payments', '6'],
    ['Approvals', '7'],
    ['Directory', '9'],
    ['Settings', '0'],
    ['Dashboard', 'D'],
  ];
  for (const [name, key] of sections) {
    const item = nav.getByRole('button', { name: new RegExp(`^${name}`) });
    await expect(item.locator('kbd')).toHaveText(mac ? `⌘${key}` : `Ctrl+${key}`);
    await expect(item).toHaveAttribute('aria-keyshortcuts', `${mac ? 'Meta' : 'Control'}+${key}`);
    await page.keyboard.press(`${mod}+${key.toLowerCase()}`);
    await expect(heading(name)).toBeVisible();
  }
  // Webhooks left the sidebar for Settings (Developer) and kept their key, which opens them there.
  await expect(nav.getByRole('button', { name: /^Webhooks/ })).toHaveCount(0);
  await page.keyboard.press(`${mod}+8`);
  await expect(heading('Settings')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Webhooks' })).toBeFocused();
  // F5 is the top bar's Update now, never a reload of the window.
  await page.keyboard.press('F5');
  await expect(page.getByRole('heading', { level: 3, name: 'Webhooks' })).toBeFocused();

  await page.keyboard.press(`${mod}+k`);
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('aprv');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(heading('Approvals')).toBeFocused();

  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(
    sheet
      .getByRole('row', { name: /Open the command palette/ })
      .getByRole('cell')
      .first(),
  ).toHaveText(mac ? '⌘K' : 'Ctrl+K');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(heading('Approvals')).toBeFocused();
});

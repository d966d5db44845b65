import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test';

/** A user folder of its own: a first start, unless a test starts the app in it again. */
export function freshUserData(name: string): string {
  return mkdtempSync(join(tmpdir(), `treasury-electron-${name}-`));
}

/** The built app (out/, from `npm run build`) in Electron, on `userData`; its first window, loaded. */
export async function launch(userData: string): Promise<{ app: ElectronApplication; page: Page }> {
  const app = await electron.launch({
    args: ['.', `--user-data-dir=${userData}`],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
  return { app, page };
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test';

/**
 * The Demo approves alone in these tests, as the person's own setting makes it (Settings: the
 * Demo's team off): they check the app's window, not the team, and start no database server.
 */
export function demoAlone(userData: string): string {
  writeFileSync(join(userData, 'demo-team.json'), `${JSON.stringify({ enabled: false })}\n`);
  return userData;
}

/** A user folder of its own: a first start, unless a test starts the app in it again. */
export function freshUserData(name: string): string {
  return demoAlone(mkdtempSync(join(tmpdir(), `treasury-electron-${name}-`)));
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

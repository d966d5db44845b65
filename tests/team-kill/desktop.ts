/**
 * One sending desktop of the kill test, as a process the test can SIGKILL: main's real core in
 * this Node process and the built renderer in a headless Chromium with a persistent profile
 * (src/browser-host/launch.ts). Its data folders and its keychain file are fixed by the test, so
 * a start after a kill finds the same profiles.json, workspace file, keychain and IndexedDB.
 *
 * Argument: a JSON DesktopDirs. Prints `{"ready":true}` once the page shows its first heading.
 */
import { openHost } from '../../src/browser-host/launch';
import { FileSecretStore } from './file-secrets';

export interface DesktopDirs {
  userDataDir: string;
  browserDataDir: string;
  secretsFile: string;
  rendererDir: string;
  chromiumPath: string;
}

async function main(): Promise<void> {
  const dirs = JSON.parse(process.argv[2] ?? '') as DesktopDirs;
  console.error(`${new Date().toISOString()} opening`);
  const host = await openHost({ ...dirs, headless: true, secrets: new FileSecretStore(dirs.secretsFile), version: '0.0.0-team-kill' });
  console.error(`${new Date().toISOString()} page loaded`);
  host.page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await host.page.getByRole('heading').first().waitFor({ timeout: 60_000 });
  console.log(JSON.stringify({ ready: true }));
}

main().catch((error: unknown) => {
  console.error(`the desktop did not open: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});

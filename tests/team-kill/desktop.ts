/**
 * One sending desktop of the kill test, as a process the test can SIGKILL: main's real core in
 * this Node process and the built renderer in a headless Chromium with a persistent profile
 * (src/browser-host/launch.ts). Its data folders and its keychain file are fixed by the test, so
 * a start after a kill finds the same profiles.json, workspace file, keychain and IndexedDB.
 *
 * Argument: a JSON DesktopDirs. Prints one JSON line once the page shows its first heading:
 * `{"ready":true,"chromiumPid":…}`. Playwright starts Chromium as the leader of a process group
 * of its own, so the test kills that group too (a kill of ours alone would leave the browser
 * holding the profile).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { openHost } from '../../src/browser-host/launch';
import { FileSecretStore } from './file-secrets';

export interface DesktopDirs {
  userDataDir: string;
  browserDataDir: string;
  secretsFile: string;
  rendererDir: string;
  chromiumPath: string;
}

/** The processes whose parent is `pid` (Linux's /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After "pid (comm) state ": the parent's pid. comm may hold spaces, so read from its last ')'.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) found.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

async function main(): Promise<void> {
  const dirs = JSON.parse(process.argv[2] ?? '') as DesktopDirs;
  console.error(`${new Date().toISOString()} opening`);
  const host = await openHost({ ...dirs, headless: true, secrets: new FileSecretStore(dirs.secretsFile), version: '0.0.0-team-kill' });
  console.error(`${new Date().toISOString()} page loaded`);
  host.page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await host.page.getByRole('heading').first().waitFor({ timeout: 60_000 });
  const chromiumPid = childrenOf(process.pid).find((pid) => /chrom/i.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8')));
  if (chromiumPid === undefined) throw new Error('Chromium is not among this process’s children: the test could not kill it with the desktop');
  console.log(JSON.stringify({ ready: true, chromiumPid }));
}

main().catch((error: unknown) => {
  console.error(`the desktop did not open: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});

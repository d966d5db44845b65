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

/** `TEAM_KILL_TRACE=1`: each workspace and service call main answers, with how long it took, in the desktop's log. */
function traceCalls(handlers: Record<string, (arg: unknown) => Promise<unknown>>): void {
  for (const [channel, handle] of Object.entries(handlers)) {
    if (!/^(workspace|service):/.test(channel)) continue;
    handlers[channel] = async (arg) => {
      const began = Date.now();
      console.error(`${new Date(began).toISOString()} -> ${channel}`);
      const answer = await handle(arg);
      const ok = (answer as { ok?: boolean }).ok;
      console.error(
        `${new Date().toISOString()} <- ${channel} ${ok ? 'ok' : JSON.stringify(answer).slice(0, 200)} ${Date.now() - began} ms`,
      );
      return answer;
    };
  }
}

async function main(): Promise<void> {
  const dirs = JSON.parse(process.argv[2] ?? '') as DesktopDirs;
  console.error(`${new Date().toISOString()} opening`);
  const host = await openHost({
    ...dirs,
    headless: true,
    secrets: new FileSecretStore(dirs.secretsFile),
    version: '0.0.0-team-kill',
  });
  console.error(`${new Date().toISOString()} page loaded`);
  if (process.env['TEAM_KILL_TRACE'] === '1') {
    traceCalls(host.core.handlers as unknown as Record<string, (arg: unknown) => Promise<unknown>>);
    // What main's team sender says it is doing, every 5 s (it calls no channel of its own).
    const status = host.core.handlers['outbox:teamSending'] as unknown as (arg: unknown) => Promise<unknown>;
    setInterval(
      () =>
        void status(undefined).then((s) =>
          console.error(`${new Date().toISOString()} team sending ${JSON.stringify(s).slice(0, 600)}`),
        ),
      5_000,
    ).unref();
  }
  host.page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await host.page.getByRole('heading').first().waitFor({ timeout: 60_000 });
  console.log(JSON.stringify({ ready: true }));
}

main().catch((error: unknown) => {
  console.error(`the desktop did not open: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});

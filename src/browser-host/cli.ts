/**
 * `npm start` where Electron's binary cannot be had (scripts/start.mjs decides): the same app in
 * an installed Chromium, in app mode, as a real window, with main's real core in this process.
 * Data lives where the app keeps it (TREASURY_USER_DATA overrides, for tests and side-by-side runs).
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { findChromium } from './find-chromium';
import { openHost, type RunningHost } from './launch';

const root = resolve(__dirname, '../..');

function userDataDir(): string {
  const override = process.env['TREASURY_USER_DATA'];
  if (override) return resolve(override);
  const config = process.env['XDG_CONFIG_HOME'] || join(homedir(), '.config');
  return join(config, 'treasury-desktop');
}

async function main(): Promise<void> {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    console.error(
      'treasury: no Chromium or Chrome found (set CHROMIUM_PATH, or install the chromium package); Electron is not available either.',
    );
    process.exit(1);
  }
  let stopping = false;
  const running: { host?: RunningHost } = {};
  // Ctrl-C works from the first moment, even while the window is still opening.
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`treasury: stopping (${why})`);
    void (running.host ? running.host.close() : Promise.resolve()).then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const dir = userDataDir();
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const host = await openHost({
    userDataDir: dir,
    browserDataDir: join(dir, 'browser-host'),
    rendererDir: join(root, 'out/renderer'),
    chromiumPath,
    headless: process.env['TREASURY_HEADLESS'] === '1',
    exportDir: existsSync(join(homedir(), 'Downloads')) ? join(homedir(), 'Downloads') : join(dir, 'exports'),
    version: pkg.version,
    // The Demo with its simulated team, as the app runs it.
    demo: { team: true },
  });
  running.host = host;
  // The page is up once it shows its first heading (the welcome screen or the shell).
  await host.page.getByRole('heading').first().waitFor({ timeout: 30_000 });
  const heading = (await host.page.getByRole('heading').first().textContent())?.trim() ?? '';
  console.log(
    `treasury: ready: the app is open in Chromium (${chromiumPath}), showing "${heading}"; data in ${dir}. Close the window or press Ctrl-C to quit.`,
  );

  await host.closed;
  if (!stopping) {
    console.log('treasury: the window was closed');
    process.exit(0);
  }
}

main().catch((error: unknown) => {
  console.error('treasury: could not open the app in Chromium:', error instanceof Error ? error.message : error);
  process.exit(1);
});

// Runs the Electron suite where an Electron binary exists; otherwise says plainly that it did not
// run, and which specs. A skip is never a pass: alone, a skip exits 77 (the "skipped" code of
// automake and meson), so no script or CI step can read it as success. `npm test`
// (scripts/test-all.mjs) reads 77 as a lane that did not run: its summary says so and its exit
// is not failed by it. --allow-skip makes the skip exit 0, for a caller that cannot read 77.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installedElectronBinary } from '../../scripts/electron-binary.mjs';

const SKIPPED_EXIT_CODE = 77;

const here = dirname(fileURLToPath(import.meta.url));
// Every path only Electron has: app.spec (origin, CSP, window hardening), confirmations.spec
// (native boxes, clipboard formats, save dialog, a hidden window's reveal), background.spec (the
// tray and background sending), window-state.spec (size and place across restarts and monitors),
// storage.spec (OPFS and IndexedDB on app://), updates.spec (the panel unpackaged, electron-updater in
// main, set never to download or install by itself).
const specs = readdirSync(here)
  .filter((name) => name.endsWith('.spec.ts'))
  .sort();

const binary = installedElectronBinary();
if (!binary) {
  console.log(
    `tests/electron: SKIPPED (0 run): no Electron binary. Not run: ${specs.join(', ')}. Run \`npx install-electron\` where it can be downloaded to run them.`,
  );
  if (process.argv.includes('--allow-skip')) {
    console.log('npm test: every lane above passed; the Electron lane did NOT run (skipped, not passed).');
    process.exit(0);
  }
  console.log(`tests/electron: exit ${SKIPPED_EXIT_CODE}: a skip, not a pass.`);
  process.exit(SKIPPED_EXIT_CODE);
}
console.log(`tests/electron: ${specs.length} specs: ${specs.join(', ')}`);
// A virtual display large enough for the window's default and minimum sizes (xvfb-run's own is 640x480).
const xvfb =
  process.platform === 'linux' && !process.env.DISPLAY ? ['xvfb-run', '-a', '-s', '-screen 0 1920x1080x24'] : [];
const paths = specs.map((name) => relative(process.cwd(), join(here, name)));
const command = [...xvfb, 'npx', 'playwright', 'test', '--config', 'tests/electron/playwright.config.ts', ...paths];
const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit' });
process.exit(result.status ?? 1);

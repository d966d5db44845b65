// Runs the Electron suite where an Electron binary exists; otherwise says plainly that it was
// skipped. A skip is never reported as a pass: the line below is the whole output.
import { spawnSync } from 'node:child_process';
import { installedElectronBinary } from '../../scripts/electron-binary.mjs';

const binary = installedElectronBinary();
if (!binary) {
  console.log('tests/electron: SKIPPED (0 run): no Electron binary. Run `npx install-electron` where it can be downloaded to run it.');
  process.exit(0);
}
const xvfb = process.platform === 'linux' && !process.env.DISPLAY ? ['xvfb-run', '-a'] : [];
const command = [...xvfb, 'npx', 'playwright', 'test', '--config', 'tests/electron/playwright.config.ts'];
const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit' });
process.exit(result.status ?? 1);

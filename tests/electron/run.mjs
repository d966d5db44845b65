// Runs the Electron suite where an Electron binary exists; otherwise says plainly that it was
// skipped. A skip is never reported as a pass: the line below is the whole output.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let binary = '';
try {
  binary = require('electron'); // the package exports the binary's path
} catch {
  // electron's index.js throws when its binary was never downloaded
  binary = '';
}
if (!binary || !existsSync(binary)) {
  console.log(`tests/electron: SKIPPED (0 run): no Electron binary${binary ? ` at ${binary}` : ''}. Install Electron without ELECTRON_SKIP_BINARY_DOWNLOAD to run it.`);
  process.exit(0);
}
const xvfb = process.platform === 'linux' && !process.env.DISPLAY ? ['xvfb-run', '-a'] : [];
const command = [...xvfb, 'npx', 'playwright', 'test', '--config', 'tests/electron/playwright.config.ts'];
const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit' });
process.exit(result.status ?? 1);

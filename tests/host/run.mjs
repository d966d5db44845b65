// Runs the Chromium-host suite in a real window: under xvfb-run when there is no display.
import { spawnSync } from 'node:child_process';

const headless = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const command = [
  ...(headless ? ['xvfb-run', '-a'] : []),
  'npx',
  'playwright',
  'test',
  '--config',
  'tests/host/playwright.config.ts',
];
const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit' });
process.exit(result.status ?? 1);

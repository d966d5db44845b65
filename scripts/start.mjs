// `npm start`: the app on the Demo profile. Electron where its binary exists (or can be
// downloaded now); otherwise, in one line, says so and opens the same app in an installed
// Chromium with main's real core bridged in (src/browser-host). No environment variables needed.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronPackageDir, installedElectronBinary } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Electron 40+ downloads its binary on first use; try once, quietly, and give up fast offline. */
function electronBinary() {
  const found = installedElectronBinary();
  if (found) return found;
  const dir = electronPackageDir();
  if (!dir) return null;
  spawnSync(process.execPath, [join(dir, 'install.js')], { cwd: root, stdio: 'ignore', timeout: 120_000 });
  return installedElectronBinary();
}

/** On Linux without a display, run under a virtual one (xvfb-run) rather than fail to open a window. */
function withDisplay(command) {
  const headless = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
  if (!headless) return command;
  if (spawnSync('sh', ['-c', 'command -v xvfb-run'], { stdio: 'ignore' }).status !== 0) {
    console.log('treasury: no display (DISPLAY is not set) and no xvfb-run: the window cannot be shown here.');
    return command;
  }
  console.log('treasury: no display here (DISPLAY is not set): the window opens on a virtual display (xvfb-run).');
  return ['xvfb-run', '-a', ...command];
}

function run(command) {
  const child = spawn(command[0], command.slice(1), { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (electronBinary()) {
  run(withDisplay([bin('electron-vite'), 'preview']));
} else {
  console.log(
    "treasury: Electron's binary is not installed and cannot be downloaded here, so the app opens in Chromium instead (app mode, same renderer, main's core in this process).",
  );
  const build = spawnSync(bin('electron-vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  run(withDisplay([bin('tsx'), join(root, 'src/browser-host/cli.ts')]));
}

// Where Electron's binary is, without triggering the download that `require('electron')` starts
// when it is missing (since Electron 40 the npm package fetches it on first use, not at install).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The package's directory, or null when electron is not installed at all. */
export function electronPackageDir() {
  try {
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** The path of an installed Electron binary, or null. */
export function installedElectronBinary() {
  const dir = electronPackageDir();
  if (!dir) return null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  let relative = '';
  try {
    relative = readFileSync(join(dir, 'path.txt'), 'utf8').trim();
  } catch {
    if (!override) return null;
  }
  const binary = override ? join(override, relative || 'electron') : join(dir, 'dist', relative);
  return existsSync(binary) ? binary : null;
}

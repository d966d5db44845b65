import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// tests/electron/run.mjs where no Electron binary exists (forced with a dist path that does not
// exist): a skip must never read as a pass.

const noBinary = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent/electron-dist' };
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['tests/electron/run.mjs', ...args], { encoding: 'utf8', env: noBinary });

describe('the Electron lane without a binary', () => {
  it('alone, says SKIPPED and exits 77, not 0', () => {
    const r = run();
    expect(r.stdout).toContain('tests/electron: SKIPPED (0 run): no Electron binary');
    expect(r.status).toBe(77);
  });

  it('inside npm test (--allow-skip), exits 0 and its last line says the Electron lane did not run', () => {
    const r = run('--allow-skip');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe(
      'npm test: every lane above passed; the Electron lane did NOT run (skipped, not passed).',
    );
  });
});

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// scripts/test-all.mjs (`npm test`) on fake lanes, tiny commands given in TEST_ALL_LANES: every
// lane runs whatever the ones before it did, a skip is never a pass, and the exit code says
// whether any lane failed.

interface Lane {
  name: string;
  command: string;
  needs?: string;
}

/** A command that prints `lines` and exits with `code`, as a shell reads it. */
function node(code: number, ...lines: string[]): string {
  const script = `${lines.map((l) => `console.log(${JSON.stringify(l)});`).join('')}process.exit(${code})`;
  return `"${process.execPath}" -e '${script}'`;
}

function runner(lanes: Lane[], ...args: string[]) {
  const r = spawnSync(process.execPath, ['scripts/test-all.mjs', ...args], {
    encoding: 'utf8',
    env: { ...process.env, TEST_ALL_LANES: JSON.stringify(lanes), FORCE_COLOR: '0' },
  });
  const out = r.stdout;
  const summary = out.slice(out.lastIndexOf('===== npm test:')).trim().split('\n').slice(1);
  return { status: r.status, out, summary };
}

describe('npm test’s runner', () => {
  it('runs every lane after one fails, reports each on its own line, and exits 1', () => {
    const r = runner([
      { name: 'good', command: node(0, 'good lane output') },
      { name: 'bad', command: node(3, 'bad lane output') },
      {
        name: 'absent',
        command: node(
          77,
          'tests/absent: SKIPPED (0 run): no absent binary. Not run: a.spec.ts.',
          'tests/absent: exit 77: a skip, not a pass.',
        ),
      },
      { name: 'after-bad', command: node(0, 'ran after the failure') },
    ]);
    expect(r.out).toContain('good lane output');
    expect(r.out).toContain('bad lane output');
    expect(r.out).toContain('ran after the failure');
    expect(r.summary).toHaveLength(4);
    expect(r.summary[0]).toMatch(/^lane good: passed \(\d+ s\)$/);
    expect(r.summary[1]).toMatch(/^lane bad: failed \(exit 3, \d+ s\)$/);
    expect(r.summary[2]).toBe('lane absent: did not run: no absent binary');
    expect(r.summary[3]).toMatch(/^lane after-bad: passed \(\d+ s\)$/);
    expect(r.status).toBe(1);
  });

  it('a skip is not a failure: passing and skipped lanes exit 0, and the skip is not shown as passed', () => {
    const r = runner([
      { name: 'good', command: node(0) },
      // A lane told to let its skip exit 0 (as tests/electron/run.mjs --allow-skip) still ran nothing.
      { name: 'allowed', command: node(0, 'tests/allowed: SKIPPED (0 run): no display.') },
    ]);
    expect(r.summary).toEqual([
      expect.stringMatching(/^lane good: passed \(\d+ s\)$/),
      'lane allowed: did not run: no display',
    ]);
    expect(r.status).toBe(0);
  });

  it('a lane that needs one that failed does not run, and says why', () => {
    const r = runner([
      { name: 'build', command: node(2, 'build broke') },
      { name: 'e2e', command: node(0, 'e2e ran'), needs: 'build' },
      { name: 'keychain', command: node(0) },
    ]);
    expect(r.out).not.toContain('e2e ran');
    expect(r.summary).toEqual([
      expect.stringMatching(/^lane build: failed \(exit 2, \d+ s\)$/),
      'lane e2e: did not run: build did not pass',
      expect.stringMatching(/^lane keychain: passed \(\d+ s\)$/),
    ]);
    expect(r.status).toBe(1);
  });

  it('names a suite skipped inside a lane that passed, and keeps the line .ci/run greps', () => {
    const r = runner([
      {
        name: 'unit',
        command: node(
          0,
          'tests/sandbox/reference-conformance: SKIPPED: the reference contract is not beside this checkout.',
        ),
      },
    ]);
    expect(r.summary).toEqual([
      expect.stringMatching(
        /^lane unit: passed \(\d+ s\); did not run inside it: tests\/sandbox\/reference-conformance$/,
      ),
    ]);
    expect(r.out.split('\n').filter((l) => /^[^ ]+: SKIPPED/.test(l))).toEqual([
      'tests/sandbox/reference-conformance: SKIPPED: the reference contract is not beside this checkout.',
    ]);
    expect(r.status).toBe(0);
  });

  it('by default builds once, then runs the rest of each building lane’s npm script; run alone, each script still builds', () => {
    const r = spawnSync(process.execPath, ['scripts/test-all.mjs', '--list'], {
      encoding: 'utf8',
      env: { ...process.env, TEST_ALL_LANES: '' },
    });
    expect(r.status).toBe(0);
    const lanes = r.stdout.trim().split('\n');
    expect(lanes.map((l) => /^lane (\S+): /.exec(l)?.[1])).toEqual([
      'lint',
      'typecheck',
      'unit',
      'build',
      'e2e',
      'e2e:awkward',
      'host',
      'keychain',
      'team-kill',
      'electron',
    ]);
    expect(lanes).toContain('lane e2e: playwright test (after build)');
    expect(lanes).toContain('lane team-kill: tsx tests/team-kill/run.ts (after build)');
    expect(lanes.filter((l) => l.includes('electron-vite build'))).toEqual([
      'lane build: electron-vite build --logLevel warn',
    ]);
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const script of ['test:e2e', 'test:e2e:awkward', 'test:host', 'test:team-kill'])
      expect(scripts[script]).toMatch(/^electron-vite build/);
    expect(scripts['test']).toBe('node scripts/test-all.mjs');
  });
});

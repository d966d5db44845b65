// `npm test`: every lane in order, each run whatever the ones before it did, so one failure does
// not hide whether the rest pass on this machine (an `&&` chain stopped at the first). Output is
// streamed as it comes; the last lines say, one per lane, whether it passed, failed or did not
// run and why, and the exit code is 1 when any lane failed.
//
// The app is built once, as a lane of its own: the lanes whose npm script starts with
// `electron-vite build ... &&` run the rest of that script after it, and do not run when it
// failed. Run alone, each npm script still builds for itself.
//
// A lane that could not run here says so itself (tests/electron/run.mjs prints
// `tests/electron: SKIPPED (0 run): <why>` and exits 77): it is reported as not run, never as
// passed. A suite skipped inside a lane that ran (`<suite>: SKIPPED: <why>` in its output) is named
// beside the lane's result. .ci/run greps the same `<name>: SKIPPED` lines from this output.
//
// TEST_ALL_LANES (JSON, [{ "name", "command", "needs"? }]) replaces the lanes, for this runner's
// own test (tests/unit/test-all.test.ts) and for running a few lanes the same way. `--list`
// prints the lanes and their commands without running them.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The exit code of a lane that could not run here (automake's and meson's "skipped"). */
const SKIPPED_EXIT_CODE = 77;
/** A line by which a lane or a suite says it did not run: `<name>: SKIPPED…`. */
const SKIPPED_LINE = /^[^ ]+: SKIPPED\b/;
/** The same, said by a lane of itself: nothing of it ran. */
const LANE_SKIPPED_LINE = /^[^ ]+: SKIPPED \(0 run\):?\s*(.*)$/;
const BUILD_PREFIX = /^electron-vite build[^&]*&&\s*(.+)$/;

/** The lanes of `npm test`, in order: name, the npm script, whether it runs after the one build. */
const DEFAULT_LANES = [
  ['lint', 'lint', false],
  ['typecheck', 'typecheck', false],
  ['unit', 'test:unit', false],
  ['e2e', 'test:e2e', true],
  ['e2e:awkward', 'test:e2e:awkward', true],
  ['host', 'test:host', true],
  ['keychain', 'test:keychain', false],
  ['team-kill', 'test:team-kill', true],
  ['electron', 'test:electron', true],
];

/** The lanes from package.json's scripts, so a script changed there is what `npm test` runs. */
function defaultLanes() {
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
  const lanes = [];
  for (const [name, script, afterBuild] of DEFAULT_LANES) {
    const text = scripts[script];
    if (!text)
      throw new Error(
        `scripts/test-all.mjs: package.json has no script "${script}" for the ${name} lane; fix the list in scripts/test-all.mjs.`,
      );
    if (!afterBuild) {
      lanes.push({ name, command: `npm run --silent ${script}` });
      continue;
    }
    // The build comes once, just before the first lane that needs it. test:electron builds nothing
    // itself (alone, it needs `npm run build` first); here it runs after that build.
    if (!lanes.some((l) => l.name === 'build'))
      lanes.push({ name: 'build', command: 'electron-vite build --logLevel warn' });
    const rest = BUILD_PREFIX.exec(text);
    lanes.push({ name, command: rest ? rest[1] : text, needs: 'build' });
  }
  return lanes;
}

function lanesToRun() {
  const given = process.env.TEST_ALL_LANES;
  if (!given) return defaultLanes();
  const lanes = JSON.parse(given);
  if (!Array.isArray(lanes) || !lanes.every((l) => typeof l?.name === 'string' && typeof l?.command === 'string')) {
    throw new Error('TEST_ALL_LANES must be a JSON list of { "name": string, "command": string, "needs"?: string }.');
  }
  return lanes;
}

/**
 * Runs one lane's command in a shell (as npm runs a script: node_modules/.bin first on PATH),
 * streaming its output, and keeps the lines that say something did not run.
 */
function runLane(lane) {
  return new Promise((settle) => {
    const started = Date.now();
    const env = { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` };
    // Output goes through a pipe to be read; keep the colours a terminal would have shown.
    if (process.stdout.isTTY && !('FORCE_COLOR' in env)) env.FORCE_COLOR = '1';
    const child = spawn(lane.command, { cwd: ROOT, shell: true, env, stdio: ['inherit', 'pipe', 'pipe'] });
    const skips = [];
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let partial = '';
      from.on('data', (chunk) => {
        to.write(chunk);
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) if (SKIPPED_LINE.test(plain(line))) skips.push(plain(line));
      });
      from.on('end', () => {
        if (SKIPPED_LINE.test(plain(partial))) skips.push(plain(partial));
      });
    }
    const done = (code, error) => settle({ code, error, skips, seconds: Math.round((Date.now() - started) / 1000) });
    child.on('error', (error) => done(null, error));
    child.on('close', (code, signal) => done(code ?? (signal ? `${signal}` : 1)));
  });
}

/** A line without terminal colour codes. */
function plain(line) {
  // eslint-disable-next-line no-control-regex -- the colour codes are control characters
  return line.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r$/, '');
}

/** One lane's result line, and whether it counts as a failure. */
function verdict(name, { code, error, skips, seconds }) {
  const laneSkip = skips.map((s) => LANE_SKIPPED_LINE.exec(s)).find(Boolean);
  if (code === SKIPPED_EXIT_CODE || (code === 0 && laneSkip)) {
    const why = laneSkip
      ? firstSentence(laneSkip[1])
      : (skips[0] ?? `it exited ${SKIPPED_EXIT_CODE}, the code of a skip`);
    return { line: `lane ${name}: did not run: ${why}`, failed: false, passed: false };
  }
  if (error)
    return {
      line: `lane ${name}: failed (could not start: ${error.message}, ${seconds} s)`,
      failed: true,
      passed: false,
    };
  if (code !== 0) return { line: `lane ${name}: failed (exit ${code}, ${seconds} s)`, failed: true, passed: false };
  const inside = skips.map((s) => s.split(':')[0]);
  const note = inside.length ? `; did not run inside it: ${inside.join(', ')}` : '';
  return { line: `lane ${name}: passed (${seconds} s)${note}`, failed: false, passed: true };
}

function firstSentence(text) {
  const end = text.search(/\.(\s|$)/);
  return (end === -1 ? text : text.slice(0, end)).trim() || 'it said SKIPPED';
}

async function main() {
  const lanes = lanesToRun();
  if (process.argv.includes('--list')) {
    for (const lane of lanes)
      console.log(`lane ${lane.name}: ${lane.command}${lane.needs ? ` (after ${lane.needs})` : ''}`);
    return;
  }
  const results = new Map();
  const lines = [];
  let failed = false;
  for (const lane of lanes) {
    const need = lane.needs ? results.get(lane.needs) : undefined;
    if (lane.needs && !need?.passed) {
      const why = need ? `${lane.needs} did not pass` : `${lane.needs} is not a lane before it`;
      lines.push(`lane ${lane.name}: did not run: ${why}`);
      results.set(lane.name, { passed: false });
      continue;
    }
    console.log(`\n===== lane ${lane.name}: ${lane.command}`);
    const result = verdict(lane.name, await runLane(lane));
    results.set(lane.name, result);
    lines.push(result.line);
    failed ||= result.failed;
  }
  console.log(`\n===== npm test: ${lanes.length} lanes`);
  for (const line of lines) console.log(line);
  process.exitCode = failed ? 1 : 0;
}

await main();

// Runs the e2e and renderer lanes (playwright.config.ts) on a machine whose clock and zone are
// awkward for them: started at 23:59:30 UTC, so UTC's date turns half a minute in, in
// Pacific/Kiritimati (UTC+14), where that instant is already 13:59:30 of the next day. Every
// clock the tests read is pinned to an instant they choose; this shows the suites hold whatever
// the machine says.
//
// The clock is faked with libfaketime (Debian's faketime) for Node and for Chromium alike. Arguments
// go to `playwright test` (a spec file, -g ...), to run part of the suite the same way.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ZONE = 'Pacific/Kiritimati';
const DAY_MS = 86_400_000;
/** The next 23:59:30 UTC: less than a day ahead, so the offset `faked` gives is positive. */
function nextStart() {
  const now = Date.now();
  const today = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS - 30_000;
  return today > now ? today : today + DAY_MS;
}

/**
 * `command` under the faked clock and zone. The offset is relative (seconds from now), so every
 * process of the run (the runner, its workers, Chromium and its helpers) reads the same time,
 * whenever it starts: an absolute "@… 23:59:30" would start each new process at that instant
 * again, and is read in the local zone. libfaketime moves the monotonic clocks by the same offset,
 * which is harmless while it is positive and under a day (FAKETIME_DONT_FAKE_MONOTONIC, which
 * would keep them real, made Chromium some 25 times slower here).
 */
function faked(start, command, args) {
  const offset = Math.round((start - Date.now()) / 1000);
  return spawnSync('faketime', ['-f', `+${offset}`, command, ...args], {
    stdio: 'inherit',
    env: { ...process.env, TZ: ZONE },
  });
}

if (spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error) {
  console.error(
    'test:e2e:awkward: faketime is missing. Install it (Debian: apt-get install faketime; `bash scripts/ensure-system-packages.sh` does) and run again.',
  );
  process.exit(1);
}

// First, that the clock and zone really are what the suite is told: in Node, a page and a worker.
const check = nextStart();
const preflight = faked(check, process.execPath, [
  fileURLToPath(new URL('./preflight.mjs', import.meta.url)),
  String(check),
  ZONE,
]);
if (preflight.status !== 0) process.exit(preflight.status ?? 1);
const start = nextStart();
console.log(
  `test:e2e:awkward: the suite starts at ${new Date(start).toISOString()} in ${ZONE} (local date ${new Date(start).toLocaleDateString('en-CA', { timeZone: ZONE })})`,
);
const suite = faked(start, 'npx', ['playwright', 'test', ...process.argv.slice(2)]);
process.exit(suite.status ?? 1);

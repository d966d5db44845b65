import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Re-runs the date-sensitive sandbox suites with the clock pinned (SANDBOX_TEST_NOW, read by the
 * harness) to days where calendar arithmetic usually breaks, each under a process time zone that
 * makes the local date differ from the UTC one. A suite that passes only on ordinary days, or
 * only in UTC, fails here rather than on the day CI happens to run on one of these dates.
 */
const AWKWARD = [
  // Month end, late in the day: already 1 February in Kiritimati (UTC+14).
  { now: '2026-01-31T23:30:00.000Z', tz: 'Pacific/Kiritimati' },
  // Leap day: a month or a year from here has no 29 February.
  { now: '2028-02-29T12:00:00.000Z', tz: 'UTC' },
  // US DST starts: 07:30 UTC is 03:30 EDT, half an hour after 02:00 EST jumped to 03:00.
  { now: '2026-03-08T07:30:00.000Z', tz: 'America/New_York' },
  // US DST ends: 06:30 UTC is 01:30 EST, the second time New York lives that hour.
  { now: '2026-11-01T06:30:00.000Z', tz: 'America/New_York' },
  // Year end, a minute before midnight UTC (and still 30 December in Pago Pago, UTC-11).
  { now: '2026-12-31T23:59:00.000Z', tz: 'Pacific/Pago_Pago' },
  // The last hour before a midnight the clock skips, west of UTC: 23:30 on 7 March in Havana,
  // whose 8 March begins at 01:00 (05:00 UTC); 23:30 on 5 September in Santiago (day begins
  // 04:00 UTC); 23:30 on 28 March in the Azores (day begins 01:00 UTC).
  { now: '2026-03-08T04:30:00.000Z', tz: 'America/Havana' },
  { now: '2026-09-06T03:30:00.000Z', tz: 'America/Santiago' },
  { now: '2026-03-29T00:30:00.000Z', tz: 'Atlantic/Azores' },
] as const;

/** The suites whose answers depend on the date: schedules, periods, limits, the seed and settlement. */
const SUITES = [
  'tests/sandbox/commissions.test.ts',
  'tests/sandbox/cards-periods.test.ts',
  'tests/sandbox/cards.test.ts',
  'tests/sandbox/authorizations.test.ts',
  'tests/sandbox/transactions-seed.test.ts',
  'tests/sandbox/transfers.test.ts',
];

/** At most two nested runs at once: each is CPU-bound and CI machines are small. */
const slots = { free: 2, waiting: [] as (() => void)[] };
async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (slots.free === 0) await new Promise<void>((resolve) => slots.waiting.push(resolve));
  else slots.free--;
  try {
    return await work();
  } finally {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free++;
  }
}

function runSuites(now: string, tz: string): Promise<{ code: number | null; output: string }> {
  // The parent's VITEST_* variables describe its own worker; a nested run must not inherit them.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  // One worker with a shared module cache: most of a run's cost is importing the sandbox per file.
  const args = ['run', ...SUITES, '--reporter=dot', '--no-isolate', '--maxWorkers=1'];
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/vitest', args, {
      env: { ...env, SANDBOX_TEST_NOW: now, TZ: tz },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe.concurrent('date-sensitive sandbox suites on awkward dates', () => {
  for (const { now, tz } of AWKWARD) {
    it(`pass with the clock pinned at ${now} (TZ=${tz})`, { timeout: 180_000 }, async () => {
      const { code, output } = await withSlot(() => runSuites(now, tz));
      // eslint-disable-next-line no-control-regex -- strips the colours of the nested report
      expect(code, output.replace(/\x1b\[[0-9;]*m/g, '').slice(-6000)).toBe(0);
    });
  }
});

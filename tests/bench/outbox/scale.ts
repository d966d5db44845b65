/**
 * The outbox as it grows, measured in Chromium's IndexedDB with the app's own repository and
 * queue screen (part of `npm run bench:outbox`; alone: `npx tsx tests/bench/outbox/scale.ts`):
 * a sender pass and the queue screen's render with 100,000 finished rows beside the same with
 * 100 (finished rows live in the archive, so both must cost about the same), and approving 200
 * rows at once (one commit; target <= 1 s from the click).
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { chromiumArgs, findChromium } from '../../../src/browser-host/find-chromium';
import { openLane, runInLane, serveLane } from '../../renderer/harness/lane-page';

/** Each phase's verdict allows this much growth from 100 finished rows to 100,000: "the same" on a busy machine. */
const MAX_GROWTH = 2;
const APPROVE_TARGET_MS = 1_000;
const RUNS = 7;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export interface ScaleLine {
  kind: string;
  [k: string]: unknown;
}

export async function measureScale(context: BrowserContext): Promise<ScaleLine[]> {
  const server = await serveLane(context);
  const page = await context.newPage();
  await openLane(page, server, 'bench-outbox-scale.ts');
  const run = <T>(name: string, ...args: unknown[]) => runInLane<T>(page, name, ...args);
  const at = async (finished: number) => {
    const profileId = `scale-${finished}`;
    await run('reset', profileId);
    const filled = await run<{ archived: number; queued: number }>('fill', profileId, finished, 200);
    const pass = median(await run<number[]>('senderPass', profileId, RUNS));
    const render = median(await run<number[]>('renderQueue', profileId, RUNS));
    const approve = await run<{ ms: number; approved: number; refused: number }>('approveAll', profileId);
    await run('reset', profileId);
    return { filled, pass, render, approve };
  };
  try {
    const small = await at(100);
    const large = await at(100_000);
    const growth = (a: number, b: number) => Math.round((b / a) * 100) / 100;
    return [
      {
        kind: 'scale_sender_pass',
        finished_rows: [small.filled.archived, large.filled.archived],
        queued_rows: small.filled.queued,
        median_ms: [round(small.pass), round(large.pass)],
        growth: growth(small.pass, large.pass),
        max_growth: MAX_GROWTH,
        pass: growth(small.pass, large.pass) <= MAX_GROWTH,
      },
      {
        kind: 'scale_queue_render',
        what: 'mount to the frame after the queue and the newest finished rows are on the page',
        finished_rows: [small.filled.archived, large.filled.archived],
        median_ms: [round(small.render), round(large.render)],
        growth: growth(small.render, large.render),
        max_growth: MAX_GROWTH,
        pass: growth(small.render, large.render) <= MAX_GROWTH,
      },
      {
        kind: 'scale_batch_approval',
        what: 'approve all 200 shown rows from the click: hashes of what is shown, then one commit',
        ms: [round(small.approve.ms), round(large.approve.ms)],
        approved: [small.approve.approved, large.approve.approved],
        target_ms: APPROVE_TARGET_MS,
        pass:
          Math.max(small.approve.ms, large.approve.ms) <= APPROVE_TARGET_MS &&
          small.approve.approved === 200 &&
          large.approve.approved === 200,
      },
    ];
  } finally {
    await page.close();
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

// Run alone: `npx tsx tests/bench/outbox/scale.ts`.
async function alone(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium is needed (scripts/ensure-system-packages.sh)');
  const browser = await chromium.launch({ executablePath, args: chromiumArgs(['--disable-gpu']) });
  try {
    for (const line of await measureScale(await browser.newContext()))
      process.stdout.write(`${JSON.stringify(line)}\n`);
  } finally {
    await browser.close();
  }
}
if (process.argv[1]?.endsWith('scale.ts')) {
  alone().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}

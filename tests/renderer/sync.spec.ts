import type { Sandbox } from '../../src/sandbox';
import { expect, test } from './harness/lane';

// The transaction sync in Chromium, writing real IndexedDB, against the Demo sandbox through the
// real core. The sandbox's own store is the truth every cache is compared with.

test.use({ laneSession: { demo: { seed: 11, transactions: 600 } } });

interface CacheFacts {
  chunks: number;
  backfillRows: number;
  newest: Record<string, { status: string; date: string; seq: number }>;
}

function serverIds(sandbox: Sandbox): string[] {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = sandbox.world.transactions.list({}, cursor, 500);
    ids.push(...page.items.map((t) => t.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

async function demo(lane: { core: { demo: { start(): Promise<Sandbox> } } }): Promise<Sandbox> {
  return lane.core.demo.start();
}

test('a partitioned backfill caches every transaction once, and the lists the screens need', async ({ lane }) => {
  const sandbox = await demo(lane);
  await lane.open('sync.ts');
  const r = await lane.run<{ outcome: string; phases: string[]; total: number }>('sync', 'demo', {
    concurrency: 3,
    rowsPerPartition: 120,
  });
  expect(r.outcome).toBe('done');
  expect(r.phases).toEqual(
    expect.arrayContaining(['entities', 'planning', 'backfill', 'incremental', 'reconciling', 'done']),
  );
  const ids = serverIds(sandbox);
  expect(r.total).toBe(ids.length);
  const cache = await lane.run<CacheFacts>('cache', 'demo');
  expect(Object.keys(cache.newest).sort()).toEqual([...ids].sort());
  expect(cache.backfillRows).toBe(ids.length);
  const entities = await lane.run<{ counts: Record<string, number>; asOf: Record<string, number> }>(
    'entityCounts',
    'demo',
  );
  expect(entities.counts['card']).toBe(sandbox.world.cards.size);
  expect(Object.keys(entities.asOf).sort()).toEqual([
    'account',
    'card',
    'cardGroup',
    'cardProduct',
    'legalEntity',
    'merchant',
    'svcHandle',
    'virtualAccount',
    'webhook',
  ]);
});

interface Watched {
  h: string;
  pending: boolean;
  dateMs: number;
}

/** The records alike, leaving out rows dated within 10 minutes of the window's start (the two were cut at different instants). */
function expectSameWatch(
  kept: Record<string, Watched> | null,
  scanned: Record<string, Watched> | null,
  windowStartMs: number,
  why: string,
): void {
  const near = (w: Watched) => !w.pending && Math.abs(w.dateMs - windowStartMs) < 600_000;
  const settled = (r: Record<string, Watched> | null) =>
    Object.fromEntries(Object.entries(r ?? {}).filter(([, w]) => !near(w)));
  expect(scanned, why).not.toBeNull();
  expect(Object.keys(settled(scanned)).length, why).toBeGreaterThan(0);
  expect(settled(kept), why).toEqual(settled(scanned));
}

test('a whole backfill keeps the record of recent and pending rows as it writes (no scan of the cache after it); a resumed one scans', async ({
  lane,
}) => {
  await demo(lane);
  await lane.open('sync.ts');
  await lane.run('reset', 'demo');
  const whole = await lane.run<{ outcome: string; watchAtIncremental: boolean | null }>('sync', 'demo', {
    concurrency: 3,
    rowsPerPartition: 120,
  });
  expect(whole.outcome).toBe('done');
  expect(whole.watchAtIncremental, 'the record was there when the incremental run began').toBe(true);
  const a = await lane.run<{
    kept: Record<string, Watched> | null;
    scanned: Record<string, Watched> | null;
    windowStartMs: number;
  }>('watchRecords', 'demo', 7);
  expectSameWatch(a.kept, a.scanned, a.windowStartMs, 'whole backfill');

  await lane.run('reset', 'demo');
  const first = await lane.run<{ outcome: string }>('sync', 'demo', {
    concurrency: 2,
    rowsPerPartition: 150,
    abortAfterChunks: 3,
  });
  expect(first.outcome).not.toBe('done');
  await lane.open('sync.ts');
  const second = await lane.run<{ outcome: string; resumed: number }>('sync', 'demo', {
    concurrency: 2,
    rowsPerPartition: 150,
  });
  expect(second.outcome).toBe('done');
  expect(second.resumed).toBeGreaterThan(0);
  const b = await lane.run<{
    kept: Record<string, Watched> | null;
    scanned: Record<string, Watched> | null;
    windowStartMs: number;
  }>('watchRecords', 'demo', 7);
  expectSameWatch(b.kept, b.scanned, b.windowStartMs, 'resumed backfill');
});

test('killed at any page, the backfill resumes where it stopped: nothing missing, nothing doubled', async ({
  lane,
}) => {
  const sandbox = await demo(lane);
  await lane.open('sync.ts');
  const ids = serverIds(sandbox);
  // An abort stops the calls, not the writes of pages already answered: each of the two walkers
  // may write up to two more (a 150-row window is a call of one page, then one of two), so a kill
  // after 7 of the history's 12 or more pages still leaves some to resume.
  for (const killAt of [1, 4, 7]) {
    await lane.run('reset', 'demo');
    const first = await lane.run<{ outcome: string; phases: string[] }>('sync', 'demo', {
      concurrency: 2,
      rowsPerPartition: 150,
      abortAfterChunks: killAt,
    });
    expect(first.outcome, `killed after ${killAt} chunks`).not.toBe('done');
    expect(first.phases, `killed after ${killAt} chunks, before the backfill ended`).not.toContain('incremental');
    // Reloading the page is the crash: only what IndexedDB kept survives.
    await lane.open('sync.ts');
    const second = await lane.run<{ outcome: string; resumed: number }>('sync', 'demo', {
      concurrency: 2,
      rowsPerPartition: 150,
    });
    expect(second.outcome).toBe('done');
    expect(second.resumed).toBeGreaterThan(0);
    const cache = await lane.run<CacheFacts>('cache', 'demo');
    expect(Object.keys(cache.newest).sort()).toEqual([...ids].sort());
    expect(cache.backfillRows, `every row written by the backfill exactly once (kill after ${killAt})`).toBe(
      ids.length,
    );
  }
});

test('offline mid-sync stops with a clear reason; back online it finishes', async ({ lane }) => {
  const sandbox = await demo(lane);
  await lane.open('sync.ts');
  await sandbox.setFaults({ offline: true });
  const failed = await lane.run<{ outcome: string; kind: string }>('sync', 'demo');
  expect(failed).toMatchObject({ outcome: 'failed', kind: 'offline' });
  await sandbox.resetFaults();
  const done = await lane.run<{ outcome: string }>('sync', 'demo');
  expect(done.outcome).toBe('done');
});

test('rate limited (429 with Retry-After): every cursor waits, and the sync still completes', async ({ lane }) => {
  const sandbox = await demo(lane);
  await lane.open('sync.ts');
  await sandbox.setFaults({ rateLimitRate: 0.3, retryAfterSeconds: 0 });
  const done = await lane.run<{ outcome: string }>('sync', 'demo', { concurrency: 3, rowsPerPartition: 120 });
  await sandbox.resetFaults();
  expect(done.outcome).toBe('done');
  const cache = await lane.run<CacheFacts>('cache', 'demo');
  expect(Object.keys(cache.newest).length).toBe(serverIds(sandbox).length);
});

test('incremental: settled pending items are updated (their date moves), unchanged rows are not rewritten', async ({
  lane,
}) => {
  const sandbox = await demo(lane);
  await lane.open('sync.ts');
  expect((await lane.run<{ outcome: string }>('sync', 'demo')).outcome).toBe('done');
  const before = await lane.run<CacheFacts>('cache', 'demo');
  const pending = Object.entries(before.newest)
    .filter(([, v]) => v.status === 'pending')
    .map(([id]) => id);
  expect(pending.length).toBeGreaterThan(0);

  // Nothing changed on the service: a second run writes no new chunk.
  await lane.run('sync', 'demo');
  expect((await lane.run<CacheFacts>('cache', 'demo')).chunks).toBe(before.chunks);

  // Time passes on the service: pending items settle (and change their date).
  const res = await fetch(`${sandbox.apiUrl}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ advanceDays: 10 }),
  });
  expect(res.ok).toBe(true);
  expect((await lane.run<{ outcome: string }>('sync', 'demo')).outcome).toBe('done');
  const after = await lane.run<CacheFacts>('cache', 'demo');
  for (const id of pending) {
    const server = sandbox.world.transactions.get(id)?.tx;
    expect(after.newest[id]?.status, id).toBe(server?.status);
    expect(after.newest[id]?.date, id).toBe(server?.date);
  }
});

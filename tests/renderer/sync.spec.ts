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
  const r = await lane.run<{ outcome: string; phases: string[]; total: number }>('sync', 'demo', { concurrency: 3, rowsPerPartition: 120 });
  expect(r.outcome).toBe('done');
  expect(r.phases).toEqual(expect.arrayContaining(['entities', 'planning', 'backfill', 'incremental', 'reconciling', 'done']));
  const ids = serverIds(sandbox);
  expect(r.total).toBe(ids.length);
  const cache = await lane.run<CacheFacts>('cache', 'demo');
  expect(Object.keys(cache.newest).sort()).toEqual([...ids].sort());
  expect(cache.backfillRows).toBe(ids.length);
  const entities = await lane.run<{ counts: Record<string, number>; asOf: Record<string, number> }>('entityCounts', 'demo');
  expect(entities.counts['card']).toBe(sandbox.world.cards.size);
  expect(Object.keys(entities.asOf).sort()).toEqual(['account', 'card', 'cardGroup', 'cardProduct', 'legalEntity', 'merchant', 'svcHandle', 'virtualAccount', 'webhook']);
});

test('killed at any page, the backfill resumes where it stopped: nothing missing, nothing doubled', async ({ lane }) => {
  const sandbox = await demo(lane);
  await lane.open('sync.ts');
  const ids = serverIds(sandbox);
  for (const killAt of [1, 4, 9]) {
    await lane.run('reset', 'demo');
    const first = await lane.run<{ outcome: string }>('sync', 'demo', { concurrency: 2, rowsPerPartition: 150, abortAfterChunks: killAt });
    expect(first.outcome, `killed after ${killAt} chunks`).not.toBe('done');
    // Reloading the page is the crash: only what IndexedDB kept survives.
    await lane.open('sync.ts');
    const second = await lane.run<{ outcome: string; resumed: number }>('sync', 'demo', { concurrency: 2, rowsPerPartition: 150 });
    expect(second.outcome).toBe('done');
    expect(second.resumed).toBeGreaterThan(0);
    const cache = await lane.run<CacheFacts>('cache', 'demo');
    expect(Object.keys(cache.newest).sort()).toEqual([...ids].sort());
    expect(cache.backfillRows, `every row written by the backfill exactly once (kill after ${killAt})`).toBe(ids.length);
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

test('incremental: settled pending items are updated (their date moves), unchanged rows are not rewritten', async ({ lane }) => {
  const sandbox = await demo(lane);
  await lane.open('sync.ts');
  expect((await lane.run<{ outcome: string }>('sync', 'demo')).outcome).toBe('done');
  const before = await lane.run<CacheFacts>('cache', 'demo');
  const pending = Object.entries(before.newest).filter(([, v]) => v.status === 'pending').map(([id]) => id);
  expect(pending.length).toBeGreaterThan(0);

  // Nothing changed on the service: a second run writes no new chunk.
  await lane.run('sync', 'demo');
  expect((await lane.run<CacheFacts>('cache', 'demo')).chunks).toBe(before.chunks);

  // Time passes on the service: pending items settle (and change their date).
  const res = await fetch(`${sandbox.apiUrl}/__sandbox/clock`, { method: 'POST', headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ advanceDays: 10 }) });
  expect(res.ok).toBe(true);
  expect((await lane.run<{ outcome: string }>('sync', 'demo')).outcome).toBe('done');
  const after = await lane.run<CacheFacts>('cache', 'demo');
  for (const id of pending) {
    const server = sandbox.world.transactions.get(id)?.tx;
    expect(after.newest[id]?.status, id).toBe(server?.status);
    expect(after.newest[id]?.date, id).toBe(server?.date);
  }
});

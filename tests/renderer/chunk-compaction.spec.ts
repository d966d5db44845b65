import type { Sandbox } from '../../src/sandbox';
import type { ChunkCompactionReport } from '../../src/renderer/src/search/index-host';
import type { TxQuery } from '../../src/renderer/src/model/tx-query';
import type { Transaction } from '../../src/shared/service';
import { allTransactions, expectedSearch } from '../e2e/harness/expected';
import { expect, test, type Lane } from './harness/lane';

// Compacting superseded transaction versions (IndexHost.compactChunks + rewriteChunks) in
// Chromium: real IndexedDB, the real search worker, the real core against the Demo sandbox,
// whose own data is the truth every answer is compared with (reference-search).

test.use({ laneSession: { demo: { seed: 21, transactions: 1000 } } });

/** Card authorizations made on the service before the first sync: pending rows that settle later. */
const AUTHORIZATIONS = 150;

const QUERIES: TxQuery[] = [
  {},
  { statuses: ['pending'] },
  { statuses: ['posted'] },
  { text: 'goo' },
  { text: '-1', hasFee: true },
  { currencies: ['EUR'] },
];
/** Every chunk holding any older version is rewritten, in one run: the cache ends with exactly the live rows. */
const EVERYTHING = { minDeadShare: 0, scanChunks: 100_000, maxRewrites: 100_000 };

interface Versions {
  chunks: number;
  rows: number;
  compacted: number;
  versions: Record<string, string[]>;
}

const short = (tx: Pick<Transaction, 'id' | 'status' | 'date'>) => `${tx.id}:${tx.status}:${tx.date}`;

/** Synced, indexed, then time passes on the service and a second sync writes the settled rows again. */
async function settledCache(lane: Lane): Promise<Sandbox> {
  const sandbox = await lane.core.demo.start();
  const admin = (path: string, body: unknown) =>
    fetch(`${sandbox.apiUrl}/__sandbox/${path}`, {
      method: 'POST',
      headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const cards = [...sandbox.world.cards.values()].filter((c) => c.status === 'active').map((c) => c.id);
  for (let i = 0; i < AUTHORIZATIONS; i++)
    expect(
      (
        await admin('authorizations', {
          cardId: cards[i % cards.length],
          amountCents: 100 + i,
          merchantName: 'Compaction Cafe',
        })
      ).ok,
    ).toBe(true);
  await lane.open('compaction.ts');
  expect(await lane.run('sync', 'demo')).toBe('done');
  await lane.run('open', 'demo');
  expect((await admin('clock', { advanceDays: 10 })).ok).toBe(true);
  expect(await lane.run('sync', 'demo')).toBe('done');
  await lane.run('refresh');
  return sandbox;
}

/**
 * Every transaction the service has is cached with its newest version last, and no version is
 * there twice (what a compaction that copied without deleting, or deleted without copying, breaks).
 */
async function expectEveryRowOnce(lane: Lane, sandbox: Sandbox, label: string): Promise<Versions> {
  const v = await lane.run<Versions>('versions', 'demo');
  const server = allTransactions(sandbox);
  expect(Object.keys(v.versions).sort(), label).toEqual(server.map((t) => t.id).sort());
  // One assertion over all rows (thousands of separate ones take seconds).
  const problems: string[] = [];
  for (const tx of server) {
    const mine = v.versions[tx.id] ?? [];
    const newest = short(JSON.parse(mine.at(-1) ?? '{}') as Transaction);
    if (newest !== short(tx)) problems.push(`${tx.id}: newest cached ${newest}, service ${short(tx)}`);
    if (new Set(mine).size !== mine.length) problems.push(`${tx.id}: a version is cached twice`);
  }
  expect(problems, label).toEqual([]);
  return v;
}

async function expectSearchLikeReference(lane: Lane, sandbox: Sandbox, label: string): Promise<void> {
  for (const q of QUERIES) {
    const want = expectedSearch(sandbox, q);
    const got = await lane.run<{ summary: unknown; ids: string[] }>('query', q, 50);
    expect(got.summary, `${label} ${JSON.stringify(q)}`).toEqual(want.summary);
    expect(got.ids, `${label} ${JSON.stringify(q)}`).toEqual(want.ids.slice(0, 50));
  }
  // The rows the index points at are the right rows, read from the cache.
  const byId = new Map(allTransactions(sandbox).map((t) => [t.id, t]));
  const want = expectedSearch(sandbox, {})
    .ids.slice(0, 200)
    .map((id) => short(byId.get(id) as Transaction));
  expect(await lane.run('rowsOf', {}, 200), label).toEqual(want);
}

test.describe.configure({ timeout: 180_000 });

test('compaction leaves exactly the live rows; searches answer like the reference, before and after a reload', async ({
  lane,
}) => {
  const sandbox = await settledCache(lane);
  const before = await expectEveryRowOnce(lane, sandbox, 'before');
  const live = Object.keys(before.versions).length;
  expect(before.rows - live, 'the second sync wrote settled rows again').toBeGreaterThan(AUTHORIZATIONS / 2);
  const kept = await lane.run<number>('keepAnswer', {});
  const heldRefs = await lane.run<unknown[]>('refsOf', {}, 200);

  const report = await lane.run<ChunkCompactionReport>('compact', EVERYTHING);
  expect(report).toMatchObject({ ran: true, rowsDropped: before.rows - live, wrapped: true });
  const after = await expectEveryRowOnce(lane, sandbox, 'after');
  expect(after.rows).toBe(live);
  expect(Object.values(after.versions).every((v) => v.length === 1)).toBe(true);
  expect(after.chunks).toBeLessThan(before.chunks);
  console.log(
    `compaction: ${before.chunks} chunks / ${before.rows} rows -> ${after.chunks} chunks / ${after.rows} rows (${live} live); ${report.rewrites} rewrites moved ${report.rowsMoved} rows`,
  );
  await expectSearchLikeReference(lane, sandbox, 'after compaction');
  // An answer taken before the compaction still reads its rows where they are now.
  const byId = new Map(allTransactions(sandbox).map((t) => [t.id, t]));
  const first200 = expectedSearch(sandbox, {})
    .ids.slice(0, 200)
    .map((id) => short(byId.get(id) as Transaction));
  expect(await lane.run('pageOf', kept, 0, 200)).toEqual(first200);
  // Places a window took just before the compaction are read where the rows went.
  expect(await lane.run('readAt', 'demo', heldRefs)).toEqual(first200);

  // Nothing left to do: a second run rewrites nothing.
  expect(await lane.run<ChunkCompactionReport>('compact', EVERYTHING)).toMatchObject({ rewrites: 0, rowsDropped: 0 });

  // Saved and loaded back after a reload: the index points at the compacted chunks.
  await lane.run('save');
  await lane.open('compaction.ts');
  expect(await lane.run('open', 'demo')).toMatchObject({ state: 'ready', loadedFrom: 'storage' });
  await expectSearchLikeReference(lane, sandbox, 'after reload');
});

test('an index saved before a compaction is loaded after it and follows the moved rows', async ({ lane }) => {
  const sandbox = await settledCache(lane);
  await lane.run('save');
  expect((await lane.run<ChunkCompactionReport>('compact', EVERYTHING)).rewrites).toBeGreaterThan(0);
  // The page closes before the index is saved again: the saved one points at deleted chunks.
  await lane.open('compaction.ts');
  expect(await lane.run('open', 'demo')).toMatchObject({ state: 'ready', loadedFrom: 'storage' });
  await expectSearchLikeReference(lane, sandbox, 'stale saved index');
});

test('by default a run is bounded and takes only mostly superseded chunks; killed between or during runs, nothing is lost', async ({
  lane,
}) => {
  const sandbox = await settledCache(lane);
  const start = await expectEveryRowOnce(lane, sandbox, 'start');

  // Bounded runs (4 chunks read each), the page reloaded after every run: a kill between steps.
  let runs = 0;
  for (;;) {
    const r = await lane.run<ChunkCompactionReport>('compact', { scanChunks: 4 });
    expect(r.scanned).toBeLessThanOrEqual(4);
    runs++;
    await expectEveryRowOnce(lane, sandbox, `after bounded run ${runs}`);
    if (r.wrapped) break;
    await lane.open('compaction.ts');
    await lane.run('open', 'demo');
  }
  expect(runs).toBeGreaterThan(1);
  // Chunks mostly made of older versions were rewritten; those with a few were left for later.
  const bounded = await expectEveryRowOnce(lane, sandbox, 'after the bounded runs');
  expect(bounded.compacted).toBeGreaterThan(0);
  expect(bounded.rows).toBeLessThan(start.rows);
  expect(bounded.rows).toBeGreaterThan(Object.keys(bounded.versions).length);

  // The page closed while a compaction of many small steps is under way: a kill mid-run.
  await lane.open('compaction.ts');
  await lane.run('open', 'demo');
  await lane.run('startCompaction', { ...EVERYTHING, rowsPerChunk: 5 });
  await expect.poll(() => lane.run<number>('compactedChunks', 'demo')).toBeGreaterThan(0);
  await lane.open('compaction.ts');
  const mid = await expectEveryRowOnce(lane, sandbox, 'killed mid-run');
  expect(mid.rows).toBeLessThanOrEqual(start.rows);

  // The next run finishes the work; the index, loaded from wherever it was saved, still answers right.
  expect(await lane.run('open', 'demo')).toMatchObject({ state: 'ready' });
  await lane.run('compact', EVERYTHING);
  const end = await expectEveryRowOnce(lane, sandbox, 'end');
  expect(end.rows).toBe(Object.keys(end.versions).length);
  await expectSearchLikeReference(lane, sandbox, 'end');
});

test('a sync that wrote a newer version meanwhile wins over what the compaction thought was newest', async ({
  lane,
}) => {
  const sandbox = await settledCache(lane);
  const id = await lane.run<string | null>('rewriteBehindASync', 'demo');
  expect(id).not.toBeNull();
  const v = await expectEveryRowOnce(lane, sandbox, 'rewritten behind a sync');
  expect(v.versions[id as string]).toHaveLength(1);
});

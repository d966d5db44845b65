import type { TxQuery } from '../../src/renderer/src/model/tx-query';
import { expect, test } from './harness/lane';
import { expectAnswersLikeOracle } from './harness/search-answers';

// Where the saved search index lives (repos/search-index-repo.ts, db/index-file.ts): a file of
// the private file system, marked in the cache database; an index an earlier version saved in
// IndexedDB still loads; a profile's removal takes the file with it.

test.use({ laneSession: { demo: { seed: 5, transactions: 800 } } });

interface Status {
  state: string;
  rows: number;
  loadedFrom?: string;
}
const PARTS = ['buffer:ids', 'buffer:postings', 'buffer:rows', 'buffer:terms', 'meta'];
const QUERIES: TxQuery[] = [{}, { text: 'goo' }, { statuses: ['pending'] }, { text: 'wire', minCents: -1_000_000 }];

test('an index an earlier version saved in IndexedDB loads, and moves into the file at the next save', async ({
  lane,
}) => {
  const sandbox = await lane.core.demo.start();
  const answers = () => expectAnswersLikeOracle(lane, sandbox, QUERIES);
  await lane.open('search-file.ts');
  expect(await lane.run('sync', 'demo')).toBe('done');
  expect(await lane.run<Status>('open', 'demo')).toMatchObject({ state: 'ready', loadedFrom: 'rebuild' });
  await lane.run('save');
  expect(await lane.run('stored', 'demo')).toEqual({ records: ['file'], file: PARTS });

  expect(await lane.run('asEarlierVersion', 'demo')).toEqual(PARTS);
  expect(await lane.run('stored', 'demo')).toEqual({ records: PARTS, file: null });
  await lane.open('search-file.ts');
  expect(await lane.run<Status>('open', 'demo')).toMatchObject({ state: 'ready', loadedFrom: 'storage', rows: 800 });
  await answers();

  // A change (the sync's new rows) makes the next save, which goes to the file.
  const res = await fetch(`${sandbox.apiUrl}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ advanceDays: 10 }),
  });
  expect(res.ok).toBe(true);
  expect(await lane.run('sync', 'demo')).toBe('done');
  await lane.run('refresh');
  await lane.run('save');
  expect(await lane.run('stored', 'demo')).toEqual({ records: ['file'], file: PARTS });
  await lane.open('search-file.ts');
  expect(await lane.run<Status>('open', 'demo')).toMatchObject({ state: 'ready', loadedFrom: 'storage' });
  await answers();
});

test("a removed profile's file goes with its cache, and a file left behind is never taken for a new cache's index", async ({
  lane,
}) => {
  await lane.core.demo.start();
  await lane.open('search-file.ts');
  await lane.run('sync', 'demo');
  await lane.run('open', 'demo');
  await lane.run('save');
  expect(await lane.run('stored', 'demo')).toEqual({ records: ['file'], file: PARTS });
  await lane.run('forget', 'demo');
  expect(await lane.run('stored', 'demo')).toEqual({ records: [], file: null });

  // The same history cached again, its database deleted with the file left behind, and cached
  // once more: as many chunks as the file's index covers, yet the file is not this cache's.
  await lane.open('search-file.ts');
  await lane.run('sync', 'demo');
  await lane.run('open', 'demo');
  await lane.run('save');
  await lane.run('deleteDatabaseOnly', 'demo');
  await lane.open('search-file.ts');
  expect(await lane.run('stored', 'demo')).toEqual({ records: [], file: PARTS });
  expect(await lane.run('sync', 'demo')).toBe('done');
  expect(await lane.run<Status>('open', 'demo')).toMatchObject({ state: 'ready', loadedFrom: 'rebuild', rows: 800 });
});

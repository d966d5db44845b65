import { expectedSearch } from '../e2e/harness/expected';
import type { TxQuery } from '../../src/renderer/src/search/model/query';
import { expect, test } from './harness/lane';

// A saved index answers as soon as it is loaded; its structural checks run once searching
// pauses, and damage only they can see (the checksums written to match) still ends in a rebuild
// from the cache, with a note, and right answers.

test.use({ laneSession: { demo: { seed: 5, transactions: 800 } } });

interface Status {
  state: string;
  rows: number;
  loadedFrom?: string;
  note?: string;
}

const QUERIES: TxQuery[] = [{}, { text: 'goo' }, { statuses: ['pending'] }, { text: 'wire', minCents: -1_000_000 }];

test('damage the checksums miss is found by the checks that run after loading, and the index is rebuilt', async ({ lane }) => {
  const sandbox = await lane.core.demo.start();
  await lane.open('search-checks.ts');
  expect(await lane.run('sync', 'demo')).toBe('done');
  expect(await lane.run<Status>('open', 'demo')).toMatchObject({ state: 'ready', loadedFrom: 'rebuild' });
  await lane.run('save');

  // Intact: loaded from storage, and still from storage once its checks have run.
  await lane.open('search-checks.ts');
  expect(await lane.run<Status>('open', 'demo')).toMatchObject({ state: 'ready', loadedFrom: 'storage' });
  const answer = async (q: TxQuery) => {
    const want = expectedSearch(sandbox, q);
    const got = await lane.run<{ summary: unknown; ids: string[]; status: Status }>('query', q, 50);
    expect(got.summary, JSON.stringify(q)).toEqual(want.summary);
    expect(got.ids, JSON.stringify(q)).toEqual(want.ids.slice(0, 50));
    return got.status;
  };
  for (const q of QUERIES) await answer(q);

  expect(await lane.run('swapDates', 'demo')).toBe(true);
  await lane.open('search-checks.ts');
  // Loaded at once: the swap passed every check made before answering.
  expect(await lane.run<Status>('open', 'demo')).toMatchObject({ state: 'ready', loadedFrom: 'storage' });
  // Rebuilt once the checks ran (the state passes through 'building' on the way).
  await expect.poll(async () => { const s = await lane.run<Status>('status'); return `${s.loadedFrom} ${s.state}`; }, { timeout: 30_000 }).toBe('rebuild ready');
  const rebuilt = await lane.run<Status>('status');
  expect(rebuilt.rows).toBe(800);
  expect(rebuilt.note).toMatch(/damaged .*rows \d+ and \d+ are out of order/);
  for (const q of QUERIES) await answer(q);
});

import { expect, test, type Lane } from './harness/lane';

// usePagedFetch (Cards, Card groups, Accounts, Directory) in Chromium with React: page fetches are
// held until the test answers them, so "an old answer lands after reset()" is set up exactly.

async function settledAt(lane: Lane, marker: number) {
  await lane.run('mark');
  await expect.poll(async () => (await lane.run<{ marker: number } | null>('seen'))?.marker).toBe(marker);
  return lane.run<{ fetching: boolean; nextCursor: string | null; note: string | null }>('seen');
}

test('an answer to a request sent before reset() sets no cursor and no note: the next page is asked with the new query’s cursor', async ({
  lane,
}) => {
  await lane.open('paged-fetch.tsx');
  await lane.run('mount');
  await expect.poll(() => lane.run('seen')).not.toBeNull();

  // "Refresh from the bank" with the old filter, then "Show closed" changes it while that runs.
  await lane.run('fetchFirst');
  await lane.run('reset');
  // The old query's answer lands late: it must not leave its cursor behind.
  await lane.run('answer', 0, 25, 'cursor-of-the-old-query');
  expect(await settledAt(lane, 1)).toEqual({ marker: 1, fetching: false, nextCursor: null, note: null });

  // The new query's first page, then an old answer again in between: the new cursor stays.
  await lane.run('fetchFirst');
  await lane.run('reset');
  await lane.run('fetchFirst');
  await lane.run('answer', 2, 25, 'cursor-of-the-new-query');
  await lane.run('answer', 1, 3, 'cursor-of-the-old-query');
  expect(await settledAt(lane, 2)).toEqual({
    marker: 2,
    fetching: false,
    nextCursor: 'cursor-of-the-new-query',
    note: '25 accounts read from the bank; more are available.',
  });

  await lane.run('fetchNext');
  expect(await lane.run('cursors')).toEqual([null, null, null, 'cursor-of-the-new-query']);
});

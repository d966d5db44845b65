import { allTransactions, expectedSearch } from '../e2e/harness/expected';
import type { TxQuery } from '../../src/renderer/src/model/tx-query';
import { expect, test } from './harness/lane';
import { expectAnswersLikeOracle } from './harness/search-answers';

// The search worker in Chromium: built from the cache, saved (a file of the private file
// system, db/index-file.ts), loaded back after a reload, rebuilt when damaged, kept current as the sync writes.

test.use({ laneSession: { demo: { seed: 5, transactions: 800 } } });

interface Status {
  state: string;
  rows: number;
  loadedFrom?: string;
  note?: string;
}

const QUERIES: TxQuery[] = [
  {},
  { text: 'goo' },
  { statuses: ['pending'] },
  { text: '-1', hasFee: true },
  { currencies: ['EUR'] },
  { text: 'wire', minCents: -1_000_000 },
];

test('answers like the oracle, is saved, loads back after a reload, and is rebuilt when damaged', async ({ lane }) => {
  const sandbox = await lane.core.demo.start();
  await lane.open('search.ts');
  expect(await lane.run('sync', 'demo')).toBe('done');
  const built = await lane.run<Status>('open', 'demo');
  expect(built).toMatchObject({ state: 'ready', loadedFrom: 'rebuild' });

  const check = () => expectAnswersLikeOracle(lane, sandbox, QUERIES);
  await check();
  // The rows the index points at are the rows in the cache.
  const first = await lane.run<string[]>('firstRows', {});
  expect(first).toEqual(expectedSearch(sandbox, {}).ids.slice(0, 20));

  // Saved in the private file system; the cache database holds only the file's mark.
  expect(await lane.run('save')).toEqual({
    parts: ['buffer:ids', 'buffer:postings', 'buffer:rows', 'buffer:terms', 'meta'],
    records: ['file'],
  });
  await lane.open('search.ts');
  expect(await lane.run<Status>('open', 'demo')).toMatchObject({ state: 'ready', loadedFrom: 'storage' });
  await check();

  expect(await lane.run('corrupt', 'demo', 'buffer:postings')).toBe(true);
  await lane.open('search.ts');
  const rebuilt = await lane.run<Status>('open', 'demo');
  expect(rebuilt).toMatchObject({ state: 'ready', loadedFrom: 'rebuild' });
  expect(rebuilt.note).toMatch(/damaged/);
  await check();
});

test('rows the sync writes later are found (delta), including a pending item that posted and moved', async ({
  lane,
}) => {
  const sandbox = await lane.core.demo.start();
  await lane.open('search.ts');
  await lane.run('sync', 'demo');
  await lane.run('open', 'demo');
  const res = await fetch(`${sandbox.apiUrl}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ advanceDays: 10 }),
  });
  expect(res.ok).toBe(true);
  await lane.run('sync', 'demo');
  await lane.run('refresh');
  for (const q of [{ statuses: ['pending'] }, { statuses: ['posted'] }, {}] as TxQuery[]) {
    const want = expectedSearch(sandbox, q);
    const got = await lane.run<{ summary: unknown; ids: string[] }>('query', q, 50);
    expect(got.summary).toEqual(want.summary);
    expect(got.ids).toEqual(want.ids.slice(0, 50));
  }
});

// A saved index answers as soon as it is loaded; its structural checks run once searching
// pauses, and damage only they can see (checksums written to match) still ends in a rebuild.
test('damage the checksums miss is found by the checks that run after loading, and the index is rebuilt', async ({
  lane,
}) => {
  const sandbox = await lane.core.demo.start();
  await lane.open('search-checks.ts');
  expect(await lane.run('sync', 'demo')).toBe('done');
  expect(await lane.run<Status>('open', 'demo')).toMatchObject({ state: 'ready', loadedFrom: 'rebuild' });
  await lane.run('save');

  // Intact: loaded from storage, answering as the oracle does.
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
  await expect
    .poll(
      async () => {
        const s = await lane.run<Status>('status');
        return `${s.loadedFrom} ${s.state}`;
      },
      { timeout: 30_000 },
    )
    .toBe('rebuild ready');
  const rebuilt = await lane.run<Status>('status');
  expect(rebuilt.rows).toBe(800);
  expect(rebuilt.note).toMatch(/damaged .*rows \d+ and \d+ are out of order/);
  for (const q of QUERIES) await answer(q);
});

test("a card group filter means the cards in the group now: a card moved after its rows were indexed follows its group (the limits' reading)", async ({
  lane,
}) => {
  const sandbox = await lane.core.demo.start();
  await lane.open('search.ts');
  await lane.run('sync', 'demo');
  await lane.run('open', 'demo');
  const spent = new Map<string, number>();
  for (const tx of allTransactions(sandbox)) if (tx.cardId) spent.set(tx.cardId, (spent.get(tx.cardId) ?? 0) + 1);
  const card = [...sandbox.world.cards.values()]
    .filter((c) => c.cardGroupId && (spent.get(c.id) ?? 0) > 3)
    .sort((a, b) => a.id.localeCompare(b.id))[0];
  const to = [...sandbox.world.cardGroups.values()].find((g) => g.id !== card?.cardGroupId);
  if (!card?.cardGroupId || !to) throw new Error('the seed has no grouped card with purchases, or a single group');
  const from = card.cardGroupId;
  const moved = await fetch(`${sandbox.apiUrl}/card/${card.id}`, {
    method: 'PATCH',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ cardGroupId: to.id }),
  });
  expect(moved.status).toBe(200);
  await lane.run('sync', 'demo');
  await lane.run('refresh');
  for (const q of [
    { cardGroupIds: [to.id] },
    { cardGroupIds: [from] },
    { cardGroupIds: [to.id], cardIds: [card.id] },
    { cardGroupIds: [from], cardIds: [card.id] },
  ] as TxQuery[]) {
    const want = expectedSearch(sandbox, q);
    const got = await lane.run<{ summary: unknown; ids: string[] }>('query', q, 50);
    expect(got.summary, JSON.stringify(q)).toEqual(want.summary);
    expect(got.ids, JSON.stringify(q)).toEqual(want.ids.slice(0, 50));
  }
});

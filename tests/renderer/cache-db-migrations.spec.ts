import { expect, test } from './harness/lane';

// Every released cache schema, written with data by its frozen definition in real IndexedDB,
// opens with today's CacheDb and reads back the same through the repositories.

const tx = (id: string, date: string) => ({ id, date, amountCents: -1250, status: 'posted', detailedStatus: 'settled', accountId: 'acct_1', description: id });

test('each released cache database upgrades to the current version with its data intact', async ({ lane }) => {
  await lane.open('migrations.ts');
  const released = await lane.run<number[]>('released');
  const current = await lane.run<number>('current');
  expect(released).toContain(1);
  expect(Math.max(...released)).toBe(current);
  for (const version of released) {
    const profileId = `migrate-v${version}`;
    await lane.run('writeAsReleased', profileId, version, [tx('txn_b', '2026-01-15T10:00:00Z'), tx('txn_a', '2026-01-14T10:00:00Z')]);
    const read = await lane.run<Record<string, unknown>>('readCurrent', profileId);
    expect(read, `from version ${version}`).toEqual({
      verno: current,
      chunkSources: ['backfill:0'],
      newest: ['txn_b', 'txn_a'],
      state: { cursor: 'c1', done: false },
      cards: [{ id: 'card_1', last4: '4242', name: 'Ops' }],
      indexParts: ['meta'],
      duplicateRefused: true,
    });
  }
});

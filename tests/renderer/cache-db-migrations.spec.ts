import { expect, test } from './harness/lane';

// Every released cache and outbox schema, written with data by its frozen definition in real IndexedDB,
// opens with today's CacheDb and reads back the same through the repositories.

const tx = (id: string, date: string) => ({
  id,
  date,
  amountCents: -1250,
  status: 'posted',
  detailedStatus: 'settled',
  accountId: 'acct_1',
  description: id,
});

test('each released cache database upgrades to the current version with its data intact', async ({ lane }) => {
  await lane.open('migrations.ts');
  const released = await lane.run<number[]>('released');
  const current = await lane.run<number>('current');
  expect(released).toContain(1);
  expect(Math.max(...released)).toBe(current);
  for (const version of released) {
    const profileId = `migrate-v${version}`;
    await lane.run('writeAsReleased', profileId, version, [
      tx('txn_b', '2026-01-15T10:00:00Z'),
      tx('txn_a', '2026-01-14T10:00:00Z'),
    ]);
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

test('each released outbox database upgrades to the current version: rows, keys, audit and settings kept, and the sender’s indexes work on them', async ({
  lane,
}) => {
  await lane.open('migrations.ts');
  const released = await lane.run<number[]>('outboxReleased');
  const current = await lane.run<number>('outboxCurrent');
  expect(released).toEqual([1, 2, 3, 4]);
  expect(Math.max(...released)).toBe(current);
  for (const version of released) {
    const profileId = `migrate-outbox-v${version}`;
    await lane.run('writeOutboxAsReleased', profileId, version);
    // Before version 3 an approval named no service: such rows go back to a person, who approves
    // them again for the profile's service; the sent row moves to the archive.
    const unbound =
      version < 3
        ? ['row_1', 'row_2'].map(
            (id) =>
              `${id}: It was approved before approvals named the service they are for. This profile now sends to https://svc.example: approve it again to send it there.`,
          )
        : [];
    expect(await lane.run('readOutboxCurrent', profileId), `from version ${version}`).toEqual({
      verno: current,
      backToPerson: unbound,
      archived: ['row_0 sent', 'row_1 sent'],
      claimedFirst: ['row_1'],
      claimedWithOutcome: ['row_2'],
      keys: ['00000000-0000-4000-8000-000000000002'],
      rule: { mode: 'above', thresholdCents: 10_000 },
      auditFirst: 'approved',
      // The team workspace's offline copy: a new, empty table before version 4; kept from it on.
      teamUnpushed: version >= 4 ? ['d_1'] : [],
    });
  }
});

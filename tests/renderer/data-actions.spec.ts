import { expect, test } from './harness/lane';
import type { Transaction } from '../../src/shared/service';

// The commands behind Settings → "Clear the cache" and "Remove", in Chromium's IndexedDB against
// main's real core: they check the unsent rows themselves when they run (the screen's held
// button is not the only guard), and what they delete and keep.

const transfer = (amountCents: number) => ({
  kind: 'transfer',
  payload: { source: 'va_a', destination: 'va_b', amountCents },
  labels: {},
});
const tx = (id: string): Transaction =>
  ({
    id,
    date: '2026-03-01T12:00:00.000Z',
    description: id,
    amount: { amountCents: -100, currency: 'USD' },
  }) as unknown as Transaction;

test('clearing refuses while rows are unsent or being sent; exported, it empties the cache and keeps saved searches and the outbox', async ({
  lane,
}) => {
  await lane.open('data-actions.ts');
  await lane.run('fillCache', 'c1', [tx('txn_1'), tx('txn_2')]);
  await lane.run('waiting', 'c1', transfer(1_500));

  expect(await lane.run('clearCache', 'c1')).toEqual({
    ok: false,
    message:
      'The cache was not cleared: 1 unsent item ($15.00) is neither sent, exported nor discarded. Send them, export them, or discard them, then try again.',
  });
  expect(await lane.run('cacheCounts', 'c1')).toEqual({ chunks: 1, entities: 1, savedSearches: 1 });

  // Exported: the file is main's to write, once the person confirmed it.
  const exported = lane.run('exportUnsent', 'c1');
  await lane.prompts.confirm(/^Save “unsent-items-.+\.csv” in /);
  expect(await exported).toBe('saved');
  expect(await lane.run('clearCache', 'c1')).toEqual({ ok: true });
  expect(await lane.run('cacheCounts', 'c1')).toEqual({ chunks: 0, entities: 0, savedSearches: 1 });
  expect(await lane.run('states', 'c1')).toEqual(['awaiting-approval']);

  // A row being sent stops it, exported or not: only the service's answer settles that one.
  await lane.run('fillCache', 'c1', [tx('txn_3')]);
  await lane.run('inFlight', 'c1', transfer(2_500));
  expect(await lane.run('clearCache', 'c1')).toEqual({
    ok: false,
    message: 'The cache was not cleared: 1 item is being sent right now; wait for the service’s answer.',
  });
  expect(await lane.run('cacheCounts', 'c1')).toEqual({ chunks: 1, entities: 1, savedSearches: 2 });
  // Discarding leaves a row being sent alone.
  expect(await lane.run('discard', 'c1')).toBe(1);
  expect(await lane.run('states', 'c1')).toEqual(['sending']);
});

test('a profile with unsent rows is not removed, in main or here; once they are discarded it goes with its databases', async ({
  lane,
}) => {
  await lane.open('data-actions.ts');
  const sandbox = await lane.core.demo.start();
  const created = lane.core.handlers['profiles:create']({
    name: 'Acme',
    baseUrl: sandbox.apiUrl,
    vaultUrl: sandbox.vaultUrl,
    apiKey: sandbox.apiKey,
  });
  await lane.prompts.confirm(/^Send the API key you typed for “Acme” to /);
  const { id } = await created;
  await lane.run('fillCache', id, [tx('txn_1')]);
  await lane.run('waiting', id, transfer(4_200));

  expect(await lane.run('removeProfile', id)).toEqual({
    ok: false,
    message:
      'The profile was not removed: 1 unsent item ($42.00) is neither sent, exported nor discarded. Send them, export them, or discard them, then try again.',
  });
  expect((await lane.core.handlers['profiles:list'](undefined)).profiles.map((p) => p.id)).toContain(id);
  expect(await lane.run('databases')).toEqual(
    expect.arrayContaining([`treasury-cache:${id}`, `treasury-outbox:${id}`]),
  );

  expect(await lane.run('discard', id)).toBe(1);
  expect(await lane.run('removeProfile', id)).toEqual({ ok: true });
  expect((await lane.core.handlers['profiles:list'](undefined)).profiles.map((p) => p.id)).not.toContain(id);
  const left = await lane.run<string[]>('databases');
  expect(left.filter((n) => n.endsWith(`:${id}`))).toEqual([]);
});

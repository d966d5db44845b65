import type { Result } from '../../src/shared/ipc';
import type { OfframpResult } from '../../src/shared/service';
import type { CachedWallet } from '../../src/renderer/src/accounts/model/offramp';
import { expect, test } from './harness/lane';

// Off-ramp wallets in the entity cache (kind 'wallet'), in Chromium against the Demo sandbox:
// the service has no list of wallets, so the create's answer is the only copy and an entity sync,
// which replaces whole kinds, must leave it alone.

test.use({ laneSession: { demo: { seed: 13, transactions: 50 } } });

test('a created wallet is cached whole in the same call, and an entity sync keeps it', async ({ lane }) => {
  const sandbox = await lane.core.demo.start();
  await lane.open('offramp.ts');
  expect(await lane.run('syncEntities', 'demo')).toEqual([]);
  const va = [...sandbox.world.virtualAccounts.values()].find(
    (v) => v.closedAt === null && v.accountType === 'default',
  );
  if (!va) throw new Error('the seed has no open default account');

  const body = { virtualAccountId: va.id, paymentRail: 'ach', currency: 'usdt' } as const;
  const r = await lane.run<Result<CachedWallet>>('createWallet', 'demo', body, 1_700_000_000_000);
  expect(r.ok).toBe(true);
  if (!r.ok) return;
  const id = r.value.wallet.id;
  // The sandbox's own record of the wallet is what the cache holds, with the account and time.
  const world: OfframpResult = {
    wallet: { ...sandbox.world.wallets.get(id)! },
    addresses: (sandbox.world.walletAddresses.get(id) ?? []).map((a) => ({ ...a })),
  };
  expect(world.wallet.subaccountId).toBe(va.id);
  expect(world.addresses.length).toBeGreaterThan(0);
  expect(world.addresses.every((a) => a.currency === 'usdt' && a.method === 'ach')).toBe(true);
  const expected: CachedWallet = {
    wallet: world.wallet,
    addresses: world.addresses,
    virtualAccountId: va.id,
    createdAt: 1_700_000_000_000,
  };
  expect(r.value).toEqual(expected);
  expect(await lane.run('wallets', 'demo')).toEqual([expected]);

  // A full entity sync replaces every kind it lists: wallets are not one of them.
  expect(await lane.run('syncEntities', 'demo')).toEqual([]);
  expect(await lane.run('wallets', 'demo')).toEqual([expected]);
  expect(await lane.run('walletAsOf', 'demo')).toBeNull();
});

test('a closed account: the service refuses in words and nothing is cached', async ({ lane }) => {
  const sandbox = await lane.core.demo.start();
  await lane.open('offramp.ts');
  const closed = [...sandbox.world.virtualAccounts.values()].find((v) => v.closedAt !== null);
  if (!closed) throw new Error('the seed has no closed account');
  const r = await lane.run<Result<CachedWallet>>(
    'createWallet',
    'demo',
    { virtualAccountId: closed.id, paymentRail: 'wire', currency: 'usdc' },
    1,
  );
  expect(r).toMatchObject({ ok: false, error: { service: { kind: 'http', status: 409 } } });
  if (r.ok) return;
  expect(r.error.message).toMatch(/was closed/);
  expect(await lane.run('wallets', 'demo')).toEqual([]);
  expect(sandbox.world.wallets.size).toBe(0);
});

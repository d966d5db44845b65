import { describe, expect, it } from 'vitest';
import type { OfframpResult } from '../../src/shared/service';
import { clientForFile, startClient } from '../support/sandbox-harness';
import { expectError } from '../support/errors';

const c = clientForFile();

describe('POST /crypto/offramp', () => {
  it('creates a pending wallet for the virtual account with deposit addresses', async () => {
    const vaId = c.world.primaryVirtualAccountId;
    const res = await c.call<OfframpResult>('POST', '/crypto/offramp', {
      body: { virtualAccountId: vaId, paymentRail: 'wire', currency: 'usdc' },
    });
    expect(res.status).toBe(200);
    const { wallet, addresses } = res.body;
    expect(wallet).toMatchObject({
      type: 'off_ramp',
      status: 'pending_active',
      subaccountId: vaId,
      svcAccountGroupId: c.world.legalEntity.id,
    });
    expect(Date.parse(wallet.timestamp)).toBeGreaterThan(0);
    expect(addresses.length).toBeGreaterThanOrEqual(2);
    expect(addresses.map((a) => a.chain)).toContain('ethereum');
    for (const a of addresses) {
      expect(a).toMatchObject({ walletId: wallet.id, status: 'pending_active', currency: 'usdc', method: 'wire' });
      expect(a.address).toMatch(/^0x[0-9a-f]{40}$/);
      expect(typeof a.blockchainMemo).toBe('string');
    }
    expect(new Set(addresses.map((a) => a.address)).size).toBe(addresses.length);
    expect(c.world.wallets.get(wallet.id)).toBeDefined();
    expect(c.world.walletAddresses.get(wallet.id)).toHaveLength(addresses.length);
  });

  it('uses the requested currency and rail', async () => {
    const vaId = [...c.world.virtualAccounts.values()].find(
      (v) => v.closedAt === null && v.accountType === 'default',
    )!.id;
    const res = await c.call<OfframpResult>('POST', '/crypto/offramp', {
      body: { virtualAccountId: vaId, paymentRail: 'ach', currency: 'usdt' },
    });
    expect(res.status).toBe(200);
    expect(res.body.addresses.every((a) => a.currency === 'usdt' && a.method === 'ach')).toBe(true);
  });

  it('gives the same addresses for the same seed and call order', async () => {
    // The harness pins the clock: same seed, same instant, same world.
    const other = await startClient();
    try {
      const body = {
        virtualAccountId: other.sandbox.world.primaryVirtualAccountId,
        paymentRail: 'wire',
        currency: 'usdc',
      };
      const fresh = await startClient();
      try {
        const a = await other.call<OfframpResult>('POST', '/crypto/offramp', { body });
        const b = await fresh.call<OfframpResult>('POST', '/crypto/offramp', {
          body: { ...body, virtualAccountId: fresh.sandbox.world.primaryVirtualAccountId },
        });
        expect(a.body.addresses.map((x) => x.address)).toEqual(b.body.addresses.map((x) => x.address));
      } finally {
        await fresh.close();
      }
    } finally {
      await other.close();
    }
  });

  it('refuses unknown and closed accounts and invalid enums, creating nothing', async () => {
    const count = c.world.wallets.size;
    const closed = [...c.world.virtualAccounts.values()].find((v) => v.closedAt !== null)!;
    const vaId = c.world.primaryVirtualAccountId;
    expectError(
      await c.call('POST', '/crypto/offramp', {
        body: { virtualAccountId: 'va_nope', paymentRail: 'wire', currency: 'usdc' },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await c.call('POST', '/crypto/offramp', {
        body: { virtualAccountId: closed.id, paymentRail: 'wire', currency: 'usdc' },
      }),
      409,
      'ACCOUNT_CLOSED',
    );
    for (const body of [
      { virtualAccountId: vaId, paymentRail: 'swift', currency: 'usdc' },
      { virtualAccountId: vaId, paymentRail: 'wire', currency: 'btc' },
      { virtualAccountId: vaId, paymentRail: 'wire' },
      { paymentRail: 'wire', currency: 'usdc' },
    ]) {
      expectError(await c.call('POST', '/crypto/offramp', { body }), 400);
    }
    expect(c.world.wallets.size).toBe(count);
  });
});

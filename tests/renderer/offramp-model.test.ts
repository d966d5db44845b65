import { describe, expect, it } from 'vitest';
import type { OfframpResult } from '../../src/shared/service';
import {
  cachedWalletOf,
  createBlockedReason,
  memoWords,
  railWords,
  readCachedWallets,
  walletStatusWords,
  walletsOfAccount,
} from '../../src/renderer/src/accounts/model/offramp';

function result(id: string, timestamp: string): OfframpResult {
  return {
    wallet: {
      id,
      type: 'off_ramp',
      status: 'pending_active',
      subaccountId: 'va_1',
      svcAccountGroupId: 'le_1',
      timestamp,
    },
    addresses: [
      {
        id: `wad_${id}`,
        walletId: id,
        status: 'pending_active',
        currency: 'usdc',
        chain: 'ethereum',
        address: '0xabc',
        method: 'wire',
        blockchainMemo: '',
        timestamp,
      },
    ],
  };
}

describe('off-ramp wallets of an account', () => {
  it('keeps the create answer whole with the account asked for and when it was cached', () => {
    const r = result('wal_1', '2026-03-01T12:00:00.000Z');
    expect(cachedWalletOf(r, { virtualAccountId: 'va_1', paymentRail: 'wire', currency: 'usdc' }, 42)).toEqual({
      wallet: r.wallet,
      addresses: r.addresses,
      virtualAccountId: 'va_1',
      createdAt: 42,
    });
  });

  it('lists only that account, newest first; the service time then the id break ties, whatever the cache order', () => {
    const req = (va: string) => ({ virtualAccountId: va, paymentRail: 'ach' as const, currency: 'usdt' as const });
    const all = [
      cachedWalletOf(result('wal_a', '2026-03-01T12:00:00.000Z'), req('va_1'), 100),
      cachedWalletOf(result('wal_b', '2026-03-01T12:00:00.000Z'), req('va_1'), 300),
      cachedWalletOf(result('wal_c', '2026-03-01T12:00:00.000Z'), req('va_2'), 400),
      cachedWalletOf(result('wal_d', '2026-03-01T12:00:01.000Z'), req('va_1'), 100),
      cachedWalletOf(result('wal_e', '2026-03-01T12:00:01.000Z'), req('va_1'), 100),
    ];
    const order = ['wal_b', 'wal_e', 'wal_d', 'wal_a'];
    expect(walletsOfAccount(all, 'va_1').map((w) => w.wallet.id)).toEqual(order);
    expect(walletsOfAccount([...all].reverse(), 'va_1').map((w) => w.wallet.id)).toEqual(order);
    expect(walletsOfAccount(all, 'va_3')).toEqual([]);
  });

  it('says statuses, rails and memos in words', () => {
    expect(walletStatusWords('pending_active')).toBe('Pending activation');
    expect(walletStatusWords('some_new_state')).toBe('some new state');
    expect(railWords('ach')).toBe('ACH');
    expect(railWords(undefined)).toBe('not stated');
    expect(memoWords('')).toBe('no memo needed');
    expect(memoWords(undefined)).toBe('no memo needed');
    expect(memoWords('OFR123')).toBe('OFR123');
    expect(createBlockedReason('2026-01-01T00:00:00.000Z')).toMatch(/closed/);
    expect(createBlockedReason(null)).toBeUndefined();
  });

  it("reads the cache through today's checks: what an earlier version kept but fails them is reported, not drawn", () => {
    const good = cachedWalletOf(
      result('wal_good', '2026-03-01T12:00:00.000Z'),
      { virtualAccountId: 'va_1', paymentRail: 'wire', currency: 'usdc' },
      1,
    );
    const valid = { ...good, addresses: good.addresses.map((a) => ({ ...a, address: `0x${'ab'.repeat(20)}` })) };
    const withAddress = (id: string, address: string) => ({
      ...valid,
      wallet: { ...valid.wallet, id },
      addresses: valid.addresses.map((a) => ({ ...a, address })),
    });
    const read = readCachedWallets([
      valid,
      withAddress('wal_empty', ''),
      withAddress('wal_long', `0x${'f'.repeat(3000)}`),
      withAddress('wal_bidi', `0x${'ab'.repeat(19)}\u202Eab`),
      {
        ...valid,
        wallet: { ...valid.wallet, id: 'wal_extra' },
        kept: 'no',
        addresses: valid.addresses.map((a) => ({ ...a, extra: 1 })),
      },
      { addresses: 'nonsense' },
      null,
    ]);
    expect(read.wallets).toEqual([valid, { ...valid, wallet: { ...valid.wallet, id: 'wal_extra' } }]);
    expect(read.unreadable).toEqual([
      { id: 'wal_empty', virtualAccountId: 'va_1', problem: 'addresses.0.address: the address is empty' },
      {
        id: 'wal_long',
        virtualAccountId: 'va_1',
        problem: 'addresses.0.address: the address is longer than 128 characters',
      },
      {
        id: 'wal_bidi',
        virtualAccountId: 'va_1',
        problem: 'addresses.0.address: not an address on ethereum (0x followed by 40 hexadecimal digits)',
      },
      { id: '(no id)', virtualAccountId: undefined, problem: expect.stringMatching(/^wallet: /) },
      { id: '(no id)', virtualAccountId: undefined, problem: expect.stringMatching(/^the record: /) },
    ]);
  });
});

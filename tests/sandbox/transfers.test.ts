import { describe, expect, it } from 'vitest';
import { clientForFile } from '../support/sandbox-harness';
import { expectError } from '../support/errors';
import {
  balanceOf,
  ledgerCount,
  moneySnapshot,
  newVirtualAccount,
  postTransfer,
} from '../support/virtual-accounts-helpers';
import { freshKey } from '../support/fresh-key';

const c = clientForFile();

describe('POST /transfer/virtual-account', () => {
  it('moves money once: two posted transactions and one ledger entry', async () => {
    const dest = await newVirtualAccount(c, 'Dest');
    const primaryBefore = await balanceOf(c, c.primaryId);
    const ledgerBefore = await ledgerCount(c);
    const res = await postTransfer(c, {
      source: c.primaryId,
      destination: dest,
      amountCents: 12_345,
      memo: 'seed money',
    });
    expect(res.status).toBe(200);
    expect(res.body.transferId).toMatch(/^tr_/);
    expect(await balanceOf(c, c.primaryId)).toBe(primaryBefore - 12_345);
    expect(await balanceOf(c, dest)).toBe(12_345);
    expect(await ledgerCount(c)).toBe(ledgerBefore + 1);
    const entry = c.world.ledger.at(-1)!;
    expect(entry).toMatchObject({
      kind: 'transfer',
      id: res.body.transferId,
      amountCents: 12_345,
      source: c.primaryId,
      destination: dest,
      path: '/transfer/virtual-account',
    });

    const txs = await c.all('/transaction', { 'filter:virtualAccountId': dest });
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({
      amountCents: 12_345,
      status: 'posted',
      detailedStatus: 'settled',
      memo: 'seed money',
      description: 'Transfer from Operating (primary)',
    });
    const out = (await c.all('/transaction', { 'filter:virtualAccountId': c.primaryId })).find(
      (t) => t.description === 'Transfer to Dest',
    );
    expect(out).toMatchObject({ amountCents: -12_345, status: 'posted', memo: 'seed money' });
  });

  it('answers the same transferId for the same key and body, moving money once', async () => {
    const dest = await newVirtualAccount(c, 'Retry');
    const key = freshKey('retry');
    const body = { source: c.primaryId, destination: dest, amountCents: 500 };
    const a = await postTransfer(c, body, key);
    // Field order does not matter: the body is compared as parsed.
    const b = await postTransfer(c, { amountCents: 500, destination: dest, source: c.primaryId }, key);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.transferId).toBe(a.body.transferId);
    expect(await balanceOf(c, dest)).toBe(500);
    expect(c.world.ledger.filter((e) => e.idempotencyKey === key)).toHaveLength(1);
  });

  it('shares the key between both transfer paths', async () => {
    const dest = await newVirtualAccount(c, 'Both paths');
    const key = freshKey('paths');
    const body = { source: c.primaryId, destination: dest, amountCents: 700 };
    const a = await postTransfer(c, body, key, '/transfer/virtual-account');
    const b = await postTransfer(c, body, key, '/virtual-account/transfer');
    expect(b.status).toBe(200);
    expect(b.body.transferId).toBe(a.body.transferId);
    expect(await balanceOf(c, dest)).toBe(700);
    const other = await postTransfer(c, { ...body, amountCents: 1 }, key, '/virtual-account/transfer');
    expectError(other, 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('the newer path moves money too and records its path', async () => {
    const dest = await newVirtualAccount(c, 'Newer path');
    const res = await postTransfer(
      c,
      { source: c.primaryId, destination: dest, amountCents: 99 },
      freshKey(),
      '/virtual-account/transfer',
    );
    expect(res.status).toBe(200);
    expect(await balanceOf(c, dest)).toBe(99);
    expect(c.world.ledger.at(-1)?.path).toBe('/virtual-account/transfer');
  });

  it('refuses the same key with a different body (409) and changes nothing', async () => {
    const dest = await newVirtualAccount(c, 'Conflict');
    const key = freshKey('conflict');
    const ok = await postTransfer(c, { source: c.primaryId, destination: dest, amountCents: 300 }, key);
    expect(ok.status).toBe(200);
    const before = await moneySnapshot(c, [c.primaryId, dest]);
    for (const body of [
      { source: c.primaryId, destination: dest, amountCents: 301 },
      { source: c.primaryId, destination: dest, amountCents: 300, memo: 'different' },
      { source: dest, destination: c.primaryId, amountCents: 300 },
    ]) {
      const res = await postTransfer(c, body, key);
      const err = expectError(res, 409, 'IDEMPOTENCY_KEY_REUSED');
      expect(err.message).toContain(key);
    }
    expect(await moneySnapshot(c, [c.primaryId, dest])).toEqual(before);
  });

  it('holds under 20 concurrent identical requests: one transfer, one pair of transactions', async () => {
    const dest = await newVirtualAccount(c, 'Concurrent');
    const key = freshKey('concurrent');
    const body = { source: c.primaryId, destination: dest, amountCents: 4_200 };
    const primaryBefore = await balanceOf(c, c.primaryId);
    const sizeBefore = c.world.transactions.size;
    const results = await Promise.all(Array.from({ length: 20 }, () => postTransfer(c, body, key)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.transferId)).size).toBe(1);
    expect(c.world.ledger.filter((e) => e.idempotencyKey === key)).toHaveLength(1);
    expect(c.world.transactions.size).toBe(sizeBefore + 2);
    expect(await balanceOf(c, dest)).toBe(4_200);
    expect(await balanceOf(c, c.primaryId)).toBe(primaryBefore - 4_200);
  });

  it('20 concurrent requests with distinct keys are 20 transfers', async () => {
    const dest = await newVirtualAccount(c, 'Many');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postTransfer(c, { source: c.primaryId, destination: dest, amountCents: 10 }, freshKey(`many${i}`)),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.transferId)).size).toBe(20);
    expect(await balanceOf(c, dest)).toBe(200);
  });

  it('requires X-Idempotency-Key (400) and changes nothing without it', async () => {
    const dest = await newVirtualAccount(c, 'No key');
    const before = await moneySnapshot(c, [c.primaryId, dest]);
    expectError(await postTransfer(c, { source: c.primaryId, destination: dest, amountCents: 100 }, null), 400);
    expectError(await postTransfer(c, { source: c.primaryId, destination: dest, amountCents: 100 }, '   '), 400);
    expectError(
      await postTransfer(c, { source: c.primaryId, destination: dest, amountCents: 100 }, 'x'.repeat(256)),
      400,
    );
    expect(await moneySnapshot(c, [c.primaryId, dest])).toEqual(before);
  });

  it('refuses bad amounts and malformed bodies with 400 and changes nothing', async () => {
    const dest = await newVirtualAccount(c, 'Bad input');
    const before = await moneySnapshot(c, [c.primaryId, dest]);
    const base = { source: c.primaryId, destination: dest };
    const bodies: unknown[] = [
      { ...base, amountCents: 0 },
      { ...base, amountCents: -5 },
      { ...base, amountCents: 1.5 },
      { ...base, amountCents: 1e20 },
      { ...base, amountCents: '100' },
      { ...base },
      { source: c.primaryId, amountCents: 100 },
      { destination: dest, amountCents: 100 },
      { source: c.primaryId, destination: c.primaryId, amountCents: 100 },
      { ...base, amountCents: 100, memo: 'm'.repeat(256) },
    ];
    for (const body of bodies) {
      const key = freshKey('bad');
      expectError(await postTransfer(c, body, key), 400);
      expect(c.world.idempotency.has(key)).toBe(false);
    }
    expect(await moneySnapshot(c, [c.primaryId, dest])).toEqual(before);
  });

  it('names the unknown account in a 404', async () => {
    const dest = await newVirtualAccount(c, 'Known');
    const before = await moneySnapshot(c, [c.primaryId, dest]);
    const src = expectError(
      await postTransfer(c, { source: 'va_ghost', destination: dest, amountCents: 1 }),
      404,
      'NOT_FOUND',
    );
    expect(src.message).toMatch(/source virtual account va_ghost/);
    const dst = expectError(
      await postTransfer(c, { source: c.primaryId, destination: 'va_ghost', amountCents: 1 }),
      404,
      'NOT_FOUND',
    );
    expect(dst.message).toMatch(/destination virtual account va_ghost/);
    expect(await moneySnapshot(c, [c.primaryId, dest])).toEqual(before);
  });

  it('refuses transfers into or out of a closed account (409 ACCOUNT_CLOSED)', async () => {
    const closed = [...c.world.virtualAccounts.values()].find((v) => v.closedAt !== null)!;
    const before = await moneySnapshot(c, [c.primaryId, closed.id]);
    expectError(
      await postTransfer(c, { source: c.primaryId, destination: closed.id, amountCents: 1 }),
      409,
      'ACCOUNT_CLOSED',
    );
    expectError(
      await postTransfer(c, { source: closed.id, destination: c.primaryId, amountCents: 1 }),
      409,
      'ACCOUNT_CLOSED',
    );
    expect(await moneySnapshot(c, [c.primaryId, closed.id])).toEqual(before);
  });

  it('refuses more than the available balance with 422 INSUFFICIENT_FUNDS; the same key works once funded', async () => {
    const poor = await newVirtualAccount(c, 'Poor', 1_000);
    const dest = await newVirtualAccount(c, 'Rich later');
    const key = freshKey('funds');
    const before = await moneySnapshot(c, [poor, dest]);
    const err = expectError(
      await postTransfer(c, { source: poor, destination: dest, amountCents: 1_001 }, key),
      422,
      'INSUFFICIENT_FUNDS',
    );
    expect(err.meta).toMatchObject({ availableCents: 1_000, amountCents: 1_001 });
    // Failures are not remembered: the same key and body give the same error while the cause lasts...
    expectError(
      await postTransfer(c, { source: poor, destination: dest, amountCents: 1_001 }, key),
      422,
      'INSUFFICIENT_FUNDS',
    );
    expect(await moneySnapshot(c, [poor, dest])).toEqual(before);
    // ...and succeed once it is fixed.
    expect((await postTransfer(c, { source: c.primaryId, destination: poor, amountCents: 1 })).status).toBe(200);
    const ok = await postTransfer(c, { source: poor, destination: dest, amountCents: 1_001 }, key);
    expect(ok.status).toBe(200);
    expect(await balanceOf(c, poor)).toBe(0);
    expect(await balanceOf(c, dest)).toBe(1_001);
    // Exactly the whole balance is allowed; one cent more is not.
    expectError(
      await postTransfer(c, { source: dest, destination: poor, amountCents: 1_002 }),
      422,
      'INSUFFICIENT_FUNDS',
    );
    expect((await postTransfer(c, { source: dest, destination: poor, amountCents: 1_001 })).status).toBe(200);
  });

  it('replays a remembered transfer even after its account was closed', async () => {
    const a = await newVirtualAccount(c, 'Replay src', 50);
    const b = await newVirtualAccount(c, 'Replay dst');
    const key = freshKey('replay');
    const first = await postTransfer(c, { source: a, destination: b, amountCents: 50 }, key);
    expect(first.status).toBe(200);
    expect((await c.call('PATCH', `/virtual-account/${a}`, { body: { action: 'close' } })).status).toBe(200);
    const again = await postTransfer(c, { source: a, destination: b, amountCents: 50 }, key);
    expect(again.status).toBe(200);
    expect(again.body.transferId).toBe(first.body.transferId);
    expect(await balanceOf(c, b)).toBe(50);
  });
});

import { describe, expect, it } from 'vitest';
import { clientForFile } from '../support/sandbox-harness';
import { expectError } from '../support/errors';
import { balanceOf, ledgerCount, moneySnapshot, spendOf } from '../support/virtual-accounts-helpers';

const c = clientForFile();

const own = () => c.world.svcHandles.get(c.world.ownSvcHandleId)!;
const payee = () => [...c.world.svcHandles.values()].find((h) => h.id !== c.world.ownSvcHandleId)!;

describe('GET /pay', () => {
  it("answers the key's own svc handle", async () => {
    const res = await c.get('/pay');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: own().id,
      svcHandle: own().svcHandle,
      name: own().name,
      accountId: own().accountId,
    });
  });
});

describe('POST /pay', () => {
  it('pays from the primary account by default: balance down, spend up, one ledger entry', async () => {
    const [balance, spend, ledger] = [
      await balanceOf(c, c.primaryId),
      await spendOf(c, c.primaryId),
      await ledgerCount(c),
    ];
    const res = await c.call('POST', '/pay', { body: { amountCents: 2_500, svcHandle: payee().svcHandle } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await balanceOf(c, c.primaryId)).toBe(balance - 2_500);
    expect(await spendOf(c, c.primaryId)).toBe(spend + 2_500);
    expect(await ledgerCount(c)).toBe(ledger + 1);
    expect(c.world.ledger.at(-1)).toMatchObject({
      kind: 'payment',
      amountCents: 2_500,
      source: c.primaryId,
      destination: payee().id,
      path: '/pay',
    });
    const txs = await c.all('/transaction', { 'filter:virtualAccountId': c.primaryId });
    const tx = txs.find((t) => t.description === `Payment to ${payee().name} (@${payee().svcHandle})`);
    expect(tx).toMatchObject({ amountCents: -2_500, status: 'posted', detailedStatus: 'settled' });
  });

  it('does not deduplicate: two identical requests are two payments', async () => {
    const balance = await balanceOf(c, c.primaryId);
    const ledger = await ledgerCount(c);
    const body = { amountCents: 111, svcHandle: payee().svcHandle };
    const [a, b] = await Promise.all([c.call('POST', '/pay', { body }), c.call('POST', '/pay', { body })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await balanceOf(c, c.primaryId)).toBe(balance - 222);
    expect(await ledgerCount(c)).toBe(ledger + 2);
  });

  it('ignores an idempotency key for what it does (two payments), and writes it to the ledger', async () => {
    const ledger = await ledgerCount(c);
    const body = { amountCents: 112, svcHandle: payee().svcHandle };
    const headers = { 'x-idempotency-key': 'row-key-7' };
    const [a, b] = [await c.call('POST', '/pay', { body, headers }), await c.call('POST', '/pay', { body, headers })];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await ledgerCount(c)).toBe(ledger + 2);
    expect(c.world.ledger.slice(-2).map((e) => e.idempotencyKey)).toEqual(['row-key-7', 'row-key-7']);
  });

  it('accepts sourceSvcHandleId of its own handle and its own legalEntityId, and "@handle" in any case', async () => {
    const balance = await balanceOf(c, c.primaryId);
    expect(
      (
        await c.call('POST', '/pay', {
          body: { amountCents: 10, svcHandle: payee().svcHandle, sourceSvcHandleId: own().id },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await c.call('POST', '/pay', {
          body: { amountCents: 10, svcHandle: payee().svcHandle, legalEntityId: c.world.legalEntity.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await c.call('POST', '/pay', { body: { amountCents: 10, svcHandle: `@${payee().svcHandle.toUpperCase()}` } }))
        .status,
    ).toBe(200);
    expect(await balanceOf(c, c.primaryId)).toBe(balance - 30);
  });

  it('refuses unknown payees, paying itself, foreign sources and bad input, changing nothing', async () => {
    const before = await moneySnapshot(c, [c.primaryId]);
    const spend = await spendOf(c, c.primaryId);
    expectError(
      await c.call('POST', '/pay', { body: { amountCents: 10, svcHandle: 'nobody-here' } }),
      404,
      'NOT_FOUND',
    );
    expectError(await c.call('POST', '/pay', { body: { amountCents: 10, svcHandle: own().svcHandle } }), 400);
    expectError(
      await c.call('POST', '/pay', {
        body: { amountCents: 10, svcHandle: payee().svcHandle, sourceSvcHandleId: 'sh_ghost' },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await c.call('POST', '/pay', {
        body: { amountCents: 10, svcHandle: own().svcHandle, sourceSvcHandleId: payee().id },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await c.call('POST', '/pay', {
        body: { amountCents: 10, svcHandle: payee().svcHandle, legalEntityId: 'le_other' },
      }),
      403,
      'FORBIDDEN',
    );
    for (const amountCents of [0, -5, 1.5, 1e20, '100', null]) {
      expectError(await c.call('POST', '/pay', { body: { amountCents, svcHandle: payee().svcHandle } }), 400);
    }
    expectError(await c.call('POST', '/pay', { body: { amountCents: 10 } }), 400);
    expectError(await c.call('POST', '/pay', { body: { amountCents: 10, svcHandle: '' } }), 400);
    expect(await moneySnapshot(c, [c.primaryId])).toEqual(before);
    expect(await spendOf(c, c.primaryId)).toBe(spend);
  });

  it('refuses more than the available balance with 422 INSUFFICIENT_FUNDS', async () => {
    const before = await moneySnapshot(c, [c.primaryId]);
    const err = expectError(
      await c.call('POST', '/pay', { body: { amountCents: before.balances[0]! + 1, svcHandle: payee().svcHandle } }),
      422,
      'INSUFFICIENT_FUNDS',
    );
    expect(err.meta).toMatchObject({ availableCents: before.balances[0] });
    expect(await moneySnapshot(c, [c.primaryId])).toEqual(before);
  });
});

import { describe, expect, it } from 'vitest';
import { clientForFile } from '../support/sandbox-harness';
import { expectError } from '../support/errors';
import { balanceOf, newVirtualAccount, postTransfer } from '../support/virtual-accounts-helpers';

const c = clientForFile({ pageSize: 2 });

const checkingId = () => c.world.virtualAccounts.get(c.primaryId)?.accountId as string;
const closedSeeded = () => [...c.world.virtualAccounts.values()].find((v) => v.closedAt !== null)!;
const escrowId = () => [...c.world.commissionRules.keys()][0] as string;

describe('GET /virtual-account/:id', () => {
  it('reads the primary account with its derived balance and spend', async () => {
    const res = await c.get(`/virtual-account/${c.primaryId}`);
    expect(res.status).toBe(200);
    const totals = c.world.transactions.totals(c.primaryId);
    expect(res.body.virtualAccount).toMatchObject({
      id: c.primaryId,
      accountType: 'primary',
      closedAt: null,
      accountId: checkingId(),
    });
    expect(res.body.virtualAccount.accountNumber).toMatch(/^\d+$/);
    expect(res.body.virtualAccount.routingNumber).toMatch(/^\d{9}$/);
    expect(res.body.balance).toEqual({ amountCents: totals.availableCents });
    expect(res.body.spend).toEqual({ amountCents: totals.spendCents });
    expect(res.body.commissionRule).toBeUndefined();
  });

  it('shows the commission rule of an account that has one', async () => {
    const res = await c.get(`/virtual-account/${escrowId()}`);
    expect(res.status).toBe(200);
    expect(res.body.commissionRule).toMatchObject({
      virtualAccountId: escrowId(),
      commissionDetails: { type: 'flatFee', amount: { amountCents: 25_000 }, frequency: 'monthly' },
    });
  });

  it('still reads a closed account by id', async () => {
    const closed = closedSeeded();
    const res = await c.get(`/virtual-account/${closed.id}`);
    expect(res.status).toBe(200);
    expect(res.body.virtualAccount.closedAt).toBe(closed.closedAt);
  });

  it('answers an unknown id with 404', async () => {
    expectError(await c.get('/virtual-account/va_nope'), 404, 'NOT_FOUND');
  });
});

describe('GET /virtual-account', () => {
  it('hides closed accounts unless filter:includeClosedAccounts=true, walking pages of 2', async () => {
    const open = await c.all('/virtual-account');
    const all = await c.all('/virtual-account', { 'filter:includeClosedAccounts': 'true' });
    const expectedOpen = [...c.world.virtualAccounts.values()]
      .filter((v) => v.closedAt === null)
      .map((v) => v.id)
      .sort();
    expect(open.map((v) => v.virtualAccount.id).sort()).toEqual(expectedOpen);
    expect(all.map((v) => v.virtualAccount.id).sort()).toEqual([...c.world.virtualAccounts.keys()].sort());
    expect(open.some((v) => v.virtualAccount.closedAt !== null)).toBe(false);
    expect(all.some((v) => v.virtualAccount.id === closedSeeded().id)).toBe(true);
    const explicitFalse = await c.all('/virtual-account', { 'filter:includeClosedAccounts': 'false' });
    expect(explicitFalse.length).toBe(open.length);
  });

  it('gives pages of at most 2 with a cursor, and list items have the read-view shape', async () => {
    const first = await c.get('/virtual-account');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.metadata.count).toBe(2);
    expect(typeof first.body.metadata.nextCursor).toBe('string');
    for (const item of first.body.items) {
      expect(item.balance.amountCents).toBe(c.world.transactions.totals(item.virtualAccount.id).availableCents);
      expect(typeof item.spend.amountCents).toBe('number');
    }
  });

  it('neither skips nor repeats accounts when one is created between page reads', async () => {
    const before = new Set([...c.world.virtualAccounts.values()].filter((v) => v.closedAt === null).map((v) => v.id));
    const seen: string[] = [];
    let cursor: string | undefined;
    let created: string | undefined;
    do {
      const page = await c.get<{ items: { virtualAccount: { id: string } }[]; metadata: { nextCursor?: string } }>(
        '/virtual-account',
        cursor ? { cursor } : undefined,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((i) => i.virtualAccount.id));
      cursor = page.body.metadata.nextCursor;
      if (!created) created = await newVirtualAccount(c, 'Inserted mid-walk');
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
  });

  it('filters by account id (another account has none)', async () => {
    const mine = await c.all('/virtual-account', { 'filter:accountId': checkingId() });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((v) => v.virtualAccount.accountId === checkingId())).toBe(true);
    expect(await c.all('/virtual-account', { 'filter:accountId': 'acct_unknown' })).toEqual([]);
  });

  it('refuses a bad includeClosedAccounts value and a forged cursor with 400', async () => {
    expectError(await c.get('/virtual-account', { 'filter:includeClosedAccounts': 'yes' }), 400);
    expectError(await c.get('/virtual-account', { cursor: 'not-a-cursor' }), 400);
  });
});

describe('POST /virtual-account', () => {
  it('creates an open account with a zero balance', async () => {
    const res = await c.call('POST', '/virtual-account', { body: { name: 'Events', accountId: checkingId() } });
    expect(res.status).toBe(201);
    expect(res.body.virtualAccount).toMatchObject({
      name: 'Events',
      accountId: checkingId(),
      accountType: 'default',
      closedAt: null,
    });
    expect(res.body).not.toHaveProperty('commissionRule');
    expect(await balanceOf(c, res.body.virtualAccount.id)).toBe(0);
    const listed = await c.all('/virtual-account');
    expect(listed.some((v) => v.virtualAccount.id === res.body.virtualAccount.id)).toBe(true);
  });

  it('creates one with a flat-fee commission rule', async () => {
    const startDate = new Date(c.world.clock.now() + 5 * 86_400_000).toISOString();
    const res = await c.call('POST', '/virtual-account', {
      body: {
        name: 'Client B',
        accountId: checkingId(),
        commissionDetails: { type: 'flatFee', amount: { amountCents: 1_000 }, frequency: 'yearly', startDate },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.commissionRule).toMatchObject({
      virtualAccountId: res.body.virtualAccount.id,
      commissionDetails: { type: 'flatFee', amount: { amountCents: 1_000 }, frequency: 'yearly', startDate },
    });
    const read = await c.get(`/virtual-account/${res.body.virtualAccount.id}`);
    expect(read.body.commissionRule.id).toBe(res.body.commissionRule.id);
  });

  it('refuses an unknown account with 404 and bad bodies with 400, creating nothing', async () => {
    const count = c.world.virtualAccounts.size;
    const rules = c.world.commissionRules.size;
    expectError(
      await c.call('POST', '/virtual-account', { body: { name: 'X', accountId: 'acct_nope' } }),
      404,
      'NOT_FOUND',
    );
    const bad: unknown[] = [
      {},
      { name: '', accountId: checkingId() },
      { name: 42, accountId: checkingId() },
      { name: 'X' },
      {
        name: 'X',
        accountId: checkingId(),
        commissionDetails: {
          type: 'flatFee',
          amount: { amountCents: 0 },
          frequency: 'monthly',
          startDate: '2030-01-01T00:00:00Z',
        },
      },
      {
        name: 'X',
        accountId: checkingId(),
        commissionDetails: {
          type: 'flatFee',
          amount: { amountCents: 1.5 },
          frequency: 'monthly',
          startDate: '2030-01-01T00:00:00Z',
        },
      },
      {
        name: 'X',
        accountId: checkingId(),
        commissionDetails: {
          type: 'flatFee',
          amount: { amountCents: 100 },
          frequency: 'weekly',
          startDate: '2030-01-01T00:00:00Z',
        },
      },
      {
        name: 'X',
        accountId: checkingId(),
        commissionDetails: {
          type: 'flatFee',
          amount: { amountCents: 100 },
          frequency: 'monthly',
          startDate: 'next tuesday',
        },
      },
      { name: 'X', accountId: checkingId(), commissionDetails: { type: 'takeRate', takeRate: 0.1 } },
    ];
    for (const body of bad) expectError(await c.call('POST', '/virtual-account', { body }), 400);
    expect(c.world.virtualAccounts.size).toBe(count);
    expect(c.world.commissionRules.size).toBe(rules);
  });
});

describe('PATCH /virtual-account/:id', () => {
  it('renames an account', async () => {
    const id = await newVirtualAccount(c, 'Before');
    const res = await c.call('PATCH', `/virtual-account/${id}`, { body: { action: 'update', name: 'After' } });
    expect(res.status).toBe(200);
    expect(res.body.virtualAccount.name).toBe('After');
    expect((await c.get(`/virtual-account/${id}`)).body.virtualAccount.name).toBe('After');
  });

  it('sets, then replaces, the commission rule', async () => {
    const id = await newVirtualAccount(c, 'With rule');
    const details = {
      type: 'flatFee',
      amount: { amountCents: 500 },
      frequency: 'monthly',
      startDate: '2031-01-31T12:00:00.000Z',
    };
    const first = await c.call('PATCH', `/virtual-account/${id}`, {
      body: { action: 'update', commissionDetails: details },
    });
    expect(first.status).toBe(200);
    expect(first.body.commissionRule).toMatchObject({ virtualAccountId: id, commissionDetails: details });
    const second = await c.call('PATCH', `/virtual-account/${id}`, {
      body: {
        action: 'update',
        name: 'Renamed',
        commissionDetails: { ...details, amount: { amountCents: 900 }, frequency: 'yearly' },
      },
    });
    expect(second.status).toBe(200);
    expect(second.body.virtualAccount.name).toBe('Renamed');
    expect(second.body.commissionRule.commissionDetails).toMatchObject({
      amount: { amountCents: 900 },
      frequency: 'yearly',
    });
    expect((await c.get(`/virtual-account/${id}`)).body.commissionRule.commissionDetails.amount.amountCents).toBe(900);
    expect([...c.world.commissionRules.values()].filter((r) => r.virtualAccountId === id)).toHaveLength(1);
  });

  it('refuses an empty update, a rule on the primary account, unknown ids and invalid bodies', async () => {
    const id = await newVirtualAccount(c, 'Untouched');
    expectError(await c.call('PATCH', `/virtual-account/${id}`, { body: { action: 'update' } }), 400);
    const details = {
      type: 'flatFee',
      amount: { amountCents: 500 },
      frequency: 'monthly',
      startDate: '2031-01-01T00:00:00Z',
    };
    expectError(
      await c.call('PATCH', `/virtual-account/${c.primaryId}`, {
        body: { action: 'update', commissionDetails: details },
      }),
      400,
    );
    expect(c.world.commissionRules.has(c.primaryId)).toBe(false);
    expectError(await c.call('PATCH', '/virtual-account/va_nope', { body: { action: 'close' } }), 404, 'NOT_FOUND');
    for (const body of [
      {},
      { action: 'delete' },
      { action: 'update', name: '' },
      { action: 'update', commissionDetails: { ...details, amount: { amountCents: -1 } } },
    ]) {
      expectError(await c.call('PATCH', `/virtual-account/${id}`, { body }), 400);
    }
    expect((await c.get(`/virtual-account/${id}`)).body.virtualAccount.name).toBe('Untouched');
  });

  it('closes an empty account: hidden from lists, still readable, then frozen', async () => {
    const id = await newVirtualAccount(c, 'To close');
    const res = await c.call('PATCH', `/virtual-account/${id}`, { body: { action: 'close' } });
    expect(res.status).toBe(200);
    const closedAt = res.body.virtualAccount.closedAt as string;
    expect(Date.parse(closedAt)).toBeGreaterThan(0);
    expect((await c.all('/virtual-account')).some((v) => v.virtualAccount.id === id)).toBe(false);
    expect(
      (await c.all('/virtual-account', { 'filter:includeClosedAccounts': 'true' })).some(
        (v) => v.virtualAccount.id === id,
      ),
    ).toBe(true);
    expect((await c.get(`/virtual-account/${id}`)).body.virtualAccount.closedAt).toBe(closedAt);

    // Closing again is idempotent: 200 and the first closedAt.
    await c.call('POST', '/__sandbox/clock', { body: { advanceMs: 1000 } });
    const again = await c.call('PATCH', `/virtual-account/${id}`, { body: { action: 'close' } });
    expect(again.status).toBe(200);
    expect(again.body.virtualAccount.closedAt).toBe(closedAt);

    // A closed account cannot be changed.
    expectError(
      await c.call('PATCH', `/virtual-account/${id}`, { body: { action: 'update', name: 'Zombie' } }),
      409,
      'ACCOUNT_CLOSED',
    );
    expect((await c.get(`/virtual-account/${id}`)).body.virtualAccount.name).toBe('To close');
  });

  it('refuses to close the primary account', async () => {
    expectError(
      await c.call('PATCH', `/virtual-account/${c.primaryId}`, { body: { action: 'close' } }),
      409,
      'PRIMARY_ACCOUNT',
    );
    expect(c.world.virtualAccounts.get(c.primaryId)?.closedAt).toBeNull();
  });

  it('closes an account that holds money: the balance stays visible on it and nothing moves in or out', async () => {
    const id = await newVirtualAccount(c, 'Has money', 1_234);
    await c.call('PATCH', `/virtual-account/${id}`, {
      body: {
        action: 'update',
        commissionDetails: {
          type: 'flatFee',
          amount: { amountCents: 100 },
          frequency: 'monthly',
          startDate: new Date(c.world.clock.now() + 86_400_000).toISOString(),
        },
      },
    });
    const closed = await c.call('PATCH', `/virtual-account/${id}`, { body: { action: 'close' } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.virtualAccount.closedAt).toBe(c.world.clock.iso());
    const read = await c.get(`/virtual-account/${id}`);
    expect(read.body.virtualAccount.closedAt).toBe(closed.body.virtualAccount.closedAt);
    expect(read.body.balance).toEqual({ amountCents: 1_234 });
    const listed = (await c.all('/virtual-account', { 'filter:includeClosedAccounts': 'true' })).find(
      (v) => v.virtualAccount.id === id,
    );
    expect(listed?.balance).toEqual({ amountCents: 1_234 });

    const primaryBefore = await balanceOf(c, c.primaryId);
    const out = expectError(
      await postTransfer(c, { source: id, destination: c.primaryId, amountCents: 1_234 }),
      409,
      'ACCOUNT_CLOSED',
    );
    expect(out.message).toContain(`source virtual account ${id} was closed`);
    const into = expectError(
      await postTransfer(c, { source: c.primaryId, destination: id, amountCents: 1 }),
      409,
      'ACCOUNT_CLOSED',
    );
    expect(into.message).toContain(`destination virtual account ${id} was closed`);
    // The rule set before closing is dormant: a month and more of collections take nothing.
    await c.call('POST', '/__sandbox/clock', { body: { advanceDays: 40 } });
    expect(await balanceOf(c, id)).toBe(1_234);
    expect(await balanceOf(c, c.primaryId)).toBeGreaterThanOrEqual(primaryBefore);
    expect((await c.all('/transaction', { 'filter:virtualAccountId': id })).map((t) => t.amountCents)).toEqual([1_234]);
  });
});

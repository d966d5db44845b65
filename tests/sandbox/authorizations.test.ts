import { describe, expect, it } from 'vitest';
import { CardEvent, Transaction, Utilization } from '../../src/shared/service';
import { clientForFile, startClient } from '../support/sandbox-harness';
import { expectError } from '../support/errors';
import { authorize, availableOf, expectAuth, newCard, newGroup } from '../support/cards-helpers';
import { localDay, localDayStart } from '../support/zoned-calendar-reference';

// Pinned (by the harness): day, week and month limits roll over only when a test advances the clock.
const c = clientForFile({ transactions: 300 });

const primary = () => c.world.primaryVirtualAccountId;

/** A fresh virtual account funded from the primary with `cents`. */
async function fundedAccount(cents: number): Promise<string> {
  const accountId = c.world.virtualAccounts.get(primary())!.accountId;
  const created = await c.call('POST', '/virtual-account', { body: { name: `Auth test ${Math.random()}`, accountId } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.virtualAccount.id as string;
  const t = await c.call('POST', '/transfer/virtual-account', {
    body: { source: primary(), destination: id, amountCents: cents },
    headers: { 'x-idempotency-key': `fund-${id}` },
  });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  return id;
}

describe('approved authorization', () => {
  it('books a pending card debit, lowers the available balance and records an event', async () => {
    const card = await newCard(c);
    const before = await availableOf(c, card.virtualAccountId);
    const out = await expectAuth(c, { cardId: card.id, amountCents: 4_321, merchantName: 'uber' });
    expect(Transaction.safeParse(out.transaction).success).toBe(true);
    expect(CardEvent.safeParse(out.event).success).toBe(true);
    const tx = out.transaction;
    expect(tx.amountCents).toBe(-4_321);
    expect(tx.cardId).toBe(card.id);
    expect(tx.accountId).toBe(card.accountId);
    expect(tx.virtualAccountId).toBe(card.virtualAccountId);
    expect(tx.description).toBe('Uber');
    expect(tx.merchantData.categoryCode).toBe('4121');
    expect(tx.merchantData.location.country).toBe('US');
    expect(tx.merchantDescription).toBe(tx.merchantData.description);
    expect(tx.authorizedAt).toBe(tx.date);
    expect(tx.referenceNumber).toMatch(/^\d+$/);
    expect(tx.declineReason).toBeUndefined();
    expect(await availableOf(c, card.virtualAccountId)).toBe(before - 4_321);

    const read = await c.get(`/transaction/${tx.id}`);
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('pending');
    const listed = await c.all('/transaction', { 'filter:cardId': card.id });
    expect(listed.map((t) => t.id)).toEqual([tx.id]);

    const events = await c.get(`/card/${card.id}/events`);
    expect(events.body.items).toEqual([out.event]);
    expect(out.event).toMatchObject({
      type: 'authorization',
      approved: true,
      amountCents: 4_321,
      merchantName: 'Uber',
      merchantCategoryCode: '4121',
      country: 'US',
      transactionId: tx.id,
    });
  });

  it('takes an unknown merchant as given, and picks a seeded merchant when no name is sent', async () => {
    const card = await newCard(c);
    const given = await expectAuth(c, { cardId: card.id, amountCents: 500, merchantName: 'Corner Shop' });
    expect(given.event).toMatchObject({ merchantName: 'Corner Shop', merchantCategoryCode: '5999', country: 'US' });
    const random = await expectAuth(c, { cardId: card.id, amountCents: 500 });
    const names = [...c.world.merchants.values()].map((m) => m.name);
    expect(names).toContain(random.event.merchantName);
    const overridden = await expectAuth(c, {
      cardId: card.id,
      amountCents: 500,
      merchantName: 'Starbucks',
      mcc: '5999',
      country: 'CA',
    });
    expect(overridden.event).toMatchObject({ merchantName: 'Starbucks', merchantCategoryCode: '5999', country: 'CA' });
  });

  it('settles after two days of simulated time and keeps counting against the limit', async () => {
    const card = await newCard(c, {
      spendingConstraint: {
        spendingRule: { utilizationLimit: { limitAmount: { amountCents: 10_000 }, preset: 'collective' } },
      },
    });
    const out = await expectAuth(c, { cardId: card.id, amountCents: 7_000, merchantName: 'GitHub' });
    const adv = await c.call('POST', '/__sandbox/clock', { body: { advanceDays: 3 } });
    expect(adv.status).toBe(200);
    const tx = await c.get(`/transaction/${out.transaction.id}`);
    expect(tx.body.status).toBe('posted');
    expect(tx.body.detailedStatus).toBe('settled');
    const u = await c.get(`/card/${card.id}/utilization`);
    expect(u.body).toEqual({ spend: { amountCents: 7_000 }, availableBalance: { amountCents: 3_000 } });
    await expectAuth(c, { cardId: card.id, amountCents: 3_001, merchantName: 'GitHub' }, 'spending_limit_exceeded');
  });
});

describe('declines', () => {
  it('declines a paused, inactive or closed card with card_not_active, moving no money', async () => {
    for (const status of ['paused', 'inactive', 'closed']) {
      const card = await newCard(c);
      await c.call('PATCH', `/card/${card.id}`, { body: { status } });
      const before = await availableOf(c, card.virtualAccountId);
      const out = await expectAuth(c, { cardId: card.id, amountCents: 1_000, merchantName: 'Uber' }, 'card_not_active');
      expect(await availableOf(c, card.virtualAccountId)).toBe(before);
      expect((await c.get(`/transaction/${out.transaction.id}`)).body.declineReason).toBe('card_not_active');
      const events = await c.get(`/card/${card.id}/events`);
      expect(events.body.items[0]).toMatchObject({
        approved: false,
        declineReason: 'card_not_active',
        transactionId: out.transaction.id,
      });
      expect((await c.get(`/card/${card.id}`)).body.status).toBe(status);
    }
  });

  it('merchantRule: allowlist and blacklist, names compared case-insensitively', async () => {
    const allow = await newCard(c, {
      spendingConstraint: { merchantRule: { merchants: ['UBER', 'Lyft'], restriction: 'allowlist' } },
    });
    await expectAuth(c, { cardId: allow.id, amountCents: 900, merchantName: 'uber' });
    await expectAuth(c, { cardId: allow.id, amountCents: 900, merchantName: 'Starbucks' }, 'merchant_not_allowed');
    const block = await newCard(c, {
      spendingConstraint: { merchantRule: { merchants: ['starbucks'], restriction: 'blacklist' } },
    });
    await expectAuth(c, { cardId: block.id, amountCents: 900, merchantName: 'Starbucks' }, 'merchant_not_allowed');
    await expectAuth(c, { cardId: block.id, amountCents: 900, merchantName: 'Uber' });
  });

  it('merchantCategoryRule: coarse category names (or the MCC itself)', async () => {
    const card = await newCard(c, {
      spendingConstraint: {
        merchantCategoryRule: { merchantCategories: ['Software', '5411'], restriction: 'allowlist' },
      },
    });
    await expectAuth(c, { cardId: card.id, amountCents: 900, merchantName: 'GitHub' });
    await expectAuth(c, { cardId: card.id, amountCents: 900, merchantName: 'Whole Foods Market' });
    await expectAuth(
      c,
      { cardId: card.id, amountCents: 900, merchantName: 'Starbucks' },
      'merchant_category_not_allowed',
    );
    const block = await newCard(c, {
      spendingConstraint: { merchantCategoryRule: { merchantCategories: ['restaurants'], restriction: 'blacklist' } },
    });
    await expectAuth(
      c,
      { cardId: block.id, amountCents: 900, merchantName: 'Starbucks' },
      'merchant_category_not_allowed',
    );
    await expectAuth(c, { cardId: block.id, amountCents: 900, merchantName: 'Uber' });
  });

  it('merchantCategoryCodeRule: allowlist and blacklist of MCCs, an explicit mcc wins over the merchant', async () => {
    const card = await newCard(c, {
      spendingConstraint: { merchantCategoryCodeRule: { merchantCategoryCodes: ['5814'], restriction: 'allowlist' } },
    });
    await expectAuth(c, { cardId: card.id, amountCents: 900, merchantName: 'Starbucks' });
    await expectAuth(
      c,
      { cardId: card.id, amountCents: 900, merchantName: 'Uber' },
      'merchant_category_code_not_allowed',
    );
    await expectAuth(c, { cardId: card.id, amountCents: 900, merchantName: 'Uber', mcc: '5814' });
    const block = await newCard(c, {
      spendingConstraint: { merchantCategoryCodeRule: { merchantCategoryCodes: ['4121'], restriction: 'blacklist' } },
    });
    await expectAuth(
      c,
      { cardId: block.id, amountCents: 900, merchantName: 'Lyft' },
      'merchant_category_code_not_allowed',
    );
  });

  it('countryRule: allowlist and blacklist, from the merchant or the request', async () => {
    const card = await newCard(c, {
      spendingConstraint: { countryRule: { countries: ['US'], restriction: 'allowlist' } },
    });
    await expectAuth(c, { cardId: card.id, amountCents: 900, merchantName: 'Uber' });
    await expectAuth(c, { cardId: card.id, amountCents: 900, merchantName: 'British Airways' }, 'country_not_allowed');
    await expectAuth(
      c,
      { cardId: card.id, amountCents: 900, merchantName: 'Uber', country: 'MX' },
      'country_not_allowed',
    );
    const block = await newCard(c, {
      spendingConstraint: { countryRule: { countries: ['GB'], restriction: 'blacklist' } },
    });
    await expectAuth(c, { cardId: block.id, amountCents: 900, merchantName: 'Pret A Manger' }, 'country_not_allowed');
    await expectAuth(c, { cardId: block.id, amountCents: 900, merchantName: 'Lufthansa' });
  });

  it('transactionSizeLimit: below the minimum or above the maximum declines, the bounds pass', async () => {
    const card = await newCard(c, {
      spendingConstraint: {
        spendingRule: { transactionSizeLimit: { minimum: { amountCents: 500 }, maximum: { amountCents: 2_000 } } },
      },
    });
    await expectAuth(c, { cardId: card.id, amountCents: 499 }, 'transaction_size_limit_exceeded');
    await expectAuth(c, { cardId: card.id, amountCents: 2_001 }, 'transaction_size_limit_exceeded');
    await expectAuth(c, { cardId: card.id, amountCents: 500 });
    await expectAuth(c, { cardId: card.id, amountCents: 2_000 });
  });

  it('a utilization limit blocks the authorization that would exceed it; the exact remainder passes', async () => {
    const card = await newCard(c, {
      spendingConstraint: {
        spendingRule: { utilizationLimit: { limitAmount: { amountCents: 10_000 }, preset: 'daily' } },
      },
    });
    await expectAuth(c, { cardId: card.id, amountCents: 6_000, merchantName: 'Uber' });
    await expectAuth(c, { cardId: card.id, amountCents: 5_000, merchantName: 'Uber' }, 'spending_limit_exceeded');
    const u = await c.get(`/card/${card.id}/utilization`);
    expect(u.body.spend).toEqual({ amountCents: 6_000 });
    expect(u.body.availableBalance).toEqual({ amountCents: 4_000 });
    await expectAuth(c, { cardId: card.id, amountCents: 4_000, merchantName: 'Uber' });
    await expectAuth(c, { cardId: card.id, amountCents: 1, merchantName: 'Uber' }, 'spending_limit_exceeded');
  });

  it('every limit of utilizationLimitV2 applies', async () => {
    const card = await newCard(c, {
      spendingConstraint: {
        spendingRule: {
          utilizationLimitV2: [
            { limitAmount: { amountCents: 100_000 }, preset: 'monthly' },
            { limitAmount: { amountCents: 3_000 }, preset: 'weekly' },
          ],
        },
      },
    });
    await expectAuth(c, { cardId: card.id, amountCents: 2_500 });
    await expectAuth(c, { cardId: card.id, amountCents: 600 }, 'spending_limit_exceeded');
    await expectAuth(c, { cardId: card.id, amountCents: 500 });
  });

  it('the group constraint applies to its cards, and its limit counts the spend of every card of the group', async () => {
    const group = await newGroup(c, {
      spendingConstraint: {
        countryRule: { countries: ['US'], restriction: 'allowlist' },
        spendingRule: { utilizationLimit: { limitAmount: { amountCents: 50_000 }, preset: 'monthly' } },
      },
    });
    const a = await newCard(c, { cardGroupId: group.id });
    const b = await newCard(c, { cardGroupId: group.id });
    await expectAuth(c, { cardId: a.id, amountCents: 900, merchantName: 'SNCF' }, 'country_not_allowed');
    await expectAuth(c, { cardId: a.id, amountCents: 10_000, merchantName: 'Uber' });
    await expectAuth(c, { cardId: b.id, amountCents: 15_000, merchantName: 'Uber' });
    const u = await c.get(`/card-group/${group.id}/utilization`);
    expect(u.status).toBe(200);
    expect(Utilization.safeParse(u.body).success).toBe(true);
    expect(u.body.spend).toEqual({ amountCents: 25_000 });
    expect(u.body.availableBalance).toEqual({ amountCents: 25_000 });
    expect(u.body.nextResetDate).toBe(
      new Date(
        Date.UTC(new Date(c.world.clock.now()).getUTCFullYear(), new Date(c.world.clock.now()).getUTCMonth() + 1, 1),
      ).toISOString(),
    );
    await expectAuth(c, { cardId: a.id, amountCents: 25_001, merchantName: 'Uber' }, 'spending_limit_exceeded');
    await expectAuth(c, { cardId: b.id, amountCents: 25_000, merchantName: 'Uber' });
    // A card-level rule is checked too: the stricter of the two wins.
    await c.call('PUT', `/card/${a.id}/spending-constraint`, {
      body: { merchantRule: { merchants: ['Uber'], restriction: 'blacklist' } },
    });
    await expectAuth(c, { cardId: a.id, amountCents: 1, merchantName: 'Uber' }, 'merchant_not_allowed');
  });

  it('insufficient_funds when the group virtual account cannot cover the amount; the balance is untouched', async () => {
    const va = await fundedAccount(10_000);
    const group = await newGroup(c, { virtualAccountId: va });
    const card = await newCard(c, { cardGroupId: group.id });
    expect(card.virtualAccountId).toBe(va);
    await expectAuth(c, { cardId: card.id, amountCents: 1_000_000_000 }, 'insufficient_funds');
    await expectAuth(c, { cardId: card.id, amountCents: 10_001 }, 'insufficient_funds');
    expect(await availableOf(c, va)).toBe(10_000);
    await expectAuth(c, { cardId: card.id, amountCents: 10_000 });
    expect(await availableOf(c, va)).toBe(0);
    await expectAuth(c, { cardId: card.id, amountCents: 1 }, 'insufficient_funds');
  });
});

describe('seeded cards', () => {
  it('apply the seeded group rules, and the seeded single-use card closes after its one attempt', async () => {
    const software = [...c.world.cardGroups.values()].find((g) => g.name === 'Software')!;
    const card = [...c.world.cards.values()].find(
      (x) => x.cardGroupId === software.id && x.status === 'active' && !x.isSingleUse,
    )!;
    await expectAuth(
      c,
      { cardId: card.id, amountCents: 1_000, merchantName: 'Starbucks' },
      'merchant_category_code_not_allowed',
    );
    await expectAuth(c, { cardId: card.id, amountCents: 1_000, merchantName: 'GitHub' });
    const trial = [...c.world.cards.values()].find((x) => x.name === 'Trial Signup')!;
    expect(trial.status).toBe('active');
    await authorize(c, { cardId: trial.id, amountCents: 100 });
    expect((await c.get(`/card/${trial.id}`)).body.status).toBe('closed');
  });
});

describe('closed funding account', () => {
  it('declines with account_closed when the card spends from a closed virtual account', async () => {
    const accountId = c.world.virtualAccounts.get(primary())!.accountId;
    const created = await c.call('POST', '/virtual-account', { body: { name: 'Soon closed', accountId } });
    const va = created.body.virtualAccount.id as string;
    const card = await newCard(c, { virtualAccountId: va });
    expect((await c.call('PATCH', `/virtual-account/${va}`, { body: { action: 'close' } })).status).toBe(200);
    const out = await expectAuth(c, { cardId: card.id, amountCents: 100 }, 'account_closed');
    expect(out.transaction.referenceNumber).toBeUndefined();
  });
});

describe('single-use cards', () => {
  it('closes after a declined attempt', async () => {
    const card = await newCard(c, {
      isSingleUse: true,
      spendingConstraint: { merchantRule: { merchants: ['Uber'], restriction: 'allowlist' } },
    });
    await expectAuth(c, { cardId: card.id, amountCents: 900, merchantName: 'Lyft' }, 'merchant_not_allowed');
    expect((await c.get(`/card/${card.id}`)).body.status).toBe('closed');
    await expectAuth(c, { cardId: card.id, amountCents: 900, merchantName: 'Uber' }, 'card_not_active');
  });

  it('closes after an approved attempt', async () => {
    const card = await newCard(c, { isSingleUse: true });
    await expectAuth(c, { cardId: card.id, amountCents: 900, merchantName: 'Uber' });
    expect((await c.get(`/card/${card.id}`)).body.status).toBe('closed');
    expect((await c.get(`/card/${card.id}/events`)).body.items).toHaveLength(1);
  });

  it('a card that is not single-use stays active after a decline', async () => {
    const card = await newCard(c, {
      spendingConstraint: { countryRule: { countries: ['US'], restriction: 'allowlist' } },
    });
    await expectAuth(c, { cardId: card.id, amountCents: 900, country: 'FR' }, 'country_not_allowed');
    expect((await c.get(`/card/${card.id}`)).body.status).toBe('active');
  });
});

describe('bad authorization input', () => {
  it('answers 404 for an unknown card and 400 for bad fields, recording nothing', async () => {
    const card = await newCard(c);
    const txCount = c.world.transactions.size;
    expectError(await authorize(c, { cardId: 'card_nope', amountCents: 100 }), 404, 'NOT_FOUND');
    for (const body of [
      { cardId: card.id, amountCents: 1.5 },
      { cardId: card.id, amountCents: 0 },
      { cardId: card.id, amountCents: -100 },
      { cardId: card.id, amountCents: '100' },
      { cardId: card.id, amountCents: 2 ** 60 },
      { cardId: card.id },
      { amountCents: 100 },
      { cardId: card.id, amountCents: 100, mcc: '58' },
      { cardId: card.id, amountCents: 100, country: 'us' },
      { cardId: card.id, amountCents: 100, merchantName: '' },
    ]) {
      expectError(await authorize(c, body), 400);
    }
    expect(c.world.transactions.size).toBe(txCount);
    expect((await c.get(`/card/${card.id}/events`)).body.items).toEqual([]);
  });

  it('refuses an authorization without the API key', async () => {
    const card = await newCard(c);
    const res = await c.call('POST', '/__sandbox/authorizations', {
      body: { cardId: card.id, amountCents: 100 },
      headers: { 'x-api-key': '' },
    });
    expect(res.status).toBe(401);
    expect((await c.get(`/card/${card.id}/events`)).body.items).toEqual([]);
  });
});

describe('utilization endpoints', () => {
  it('a card in a group answers 400 pointing to the group utilization', async () => {
    const grouped = [...c.world.cards.values()].find((x) => x.cardGroupId)!;
    const body = expectError(await c.get(`/card/${grouped.id}/utilization`), 400);
    expect(body.message).toContain(`/card-group/${grouped.cardGroupId}/utilization`);
    expectError(await c.get('/card/card_nope/utilization'), 404);
  });

  it('without a limit: spend of the current UTC month, no available balance or reset', async () => {
    const card = await newCard(c);
    expect((await c.get(`/card/${card.id}/utilization`)).body).toEqual({ spend: { amountCents: 0 } });
    await expectAuth(c, { cardId: card.id, amountCents: 1_234 });
    await expectAuth(c, { cardId: card.id, amountCents: 766 });
    await expectAuth(c, { cardId: card.id, amountCents: 5, country: 'ZZ', mcc: '1234' });
    await c.call('PATCH', `/card/${card.id}`, { body: { status: 'paused' } });
    await expectAuth(c, { cardId: card.id, amountCents: 50_000 }, 'card_not_active');
    // Declines never count as spend.
    expect((await c.get(`/card/${card.id}/utilization`)).body).toEqual({ spend: { amountCents: 2_005 } });
    const group = await newGroup(c);
    expect((await c.get(`/card-group/${group.id}/utilization`)).body).toEqual({ spend: { amountCents: 0 } });
  });

  it('a daily limit resets at the next midnight of its timezone', async () => {
    const card = await newCard(c, {
      spendingConstraint: {
        spendingRule: {
          utilizationLimit: { limitAmount: { amountCents: 5_000 }, preset: 'daily', timezone: 'Asia/Tokyo' },
        },
      },
    });
    await expectAuth(c, { cardId: card.id, amountCents: 5_000 });
    await expectAuth(c, { cardId: card.id, amountCents: 1 }, 'spending_limit_exceeded');
    const u = await c.get(`/card/${card.id}/utilization`);
    // Tokyo is UTC+9 without DST: its midnight is 15:00 UTC.
    expect(u.body.nextResetDate).toMatch(/T15:00:00\.000Z$/);
    expect(Date.parse(u.body.nextResetDate)).toBeGreaterThan(c.world.clock.now());
    expect(Date.parse(u.body.nextResetDate) - c.world.clock.now()).toBeLessThanOrEqual(86_400_000);
    await c.call('POST', '/__sandbox/clock', {
      body: { advanceMs: Date.parse(u.body.nextResetDate) - c.world.clock.now() },
    });
    const after = await c.get(`/card/${card.id}/utilization`);
    expect(after.body.spend).toEqual({ amountCents: 0 });
    expect(after.body.availableBalance).toEqual({ amountCents: 5_000 });
    await expectAuth(c, { cardId: card.id, amountCents: 5_000 });
  });
});

describe('a daily limit in the process’s own time zone', () => {
  it('holds until that zone’s next day begins, and resets then (awkward-dates pins this an hour before a skipped midnight)', async () => {
    // A sandbox of its own, at the pinned instant: the suite's shared one has moved on by days.
    const own = await startClient({ transactions: 20 });
    try {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const card = await newCard(own, {
        spendingConstraint: {
          spendingRule: { utilizationLimit: { limitAmount: { amountCents: 5_000 }, preset: 'daily', timezone: zone } },
        },
      });
      await expectAuth(own, { cardId: card.id, amountCents: 5_000 });
      const now = own.sandbox.world.clock.now();
      const nextDay = localDayStart(localDay(now, zone) + 1, zone);
      const u = await own.get(`/card/${card.id}/utilization`);
      expect(u.body).toEqual({
        spend: { amountCents: 5_000 },
        availableBalance: { amountCents: 0 },
        nextResetDate: new Date(nextDay).toISOString(),
      });
      await own.call('POST', '/__sandbox/clock', { body: { advanceMs: nextDay - now - 1 } });
      await expectAuth(own, { cardId: card.id, amountCents: 1 }, 'spending_limit_exceeded');
      await own.call('POST', '/__sandbox/clock', { body: { advanceMs: 1 } });
      expect((await own.get(`/card/${card.id}/utilization`)).body.spend).toEqual({ amountCents: 0 });
      await expectAuth(own, { cardId: card.id, amountCents: 5_000 });
    } finally {
      await own.close();
    }
  });
});

describe('card events', () => {
  it('lists events newest first across pages of 3 with no duplicate or skip', async () => {
    const small = await startClient({ transactions: 60, pageSize: 3 });
    try {
      const card = await newCard(small);
      const ids: string[] = [];
      for (let i = 1; i <= 7; i++)
        ids.push((await expectAuth(small, { cardId: card.id, amountCents: i * 100, merchantName: 'Uber' })).event.id);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await small.get(`/card/${card.id}/events`, cursor ? { cursor } : {});
        expect(res.status).toBe(200);
        seen.push(...res.body.items.map((e: { id: string }) => e.id));
        cursor = res.body.metadata.nextCursor;
        if (++pages === 1)
          ids.push((await expectAuth(small, { cardId: card.id, amountCents: 999, merchantName: 'Uber' })).event.id);
      } while (cursor);
      expect(pages).toBe(3);
      // The event added mid-walk is newer than the cursor, so it is not on later pages.
      expect(seen).toEqual(ids.slice(0, 7).reverse());
      const again = await small.all(`/card/${card.id}/events`);
      expect(again.map((e) => e.id)).toEqual([...ids].reverse());
    } finally {
      await small.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Card } from '../../src/shared/service';
import { type Client, clientForFile, startClient, startOfUtcDay, TEST_NOW } from '../support/sandbox-harness';
import { expectError } from '../support/errors';
import { cardState, luhnValid, newCard, newGroup } from '../support/cards-helpers';

const c = clientForFile({ transactions: 300 });

const seededCards = () => [...c.world.cards.values()];
const firstGrouped = () => seededCards().find((x) => x.cardGroupId !== undefined)!;
const firstUngrouped = () => seededCards().find((x) => x.cardGroupId === undefined)!;

describe('GET /card/:id', () => {
  it('answers the card without PAN or CVV on the API host, even with both flags', async () => {
    const card = firstGrouped();
    for (const q of ['', '?include_pan=true&include_cvv=true', '?include_pan=true', '?include_cvv=false']) {
      const res = await c.get(`/card/${card.id}${q}`);
      expect(res.status).toBe(200);
      expect(Card.safeParse(res.body).success).toBe(true);
      expect(res.body.pan).toBeUndefined();
      expect(res.body.cvv).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toContain(card.pan);
      expect(res.body.last4).toBe(card.pan.slice(-4));
    }
  });

  it('includes cardGroupName for a card in a group and no group fields otherwise', async () => {
    const grouped = firstGrouped();
    const res = await c.get(`/card/${grouped.id}`);
    expect(res.body.cardGroupId).toBe(grouped.cardGroupId);
    expect(res.body.cardGroupName).toBe(c.world.cardGroups.get(grouped.cardGroupId!)!.name);
    const lone = await c.get(`/card/${firstUngrouped().id}`);
    expect(lone.body.cardGroupId).toBeUndefined();
    expect(lone.body.cardGroupName).toBeUndefined();
  });

  it('reveals on the vault host exactly what the flags ask for', async () => {
    const card = firstGrouped();
    const vault = (q: string) => c.call('GET', `/card/${card.id}${q}`, { host: 'vault' });
    const none = await vault('');
    expect(none.status).toBe(200);
    expect(none.body.pan).toBeUndefined();
    expect(none.body.cvv).toBeUndefined();
    const pan = await vault('?include_pan=true');
    expect(pan.body.pan).toBe(card.pan);
    expect(pan.body.cvv).toBeUndefined();
    const cvv = await vault('?include_pan=false&include_cvv=true');
    expect(cvv.body.pan).toBeUndefined();
    expect(cvv.body.cvv).toBe(card.cvv);
    const both = await vault('?include_pan=true&include_cvv=true');
    expect(both.body.pan).toBe(card.pan);
    expect(both.body.cvv).toBe(card.cvv);
    expect(luhnValid(both.body.pan)).toBe(true);
  });

  it('refuses the vault without the key or with a wrong one', async () => {
    const card = firstGrouped();
    const missing = await fetch(`${c.sandbox.vaultUrl}/card/${card.id}?include_pan=true`);
    expect(missing.status).toBe(401);
    expect(JSON.stringify(await missing.json())).not.toContain(card.pan);
    const wrong = await c.call('GET', `/card/${card.id}?include_pan=true`, {
      host: 'vault',
      headers: { 'x-api-key': 'nope' },
    });
    expectError(wrong, 401, 'INVALID_API_KEY');
  });

  it('answers 404 for an unknown card (API and vault) and 400 for a bad flag', async () => {
    expectError(await c.get('/card/card_nope'), 404, 'NOT_FOUND');
    expectError(await c.call('GET', '/card/card_nope?include_pan=true', { host: 'vault' }), 404);
    expectError(await c.get(`/card/${firstGrouped().id}`, { include_pan: 'yes' }), 400);
  });
});

describe('GET /card filters and sort', () => {
  const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();
  const expected = (pred: (x: ReturnType<typeof seededCards>[number]) => boolean) =>
    seededCards()
      .filter(pred)
      .map((x) => x.id)
      .sort();

  it('lists every card by default, oldest first', async () => {
    const items = await c.all('/card');
    expect(ids(items)).toEqual(expected(() => true));
    const created = items.map((i) => i.createdAt as string);
    expect(created).toEqual([...created].sort());
    for (const i of items) expect(i.pan).toBeUndefined();
  });

  it('filters by legal entity (its own id: all; another: none)', async () => {
    expect(ids(await c.all('/card', { 'filter:legalEntityId': c.world.legalEntity.id }))).toEqual(expected(() => true));
    expect(await c.all('/card', { 'filter:legalEntityId': 'le_someone_else' })).toEqual([]);
  });

  it('filters by account, virtual account and status', async () => {
    for (const account of c.world.accounts.values()) {
      const got = await c.all('/card', { 'filter:accountId': account.id });
      expect(got.length).toBeGreaterThan(0);
      expect(ids(got)).toEqual(expected((x) => x.accountId === account.id));
    }
    const va = firstGrouped().virtualAccountId!;
    const byVa = await c.all('/card', { 'filter:virtualAccountId': va });
    expect(byVa.length).toBeGreaterThan(0);
    expect(ids(byVa)).toEqual(expected((x) => x.virtualAccountId === va));
    for (const status of ['active', 'paused', 'inactive', 'closed']) {
      const got = await c.all('/card', { 'filter:status': status });
      expect(got.length, status).toBeGreaterThan(0);
      expect(got.every((x) => x.status === status)).toBe(true);
      expect(ids(got)).toEqual(expected((x) => x.status === status));
    }
    expect(await c.all('/card', { 'filter:accountId': 'acct_nope' })).toEqual([]);
  });

  it('filters by card group id or exact group name; unknown name gives an empty list', async () => {
    for (const g of c.world.cardGroups.values()) {
      const byId = await c.all('/card', { 'filter:cardGroupId': g.id });
      const byName = await c.all('/card', { 'filter:cardGroupName': g.name });
      expect(ids(byId)).toEqual(expected((x) => x.cardGroupId === g.id));
      expect(ids(byName)).toEqual(ids(byId));
      expect(byId.every((x) => x.cardGroupName === g.name)).toBe(true);
    }
    const name = [...c.world.cardGroups.values()][0]!.name;
    expect(await c.all('/card', { 'filter:cardGroupName': name.toUpperCase() + 'x' })).toEqual([]);
    expect(await c.all('/card', { 'filter:cardGroupName': 'No Such Group' })).toEqual([]);
  });

  it('refuses cardGroupId together with cardGroupName, and bad enums', async () => {
    const g = [...c.world.cardGroups.values()][0]!;
    const both = await c.get('/card', { 'filter:cardGroupId': g.id, 'filter:cardGroupName': g.name });
    expect(expectError(both, 400).message).toMatch(/cannot be combined/);
    expectError(await c.get('/card', { 'filter:status': 'frozen' }), 400);
    expectError(await c.get('/card', { sort: 'last4' }), 400);
    expectError(await c.get('/card', { sortDirection: 'asc' }), 400);
    expectError(await c.get('/card', { cursor: 'garbage' }), 400);
  });

  it('sorts by name and createdAt in both directions (ties broken stably)', async () => {
    const byName = (await c.all('/card', { sort: 'name' })).map((x) => x.name as string);
    expect(byName).toEqual([...byName].sort());
    const byNameDesc = (await c.all('/card', { sort: 'name', sortDirection: 'DESC' })).map((x) => x.name as string);
    expect(byNameDesc).toEqual([...byName].reverse());
    const asc = (await c.all('/card', { sort: 'createdAt', sortDirection: 'ASC' })).map((x) => x.id as string);
    const desc = (await c.all('/card', { sort: 'createdAt', sortDirection: 'DESC' })).map((x) => x.id as string);
    expect(desc).toEqual([...asc].reverse());
  });
});

describe('GET /card pagination', () => {
  let small: Client;
  beforeAll(async () => {
    small = await startClient({ transactions: 100, pageSize: 3 });
  });
  afterAll(() => small.close());

  it('walks pages of 3 with a card created mid-walk: no duplicate, no skip', async () => {
    for (const [sort, dir] of [
      ['createdAt', 'ASC'],
      ['createdAt', 'DESC'],
      ['name', 'ASC'],
      ['name', 'DESC'],
    ] as const) {
      const before = [...small.sandbox.world.cards.keys()];
      const seen: string[] = [];
      let cursor: string | undefined;
      let page = 0;
      let createdId = '';
      do {
        const res = await small.get('/card', { sort, sortDirection: dir, ...(cursor ? { cursor } : {}) });
        expect(res.status).toBe(200);
        expect(res.body.items.length).toBeLessThanOrEqual(3);
        expect(res.body.metadata.count).toBe(res.body.items.length);
        seen.push(...res.body.items.map((x: { id: string }) => x.id));
        cursor = res.body.metadata.nextCursor;
        if (++page === 2) createdId = (await newCard(small, { name: `Mid walk ${sort} ${dir}` })).id;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen, `${sort} ${dir}`).toContain(id);
      // A card newer than every other one comes after the cursor only when walking oldest first.
      if (sort === 'createdAt') expect(seen.includes(createdId)).toBe(dir === 'ASC');
    }
  });
});

describe('PATCH /card/:id', () => {
  it('updates name and status (any status to any other, closed included)', async () => {
    const card = await newCard(c);
    for (const status of ['paused', 'inactive', 'closed', 'active']) {
      const res = await c.call('PATCH', `/card/${card.id}`, { body: { status, name: `Renamed ${status}` } });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
      expect(res.body.name).toBe(`Renamed ${status}`);
      expect((await c.get(`/card/${card.id}`)).body.status).toBe(status);
    }
  });

  it('cardGroupId: omitted keeps the group, a string moves, null removes; virtualAccountId unchanged', async () => {
    const g1 = await newGroup(c);
    const g2 = await newGroup(c);
    const card = await newCard(c, { cardGroupId: g1.id });
    const keep = await c.call('PATCH', `/card/${card.id}`, { body: { name: 'Still grouped' } });
    expect(keep.body.cardGroupId).toBe(g1.id);
    expect(keep.body.cardGroupName).toBe(g1.name);
    const move = await c.call('PATCH', `/card/${card.id}`, { body: { cardGroupId: g2.id } });
    expect(move.body.cardGroupId).toBe(g2.id);
    expect(move.body.cardGroupName).toBe(g2.name);
    expect(move.body.virtualAccountId).toBe(card.virtualAccountId);
    const remove = await c.call('PATCH', `/card/${card.id}`, { body: { cardGroupId: null } });
    expect(remove.status).toBe(200);
    expect(remove.body.cardGroupId).toBeUndefined();
    expect(remove.body.cardGroupName).toBeUndefined();
    expect(c.world.cards.get(card.id)!.cardGroupId).toBeUndefined();
  });

  it('refuses an unknown group with 404 and changes nothing, not even the other fields', async () => {
    const card = await newCard(c);
    const before = cardState(c, card.id);
    expectError(
      await c.call('PATCH', `/card/${card.id}`, { body: { name: 'Nope', cardGroupId: 'cg_nope' } }),
      404,
      'NOT_FOUND',
    );
    expect(cardState(c, card.id)).toEqual(before);
  });

  it('spendingConstraint: an object replaces it, null removes it', async () => {
    const card = await newCard(c, {
      spendingConstraint: { countryRule: { countries: ['US'], restriction: 'allowlist' } },
    });
    expect(card.spendingConstraint.countryRule.countries).toEqual(['US']);
    const replaced = await c.call('PATCH', `/card/${card.id}`, {
      body: { spendingConstraint: { merchantRule: { merchants: ['Uber'], restriction: 'blacklist' } } },
    });
    expect(replaced.body.spendingConstraint).toEqual({
      merchantRule: { merchants: ['Uber'], restriction: 'blacklist' },
    });
    const removed = await c.call('PATCH', `/card/${card.id}`, { body: { spendingConstraint: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.spendingConstraint).toBeUndefined();
    expect(c.world.cards.get(card.id)!.spendingConstraint).toBeUndefined();
  });

  it('userData: an object sets it, null removes it, over 4 KB is a 400 that changes nothing', async () => {
    const card = await newCard(c);
    const set = await c.call('PATCH', `/card/${card.id}`, { body: { userData: { costCenter: 'OPS-1', tags: ['a'] } } });
    expect(set.body.userData).toEqual({ costCenter: 'OPS-1', tags: ['a'] });
    const before = cardState(c, card.id);
    const big = await c.call('PATCH', `/card/${card.id}`, {
      body: { name: 'Too big', userData: { blob: 'x'.repeat(4100) } },
    });
    expect(expectError(big, 400).message).toMatch(/4096 bytes/);
    expect(cardState(c, card.id)).toEqual(before);
    expectError(await c.call('PATCH', `/card/${card.id}`, { body: { userData: ['not', 'an', 'object'] } }), 400);
    const cleared = await c.call('PATCH', `/card/${card.id}`, { body: { userData: null } });
    expect(cleared.body.userData).toBeUndefined();
  });

  it('refuses bad input with 400 and unknown cards with 404, changing nothing', async () => {
    const card = await newCard(c);
    const before = cardState(c, card.id);
    for (const body of [
      { status: 'frozen' },
      { name: '' },
      { name: 42 },
      { cardGroupId: 7 },
      { spendingConstraint: { countryRule: { countries: ['us'], restriction: 'allowlist' } } },
    ]) {
      expectError(await c.call('PATCH', `/card/${card.id}`, { body }), 400);
    }
    expect(cardState(c, card.id)).toEqual(before);
    expectError(await c.call('PATCH', '/card/card_nope', { body: { name: 'x' } }), 404);
  });
});

describe('POST /card', () => {
  it('issues an active virtual card with a Luhn-valid PAN of the product, expiring in three years', async () => {
    const product = [...c.world.cardProducts.values()].find((p) => p.status === 'active' && p.prefix === '555555')!;
    const card = await newCard(c, { cardProductId: product.id, isSingleUse: true, userData: { a: 1 } });
    expect(Card.safeParse(card).success).toBe(true);
    expect(card.status).toBe('active');
    expect(card.isPhysical).toBe(false);
    expect(card.isSingleUse).toBe(true);
    expect(card.cardProductId).toBe(product.id);
    expect(card.userData).toEqual({ a: 1 });
    expect(card.pan).toBeUndefined();
    const now = new Date(c.world.clock.now());
    expect(card.expiryYear).toBe(String(now.getUTCFullYear() + 3));
    expect(card.expiryMonth).toMatch(/^(0[1-9]|1[0-2])$/);
    expect(Date.parse(card.createdAt)).toBeLessThanOrEqual(c.world.clock.now());
    expect(Date.parse(card.createdAt)).toBeGreaterThan(c.world.clock.now() - 60_000);
    const revealed = await c.call('GET', `/card/${card.id}?include_pan=true&include_cvv=true`, { host: 'vault' });
    expect(revealed.body.pan).toMatch(/^555555\d{10}$/);
    expect(luhnValid(revealed.body.pan)).toBe(true);
    expect(revealed.body.pan.slice(-4)).toBe(card.last4);
    expect(revealed.body.cvv).toMatch(/^\d{3}$/);
  });

  it('defaults to the first commercial (debit) account and its primary virtual account', async () => {
    const card = await newCard(c);
    const debit = [...c.world.accounts.values()].find((a) => a.type === 'debit')!;
    expect(card.accountId).toBe(debit.id);
    expect(card.virtualAccountId).toBe(c.world.primaryVirtualAccountId);
    expect(card.cardGroupId).toBeUndefined();
  });

  it('takes accountId, virtualAccountId and cardGroupId; a card in a group spends from the group account by default', async () => {
    const charge = [...c.world.accounts.values()].find((a) => a.type === 'charge_card')!;
    const va = [...c.world.virtualAccounts.values()].find((v) => v.closedAt === null && v.accountType === 'default')!;
    const explicit = await newCard(c, { accountId: charge.id, virtualAccountId: va.id });
    expect(explicit.accountId).toBe(charge.id);
    expect(explicit.virtualAccountId).toBe(va.id);
    const group = [...c.world.cardGroups.values()].find((g) => g.virtualAccountId)!;
    const grouped = await newCard(c, { cardGroupId: group.id });
    expect(grouped.cardGroupId).toBe(group.id);
    expect(grouped.cardGroupName).toBe(group.name);
    expect(grouped.virtualAccountId).toBe(group.virtualAccountId);
    const listed = await c.all('/card', { 'filter:cardGroupId': group.id });
    expect(listed.map((x) => x.id)).toContain(grouped.id);
  });

  it('refuses unknown or unusable references and bad bodies, creating nothing', async () => {
    const count = c.world.cards.size;
    const closed = [...c.world.virtualAccounts.values()].find((v) => v.closedAt !== null)!;
    const inactive = [...c.world.cardProducts.values()].find((p) => p.status === 'inactive')!;
    const base = { name: 'Refused', type: 'virtual' };
    expectError(await c.call('POST', '/card', { body: { ...base, accountId: 'acct_nope' } }), 404);
    expectError(await c.call('POST', '/card', { body: { ...base, virtualAccountId: 'va_nope' } }), 404);
    expectError(
      await c.call('POST', '/card', { body: { ...base, virtualAccountId: closed.id } }),
      409,
      'ACCOUNT_CLOSED',
    );
    expectError(await c.call('POST', '/card', { body: { ...base, cardGroupId: 'cg_nope' } }), 404);
    expectError(await c.call('POST', '/card', { body: { ...base, cardProductId: 'cp_nope' } }), 404);
    expect(
      expectError(await c.call('POST', '/card', { body: { ...base, cardProductId: inactive.id } }), 400).message,
    ).toMatch(/inactive/);
    expectError(await c.call('POST', '/card', { body: { ...base, type: 'physical' } }), 400);
    expectError(await c.call('POST', '/card', { body: { type: 'virtual' } }), 400);
    expectError(await c.call('POST', '/card', { body: { ...base, userData: { blob: 'x'.repeat(5000) } } }), 400);
    const tomorrow = new Date(c.world.clock.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = {
      spendingRule: { utilizationLimit: { limitAmount: { amountCents: 100 }, preset: 'monthly', startDate: tomorrow } },
    };
    expectError(await c.call('POST', '/card', { body: { ...base, spendingConstraint: future } }), 400);
    expect(c.world.cards.size).toBe(count);
  });
});

describe('card spending constraint endpoints', () => {
  const country = { countries: ['US', 'CA'], restriction: 'allowlist' };
  const merchant = { merchants: ['Uber'], restriction: 'blacklist' };
  const size = { transactionSizeLimit: { maximum: { amountCents: 10_000 } } };

  it('PATCH merges: members sent are set, null members removed, omitted members kept', async () => {
    const card = await newCard(c, { spendingConstraint: { countryRule: country, merchantRule: merchant } });
    const res = await c.call('PATCH', `/card/${card.id}/spending-constraint`, {
      body: { merchantRule: null, spendingRule: size },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ countryRule: country, spendingRule: size });
    expect((await c.get(`/card/${card.id}`)).body.spendingConstraint).toEqual({
      countryRule: country,
      spendingRule: size,
    });
    const emptied = await c.call('PATCH', `/card/${card.id}/spending-constraint`, {
      body: { countryRule: null, spendingRule: null },
    });
    expect(emptied.body).toEqual({});
    expect((await c.get(`/card/${card.id}`)).body.spendingConstraint).toBeUndefined();
    const nothing = await c.call('PATCH', `/card/${card.id}/spending-constraint`, { body: {} });
    expect(nothing.body).toEqual({});
  });

  it('PUT replaces the whole constraint (null members are absent)', async () => {
    const card = await newCard(c, { spendingConstraint: { countryRule: country, merchantRule: merchant } });
    const res = await c.call('PUT', `/card/${card.id}/spending-constraint`, {
      body: { spendingRule: size, countryRule: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ spendingRule: size });
    expect(c.world.cards.get(card.id)!.spendingConstraint).toEqual({ spendingRule: size });
    const empty = await c.call('PUT', `/card/${card.id}/spending-constraint`, { body: {} });
    expect(empty.body).toEqual({});
    expect(c.world.cards.get(card.id)!.spendingConstraint).toBeUndefined();
  });

  it('refuses unknown cards (404) and malformed rules (400) without change', async () => {
    expectError(await c.call('PATCH', '/card/card_nope/spending-constraint', { body: { countryRule: country } }), 404);
    expectError(await c.call('PUT', '/card/card_nope/spending-constraint', { body: {} }), 404);
    const card = await newCard(c, { spendingConstraint: { countryRule: country } });
    const before = cardState(c, card.id);
    for (const body of [
      { countryRule: { countries: ['US'], restriction: 'denylist' } },
      { merchantCategoryCodeRule: { merchantCategoryCodes: ['58'], restriction: 'allowlist' } },
      { spendingRule: { transactionSizeLimit: { minimum: { amountCents: 10 }, maximum: { amountCents: 5 } } } },
      { spendingRule: { utilizationLimit: { limitAmount: { amountCents: 1.5 }, preset: 'daily' } } },
      { spendingRule: { utilizationLimit: { limitAmount: { amountCents: -1 }, preset: 'daily' } } },
      { spendingRule: { utilizationLimit: { limitAmount: { amountCents: 100 }, preset: 'hourly' } } },
      {
        spendingRule: {
          utilizationLimit: { limitAmount: { amountCents: 100 }, preset: 'daily', timezone: 'Mars/Olympus' },
        },
      },
    ]) {
      expectError(await c.call('PATCH', `/card/${card.id}/spending-constraint`, { body }), 400);
      expectError(await c.call('PUT', `/card/${card.id}/spending-constraint`, { body }), 400);
    }
    expect(cardState(c, card.id)).toEqual(before);
  });
});

describe('spending limit startDate: today or earlier in the limit timezone', () => {
  // Pinned at 12:00 UTC of the suite's day: it is already tomorrow in Kiritimati (UTC+14) and
  // still today in Pago Pago (UTC-11).
  const NOW = startOfUtcDay(TEST_NOW) + 12 * 3_600_000;
  let pinned: Client;
  beforeAll(async () => {
    pinned = await startClient({ transactions: 100, now: () => NOW });
  });
  afterAll(() => pinned.close());

  const limit = (startDate: string, timezone?: string) => ({
    spendingRule: {
      utilizationLimit: {
        limitAmount: { amountCents: 50_000 },
        preset: 'monthly',
        startDate,
        ...(timezone ? { timezone } : {}),
      },
    },
  });
  const day = (offsetDays: number) =>
    new Date(pinned.sandbox.world.clock.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  it('accepts today and past days; refuses tomorrow, on every write that carries a constraint', async () => {
    const card = await newCard(pinned);
    const group = await newGroup(pinned);
    const writes = [
      (sc: unknown) => pinned.call('PATCH', `/card/${card.id}`, { body: { spendingConstraint: sc } }),
      (sc: unknown) => pinned.call('PATCH', `/card/${card.id}/spending-constraint`, { body: sc }),
      (sc: unknown) => pinned.call('PUT', `/card/${card.id}/spending-constraint`, { body: sc }),
      (sc: unknown) => pinned.call('PATCH', `/card-group/${group.id}`, { body: { spendingConstraint: sc } }),
      (sc: unknown) => pinned.call('PATCH', `/card-group/${group.id}/spending-constraint`, { body: sc }),
      (sc: unknown) => pinned.call('PUT', `/card-group/${group.id}/spending-constraint`, { body: sc }),
      (sc: unknown) =>
        pinned.call('POST', '/card', { body: { name: 'Limit test', type: 'virtual', spendingConstraint: sc } }),
      (sc: unknown) => pinned.call('POST', '/card-group', { body: { name: 'Limit test', spendingConstraint: sc } }),
    ];
    for (const write of writes) {
      for (const ok of [day(0), day(-40)]) {
        const res = await write(limit(ok));
        expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
      }
      const cardBefore = cardState(pinned, card.id);
      const groupBefore = structuredClone(pinned.sandbox.world.cardGroups.get(group.id));
      const cards = pinned.sandbox.world.cards.size;
      const groups = pinned.sandbox.world.cardGroups.size;
      const refused = await write(limit(day(1)));
      expect(expectError(refused, 400).message).toMatch(/startDate .* is in the future/);
      expect(cardState(pinned, card.id)).toEqual(cardBefore);
      expect(pinned.sandbox.world.cardGroups.get(group.id)).toEqual(groupBefore);
      expect(pinned.sandbox.world.cards.size).toBe(cards);
      expect(pinned.sandbox.world.cardGroups.size).toBe(groups);
    }
  });

  it('judges "today" in the limit timezone: ahead of UTC accepts the UTC tomorrow, behind UTC refuses the UTC today', async () => {
    const card = await newCard(pinned);
    const put = (sc: unknown) => pinned.call('PUT', `/card/${card.id}/spending-constraint`, { body: sc });
    const utcTomorrow = day(1);
    expect((await put(limit(utcTomorrow, 'Pacific/Kiritimati'))).status).toBe(200);
    expectError(await put(limit(utcTomorrow)), 400);
    expectError(await put(limit(utcTomorrow, 'UTC')), 400);
    expectError(await put(limit(day(2), 'Pacific/Kiritimati')), 400);
    // 12:00 UTC is 01:00 the same day in Pago Pago: today is fine there, tomorrow is not.
    expect((await put(limit(day(0), 'Pacific/Pago_Pago'))).status).toBe(200);
    expectError(await put(limit(utcTomorrow, 'Pacific/Pago_Pago')), 400);
    // The same rule for every limit of utilizationLimitV2.
    const v2 = {
      spendingRule: {
        utilizationLimitV2: [
          { limitAmount: { amountCents: 1 }, preset: 'weekly', startDate: day(0) },
          { limitAmount: { amountCents: 1 }, preset: 'yearly', startDate: utcTomorrow },
        ],
      },
    };
    expectError(await put(v2), 400);
  });

  it('lets a PATCH of other members keep an existing limit untouched', async () => {
    const card = await newCard(pinned, { spendingConstraint: limit(day(0)) });
    const res = await pinned.call('PATCH', `/card/${card.id}/spending-constraint`, {
      body: { countryRule: { countries: ['US'], restriction: 'allowlist' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.spendingRule.utilizationLimit.startDate).toBe(day(0));
  });
});

describe('card events and products', () => {
  it('lists card products', async () => {
    const items = await c.all('/card-product');
    expect(items.map((p) => p.id).sort()).toEqual([...c.world.cardProducts.keys()].sort());
    for (const p of items) expect(['active', 'inactive']).toContain(p.status);
  });

  it('lists no events for a card never authorized, and 404 for an unknown card', async () => {
    const card = await newCard(c);
    const res = await c.get(`/card/${card.id}/events`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expectError(await c.get('/card/card_nope/events'), 404);
    expectError(await c.get(`/card/${card.id}/events`, { cursor: 'garbage' }), 400);
  });
});

import { describe, expect, it } from 'vitest';
import { CardGroup } from '../../src/shared/service';
import { clientForFile, startClient } from '../support/sandbox-harness';
import { expectError } from '../support/errors';
import { groupState, newGroup } from '../support/cards-helpers';

const c = clientForFile({ transactions: 200 });

const country = { countries: ['US', 'CA'], restriction: 'allowlist' };
const mcc = { merchantCategoryCodes: ['5812', '5814'], restriction: 'blacklist' };
const size = { transactionSizeLimit: { minimum: { amountCents: 100 } } };

describe('POST /card-group and GET /card-group/:id', () => {
  it('creates a group with name, virtual account and constraint, readable afterwards', async () => {
    const va = [...c.world.virtualAccounts.values()].find((v) => v.closedAt === null && v.accountType === 'default')!;
    const created = await newGroup(c, { virtualAccountId: va.id, spendingConstraint: { countryRule: country } });
    expect(CardGroup.safeParse(created).success).toBe(true);
    expect(created.virtualAccountId).toBe(va.id);
    expect(created.spendingConstraint).toEqual({ countryRule: country });
    const read = await c.get(`/card-group/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
  });

  it('creates a bare group (name only) with no constraint, tied to the primary virtual account', async () => {
    const g = await newGroup(c);
    expect(g.spendingConstraint).toBeUndefined();
    expect(g.virtualAccountId).toBe(c.world.primaryVirtualAccountId);
    const card = await c.call('POST', '/card', {
      body: { name: 'In a bare group', type: 'virtual', cardGroupId: g.id },
    });
    expect(card.body.virtualAccountId).toBe(c.world.primaryVirtualAccountId);
  });

  it('refuses bad bodies and unknown or closed accounts, creating nothing', async () => {
    const count = c.world.cardGroups.size;
    const closed = [...c.world.virtualAccounts.values()].find((v) => v.closedAt !== null)!;
    expectError(await c.call('POST', '/card-group', { body: {} }), 400);
    expectError(await c.call('POST', '/card-group', { body: { name: '' } }), 400);
    expectError(await c.call('POST', '/card-group', { body: { name: 5 } }), 400);
    expectError(await c.call('POST', '/card-group', { body: { name: 'x', virtualAccountId: 'va_nope' } }), 404);
    expectError(
      await c.call('POST', '/card-group', { body: { name: 'x', virtualAccountId: closed.id } }),
      409,
      'ACCOUNT_CLOSED',
    );
    expectError(
      await c.call('POST', '/card-group', {
        body: { name: 'x', spendingConstraint: { countryRule: { countries: ['US'] } } },
      }),
      400,
    );
    expect(c.world.cardGroups.size).toBe(count);
  });

  it('answers 404 for an unknown group on every group endpoint', async () => {
    expectError(await c.get('/card-group/cg_nope'), 404, 'NOT_FOUND');
    expectError(await c.call('PATCH', '/card-group/cg_nope', { body: { name: 'x' } }), 404);
    expectError(await c.call('PUT', '/card-group/cg_nope/spending-constraint', { body: {} }), 404);
    expectError(await c.call('PATCH', '/card-group/cg_nope/spending-constraint', { body: {} }), 404);
    expectError(await c.get('/card-group/cg_nope/utilization'), 404);
  });
});

describe('GET /card-group', () => {
  it('lists every group, each with id, name, virtualAccountId when it has one, and constraint', async () => {
    const items = await c.all('/card-group');
    expect(items.map((g) => g.id).sort()).toEqual([...c.world.cardGroups.keys()].sort());
    const software = items.find((g) => g.name === 'Software')!;
    expect(software.virtualAccountId).toBeDefined();
    expect(software.spendingConstraint.merchantCategoryCodeRule.restriction).toBe('allowlist');
  });

  it('filter:name matches a case-insensitive substring', async () => {
    const mine = await newGroup(c, { name: 'Quarterly Offsite Budget' });
    expect((await c.all('/card-group', { 'filter:name': 'offsite' })).map((g) => g.id)).toEqual([mine.id]);
    expect((await c.all('/card-group', { 'filter:name': 'QUARTERLY OFFSITE BUDGET' })).map((g) => g.id)).toEqual([
      mine.id,
    ]);
    const travel = await c.all('/card-group', { 'filter:name': 'Travel' });
    expect(travel.every((g) => g.name.toLowerCase().includes('travel'))).toBe(true);
    expect(travel.length).toBeGreaterThan(0);
    expect(await c.all('/card-group', { 'filter:name': 'zzz-no-such-group' })).toEqual([]);
    expectError(await c.get('/card-group', { 'filter:name': '' }), 400);
  });

  it('paginates by 3 with groups created mid-walk: no duplicate, no skip', async () => {
    const small = await startClient({ transactions: 60, pageSize: 3 });
    try {
      for (let i = 0; i < 4; i++) await newGroup(small);
      const before = [...small.sandbox.world.cardGroups.keys()];
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await small.get('/card-group', cursor ? { cursor } : {});
        expect(res.status).toBe(200);
        expect(res.body.items.length).toBeLessThanOrEqual(3);
        seen.push(...res.body.items.map((g: { id: string }) => g.id));
        cursor = res.body.metadata.nextCursor;
        if (++pages === 1) await newGroup(small);
      } while (cursor);
      expect(pages).toBeGreaterThan(2);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
    } finally {
      await small.close();
    }
  });
});

describe('PATCH /card-group/:id', () => {
  it('renames, replaces the constraint with an object and removes it with null', async () => {
    const g = await newGroup(c, { spendingConstraint: { countryRule: country, merchantCategoryCodeRule: mcc } });
    const renamed = await c.call('PATCH', `/card-group/${g.id}`, { body: { name: 'Renamed group' } });
    expect(renamed.body.name).toBe('Renamed group');
    expect(renamed.body.spendingConstraint).toEqual({ countryRule: country, merchantCategoryCodeRule: mcc });
    const replaced = await c.call('PATCH', `/card-group/${g.id}`, {
      body: { spendingConstraint: { spendingRule: size } },
    });
    expect(replaced.body.spendingConstraint).toEqual({ spendingRule: size });
    const removed = await c.call('PATCH', `/card-group/${g.id}`, { body: { spendingConstraint: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.spendingConstraint).toBeUndefined();
    expect(c.world.cardGroups.get(g.id)!.spendingConstraint).toBeUndefined();
    expect((await c.get(`/card-group/${g.id}`)).body.name).toBe('Renamed group');
  });

  it('shows the new name on cards of the group', async () => {
    const g = await newGroup(c);
    const card = await c.call('POST', '/card', {
      body: { name: 'In renamed group', type: 'virtual', cardGroupId: g.id },
    });
    await c.call('PATCH', `/card-group/${g.id}`, { body: { name: 'Fresh name' } });
    expect((await c.get(`/card/${card.body.id}`)).body.cardGroupName).toBe('Fresh name');
    expect((await c.all('/card', { 'filter:cardGroupName': 'Fresh name' })).map((x) => x.id)).toEqual([card.body.id]);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const g = await newGroup(c, { spendingConstraint: { countryRule: country } });
    const before = groupState(c, g.id);
    for (const body of [
      { name: '' },
      { name: 3 },
      { spendingConstraint: { countryRule: { countries: 'US', restriction: 'allowlist' } } },
      { spendingConstraint: 'none' },
    ]) {
      expectError(await c.call('PATCH', `/card-group/${g.id}`, { body }), 400);
    }
    expect(groupState(c, g.id)).toEqual(before);
  });
});

describe('group spending constraint endpoints', () => {
  it('PATCH merges: members sent are set, null removes, omitted kept', async () => {
    const g = await newGroup(c, { spendingConstraint: { countryRule: country, merchantCategoryCodeRule: mcc } });
    const res = await c.call('PATCH', `/card-group/${g.id}/spending-constraint`, {
      body: { merchantCategoryCodeRule: null, spendingRule: size },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ countryRule: country, spendingRule: size });
    expect((await c.get(`/card-group/${g.id}`)).body.spendingConstraint).toEqual({
      countryRule: country,
      spendingRule: size,
    });
    const gone = await c.call('PATCH', `/card-group/${g.id}/spending-constraint`, {
      body: { countryRule: null, spendingRule: null },
    });
    expect(gone.body).toEqual({});
    expect((await c.get(`/card-group/${g.id}`)).body.spendingConstraint).toBeUndefined();
  });

  it('PUT replaces the whole constraint; null members are absent', async () => {
    const g = await newGroup(c, { spendingConstraint: { countryRule: country, merchantCategoryCodeRule: mcc } });
    const res = await c.call('PUT', `/card-group/${g.id}/spending-constraint`, {
      body: { spendingRule: size, countryRule: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ spendingRule: size });
    expect(c.world.cardGroups.get(g.id)!.spendingConstraint).toEqual({ spendingRule: size });
  });

  it('refuses malformed rules with 400 and changes nothing', async () => {
    const g = await newGroup(c, { spendingConstraint: { countryRule: country } });
    const before = groupState(c, g.id);
    for (const body of [
      { countryRule: { countries: ['USA1'], restriction: 'allowlist' } },
      { merchantRule: { merchants: [], restriction: 'greylist' } },
      { spendingRule: { utilizationLimitV2: [{ limitAmount: { amountCents: 10 } }] } },
    ]) {
      expectError(await c.call('PUT', `/card-group/${g.id}/spending-constraint`, { body }), 400);
      expectError(await c.call('PATCH', `/card-group/${g.id}/spending-constraint`, { body }), 400);
    }
    expect(groupState(c, g.id)).toEqual(before);
  });
});

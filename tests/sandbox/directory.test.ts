import { describe, expect, it } from 'vitest';
import { clientForFile } from '../support/sandbox-harness';
import { expectError } from '../support/errors';
import { postTransfer } from '../support/virtual-accounts-helpers';
import { freshKey } from '../support/fresh-key';

const c = clientForFile({ pageSize: 2 });

function noDuplicates(ids: string[]): void {
  expect(new Set(ids).size).toBe(ids.length);
}

describe('GET /svc-handle', () => {
  it('lists every handle over pages of 2, public fields only', async () => {
    const first = await c.get('/svc-handle');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.metadata).toMatchObject({ count: 2 });
    const all = await c.all('/svc-handle');
    noDuplicates(all.map((h) => h.id));
    expect(all.map((h) => h.id).sort()).toEqual([...c.world.svcHandles.keys()].sort());
    for (const h of all) expect(Object.keys(h).sort()).toEqual(['accountId', 'id', 'name', 'svcHandle']);
  });
});

describe('GET /merchant', () => {
  it('lists every merchant over pages of 2', async () => {
    const all = await c.all('/merchant');
    noDuplicates(all.map((m) => m.id));
    expect(all).toHaveLength(c.world.merchants.size);
    expect(all.every((m) => typeof m.url === 'string')).toBe(true);
  });

  it('search:merchant_name matches a substring regardless of case', async () => {
    const found = await c.all('/merchant', { 'search:merchant_name': 'AIR' });
    const names = found.map((m) => m.name).sort();
    const expected = [...c.world.merchants.values()]
      .filter((m) => m.name.toLowerCase().includes('air'))
      .map((m) => m.name)
      .sort();
    expect(names).toEqual(expected);
    expect(names.length).toBeGreaterThan(2);
    expect(await c.all('/merchant', { 'search:merchant_name': 'zzz-no-such' })).toEqual([]);
    expectError(await c.get('/merchant', { 'search:merchant_name': '' }), 400);
  });
});

describe('GET /legal-entity', () => {
  it("lists the key's legal entity", async () => {
    const all = await c.all('/legal-entity');
    expect(all).toEqual([
      { id: c.world.legalEntity.id, name: c.world.legalEntity.name, structure: c.world.legalEntity.structure },
    ]);
  });
});

describe('GET /account and /account/:id', () => {
  it("lists the key's accounts (default and explicit filter); another legal entity shows none", async () => {
    const all = await c.all('/account');
    expect(all.map((a) => a.id).sort()).toEqual([...c.world.accounts.keys()].sort());
    expect(await c.all('/account', { 'filter:legalEntityId': c.world.legalEntity.id })).toHaveLength(all.length);
    expect(await c.all('/account', { 'filter:legalEntityId': 'le_other' })).toEqual([]);
  });

  it('reads one account; 404 for an unknown one', async () => {
    const id = [...c.world.accounts.keys()][0]!;
    const res = await c.get(`/account/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'open' });
    expectError(await c.get('/account/acct_nope'), 404, 'NOT_FOUND');
    expectError(await c.get('/account/acct_nope/balance'), 404, 'NOT_FOUND');
  });
});

describe('GET /account/:id/balance', () => {
  const sumOf = async (accountId: string, status: string) =>
    (await c.all('/transaction', { 'filter:accountId': accountId, 'filter:status': status })).reduce(
      (s, t) => s + t.amountCents,
      0,
    );

  it("reports the debit account's cash balance, agreeing with its transactions", async () => {
    const checking = [...c.world.accounts.values()].find((a) => a.type === 'debit')!;
    const res = await c.get(`/account/${checking.id}/balance`);
    expect(res.status).toBe(200);
    expect(res.body.balances).toHaveLength(1);
    const [cash] = res.body.balances;
    expect(cash).toMatchObject({ accountId: checking.id, type: 'cash' });
    expect(Date.parse(cash.timestamp)).toBeGreaterThan(0);
    expect(cash.posted.amountCents).toBe(await sumOf(checking.id, 'posted'));
    const pending = (await c.all('/transaction', { 'filter:accountId': checking.id, 'filter:status': 'pending' }))
      .filter((t) => t.detailedStatus !== 'pending_approval' && t.detailedStatus !== 'in_review')
      .reduce((s, t) => s + t.amountCents, 0);
    expect(cash.available.amountCents).toBe(cash.posted.amountCents + pending);
  });

  it('reports a charge card account on its credit balance', async () => {
    const charge = [...c.world.accounts.values()].find((a) => a.type === 'charge_card')!;
    const res = await c.get<{ balances: { type: string; posted: { amountCents: number } }[] }>(
      `/account/${charge.id}/balance`,
    );
    expect(res.status).toBe(200);
    const byType = Object.fromEntries(res.body.balances.map((b) => [b.type, b]));
    expect(Object.keys(byType).sort()).toEqual(['cash', 'credit']);
    expect(byType.credit?.posted.amountCents).toBe(await sumOf(charge.id, 'posted'));
    expect(byType.cash?.posted.amountCents).toBe(0);
  });

  it('transfers between virtual accounts of one account leave its balance unchanged', async () => {
    const w = c.world;
    const primary = w.virtualAccounts.get(w.primaryVirtualAccountId)!;
    const other = [...w.virtualAccounts.values()].find(
      (v) => v.closedAt === null && v.id !== primary.id && v.accountId === primary.accountId,
    )!;
    const before = (await c.get(`/account/${primary.accountId}/balance`)).body.balances[0];
    expect(
      (await postTransfer(c, { source: primary.id, destination: other.id, amountCents: 777 }, freshKey())).status,
    ).toBe(200);
    const after = (await c.get(`/account/${primary.accountId}/balance`)).body.balances[0];
    expect(after.available).toEqual(before.available);
    expect(after.posted).toEqual(before.posted);
  });
});

import type { Sandbox } from '../../src/sandbox';
import type { Result } from '../../src/shared/ipc';
import type { Card, VirtualAccountView, Webhook } from '../../src/shared/service';
import { expect, test, type Lane } from './harness/lane';

// The one write pattern for entities (app/entity-writes.ts) in Chromium: the call goes through
// the real core to the Demo sandbox, and the profile's real IndexedDB cache changes in the same
// call, or not at all. The sandbox, read over HTTP, is the truth the cache is compared with.

test.use({ laneSession: { demo: { seed: 13, transactions: 50 } } });

type Cached<T> = { value: T; asOf: number | null } | null;

async function readBack<T>(sandbox: Sandbox, path: string): Promise<T> {
  const res = await fetch(`${sandbox.apiUrl}${path}`, { headers: { 'x-api-key': sandbox.apiKey } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** An open virtual account other than the primary one, and the primary one. */
function accountsOf(sandbox: Sandbox): { plain: string; primary: string } {
  const primary = sandbox.world.primaryVirtualAccountId;
  const plain = [...sandbox.world.virtualAccounts.values()].find((v) => v.id !== primary && v.closedAt === null)?.id;
  if (!plain) throw new Error('the seed has no open virtual account besides the primary one');
  return { plain, primary };
}

/** The Demo started, its lists cached, and one account's cached view before the edit. */
async function prepared(lane: Lane, which: 'plain' | 'primary') {
  const sandbox = await lane.core.demo.start();
  await lane.open('entities.ts');
  expect(await lane.run('syncEntities', 'demo')).toEqual([]);
  const id = accountsOf(sandbox)[which];
  const before = await lane.run<Cached<VirtualAccountView>>('cached', 'demo', 'virtualAccount', id);
  return { sandbox, id, before };
}

test('a rename lands in the service and in the cache in the same call; a live query shows it; "as of" stays', async ({
  lane,
}) => {
  const { sandbox, id: plain, before } = await prepared(lane, 'plain');
  const asOfBefore = await lane.run<Record<string, number>>('asOf', 'demo');
  expect(before?.value.balance.amountCents).toEqual(expect.any(Number));

  await lane.run('mountList', 'demo');
  const line = lane.page.locator(`#accounts li[data-id="${plain}"]`);
  await expect(line).toHaveText(before?.value.virtualAccount.name ?? '');

  const r = await lane.run<Result<VirtualAccountView>>('renameVirtualAccount', 'demo', plain, 'Payroll (renamed)');
  expect(r).toMatchObject({ ok: true, value: { virtualAccount: { id: plain, name: 'Payroll (renamed)' } } });

  // The service has it...
  const server = await readBack<VirtualAccountView>(sandbox, `/virtual-account/${plain}`);
  expect(server.virtualAccount.name).toBe('Payroll (renamed)');
  // ...and so has the cache, as soon as the call returned: with the balance and spend the PATCH
  // answer does not carry kept from the cached view, and the kind's "as of" untouched.
  const after = await lane.run<Cached<VirtualAccountView>>('cached', 'demo', 'virtualAccount', plain);
  expect(after?.value).toEqual({ ...before?.value, virtualAccount: server.virtualAccount });
  expect(after?.value.balance).toEqual(server.balance);
  expect(await lane.run('asOf', 'demo')).toEqual(asOfBefore);
  // The live query re-rendered with the new name.
  await expect(line).toHaveText('Payroll (renamed)');

  // A commission rule set through the same pattern lands whole in the cached view.
  const rule = await lane.run<Result<VirtualAccountView>>(
    'setCommissionRule',
    'demo',
    plain,
    2_500,
    new Date(lane.clock.now()).toISOString(),
  );
  expect(rule.ok).toBe(true);
  const withRule = await readBack<VirtualAccountView>(sandbox, `/virtual-account/${plain}`);
  expect(
    (await lane.run<Cached<VirtualAccountView>>('cached', 'demo', 'virtualAccount', plain))?.value.commissionRule,
  ).toEqual(withRule.commissionRule);

  // Removing one item leaves the rest and the live view follows.
  await lane.run('removeVirtualAccount', 'demo', plain);
  await expect(line).toHaveCount(0);
  await expect(lane.page.locator('#accounts li').first()).toBeVisible();
});

test('an edit the service refuses returns its words and leaves the cache untouched', async ({ lane }) => {
  const { sandbox, id: primary, before } = await prepared(lane, 'primary');

  // A valid request (main's schema passes it) that the service refuses: the primary account
  // cannot carry a commission rule (400). The name in the same request must not land either.
  const r = await lane.run<Result<VirtualAccountView>>(
    'setCommissionRule',
    'demo',
    primary,
    1_000,
    new Date(lane.clock.now()).toISOString(),
  );
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code).toBe('service');
  expect(r.error.service).toMatchObject({ kind: 'http', status: 400 });
  expect(r.error.message).toMatch(/primary account.*cannot carry a commission rule/);
  expect(await lane.run('cached', 'demo', 'virtualAccount', primary)).toEqual(before);
  expect((await readBack<VirtualAccountView>(sandbox, `/virtual-account/${primary}`)).commissionRule).toBeUndefined();
});

test('offline, an edit is refused with the reason and nothing is sent', async ({ lane }) => {
  const { sandbox, id: plain, before } = await prepared(lane, 'plain');

  await sandbox.setFaults({ offline: true });
  expect(await lane.run('checkConnection', 'demo')).toBe('offline');
  // The service is back, but the app has not seen it yet: what is refused is refused by the
  // app's own offline state, so the request count shows that nothing left.
  await sandbox.resetFaults();
  const requests = sandbox.stats.requests;
  const r = await lane.run<Result<VirtualAccountView>>('renameVirtualAccount', 'demo', plain, 'Never sent');
  expect(r).toMatchObject({
    ok: false,
    error: { message: expect.stringMatching(/^Offline: this change was not sent/) },
  });
  expect(sandbox.stats.requests).toBe(requests);
  expect(await lane.run('cached', 'demo', 'virtualAccount', plain)).toEqual(before);
  expect(sandbox.world.virtualAccounts.get(plain)?.name).toBe(before?.value.virtualAccount.name);
});

test('cards and webhooks: a rename and a create land in the cache; an archive replaces the cached webhook', async ({
  lane,
}) => {
  const sandbox = await lane.core.demo.start();
  await lane.open('entities.ts');
  await lane.run('syncEntities', 'demo');
  const cardId = [...sandbox.world.cards.keys()][0] as string;
  const renamed = await lane.run<Result<Card>>('renameCard', 'demo', cardId, 'Travel card');
  expect(renamed).toMatchObject({ ok: true, value: { id: cardId, name: 'Travel card' } });
  const cachedCard = await lane.run<Cached<Card>>('cached', 'demo', 'card', cardId);
  expect(cachedCard?.value).toEqual(await readBack<Card>(sandbox, `/card/${cardId}`));

  const created = await lane.run<Result<Webhook>>(
    'createWebhook',
    'demo',
    'https://example.test/hooks',
    'Ledger export',
  );
  expect(created.ok).toBe(true);
  if (!created.ok) return;
  const id = created.value.id;
  expect((await lane.run<Cached<Webhook>>('cached', 'demo', 'webhook', id))?.value).toEqual(
    await readBack<Webhook>(sandbox, `/webhook/${id}`),
  );
  const archived = await lane.run<Result<Webhook>>('archiveWebhook', 'demo', id);
  expect(archived).toMatchObject({ ok: true, value: { id, archivedAt: expect.any(String) } });
  expect((await lane.run<Cached<Webhook>>('cached', 'demo', 'webhook', id))?.value).toEqual(
    await readBack<Webhook>(sandbox, `/webhook/${id}`),
  );
});

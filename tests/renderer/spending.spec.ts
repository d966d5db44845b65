import type { Sandbox } from '../../src/sandbox';
import type { Card, CardGroup } from '../../src/shared/service';
import { addDays, dayIn } from '../../src/shared/spending/zoned-days';
import { expect, test, type Lane } from './harness/lane';

// The spending-constraint editor in Chromium over the Demo sandbox: bad input shows messages
// beside its fields and sends nothing; a valid edit is a PATCH of the changed members; removing
// everything sends null; a group saves with "Replace all" as a PUT; offline it is read-only.
// "Today" is the sandbox's clock, passed to the editor, never the machine's date.

test.use({ laneSession: { demo: { seed: 13, transactions: 50 } } });

interface Logged {
  method: string;
  path: string;
  status: number | null;
}

async function http<T>(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: { 'x-api-key': sandbox.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Constraint writes the sandbox received for a card or group since `afterSeq`. */
function writesTo(sandbox: Sandbox, prefix: string, afterSeq: number): Logged[] {
  return sandbox.requests
    .all({ after: afterSeq })
    .filter((e) => e.method !== 'GET' && e.path.startsWith(prefix))
    .map((e) => ({ method: e.method, path: e.path, status: e.status }));
}

async function ready(lane: Lane) {
  const sandbox = await lane.core.demo.start();
  await lane.open('spending.ts');
  expect(await lane.run('syncEntities', 'demo')).toEqual([]);
  return sandbox;
}

test('a card: bad input is refused beside each field; a valid edit PATCHes; remove-all sends null', async ({
  lane,
}) => {
  const sandbox = await ready(lane);
  const card = [...sandbox.world.cards.values()].find((c) => !c.cardGroupId && c.status === 'active');
  if (!card) throw new Error('the seed has no active card outside a group');
  await http(sandbox, 'PATCH', `/card/${card.id}`, {
    spendingConstraint: { countryRule: { countries: ['US'], restriction: 'allowlist' } },
  });
  expect(await lane.run('syncEntities', 'demo')).toEqual([]);
  const now = sandbox.world.clock.now();
  await lane.run('mount', 'demo', 'card', card.id, true, now);
  const page = lane.page;
  const editor = page.getByRole('form', { name: /Spending constraint of card/ });
  await expect(editor).toBeVisible();
  await expect(page.locator('#effective')).toContainText('Countries: only in United States (US).');

  // Bad input: a malformed MCC, a start date after today in the limit's zone, min > max.
  await editor.getByLabel('Add a merchant category code').fill('58a2');
  await editor.getByLabel('Add a merchant category code').press('Enter');
  await editor.getByRole('button', { name: 'Add a limit' }).click();
  await editor.getByLabel('Amount', { exact: true }).fill('250');
  await editor.getByLabel('Period').selectOption('weekly');
  await editor.getByLabel('Time zone').fill('Pacific/Auckland');
  const tomorrowThere = addDays(dayIn(now, 'Pacific/Auckland'), 1);
  await editor.getByLabel('Start date (optional)').fill(tomorrowThere);
  await editor.getByLabel('Minimum (optional)').fill('50');
  await editor.getByLabel('Maximum (optional)').fill('20');
  const before = sandbox.requests.lastSeq;
  await editor.getByRole('button', { name: 'Save changes' }).click();

  await expect(editor.getByText('“58a2” is not a merchant category code')).toBeVisible();
  await expect(editor.getByText(`The start date ${tomorrowThere} is in the future`)).toBeVisible();
  await expect(editor.getByText('The maximum ($20.00) is below the minimum ($50.00)')).toBeVisible();
  await expect(editor.getByRole('alert').filter({ hasText: 'Nothing was sent' })).toBeVisible();
  // Each field's error is announced as it appears, as the form's is.
  await expect(
    editor.getByRole('alert').filter({ hasText: 'The maximum ($20.00) is below the minimum ($50.00)' }),
  ).toBeVisible();
  // Each message is tied to its field for assistive technology.
  await expect(editor.getByLabel('Maximum (optional)')).toHaveAttribute('aria-invalid', 'true');
  expect(writesTo(sandbox, `/card/${card.id}`, before)).toEqual([]);

  // Fixed: the bad MCC removed, the start today there, the maximum raised.
  await editor.getByRole('button', { name: /Remove 58a2/ }).click();
  await editor.getByLabel('Add a merchant category code').fill('5812');
  await editor.getByRole('button', { name: 'Add', exact: true }).nth(2).click();
  await editor.getByLabel('Start date (optional)').fill(dayIn(now, 'Pacific/Auckland'));
  await editor.getByLabel('Maximum (optional)').fill('200');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByText('The changes were saved.')).toBeVisible();

  expect(writesTo(sandbox, `/card/${card.id}`, before)).toEqual([
    { method: 'PATCH', path: `/card/${card.id}/spending-constraint`, status: 200 },
  ]);
  const server = await http<Card>(sandbox, 'GET', `/card/${card.id}`);
  expect(server.spendingConstraint).toEqual({
    countryRule: { countries: ['US'], restriction: 'allowlist' },
    merchantCategoryCodeRule: { merchantCategoryCodes: ['5812'], restriction: 'allowlist' },
    spendingRule: {
      utilizationLimitV2: [
        {
          limitAmount: { amountCents: 25_000 },
          preset: 'weekly',
          timezone: 'Pacific/Auckland',
          startDate: dayIn(now, 'Pacific/Auckland'),
        },
      ],
      transactionSizeLimit: { minimum: { amountCents: 5_000 }, maximum: { amountCents: 20_000 } },
    },
  });
  const cached = await lane.run<{ value: Card } | null>('cached', 'demo', 'card', card.id);
  expect(cached?.value.spendingConstraint).toEqual(server.spendingConstraint);
  await expect(page.locator('#effective')).toContainText('Merchant category codes: only with 5812 Restaurants.');

  // Remove everything: one PATCH of the card with spendingConstraint null.
  const beforeRemove = sandbox.requests.lastSeq;
  await editor.getByRole('button', { name: 'Remove every constraint' }).click();
  await page
    .getByRole('dialog', { name: 'Remove every constraint?' })
    .getByRole('button', { name: 'Remove all' })
    .click();
  await expect(editor.getByText('Every constraint was removed.')).toBeVisible();
  expect(writesTo(sandbox, `/card/${card.id}`, beforeRemove)).toEqual([
    { method: 'PATCH', path: `/card/${card.id}`, status: 200 },
  ]);
  expect((await http<Card>(sandbox, 'GET', `/card/${card.id}`)).spendingConstraint).toBeUndefined();
  await expect(page.locator('#effective')).toContainText('No spending rules');
});

test('a group: "Replace all" PUTs the whole constraint; offline the editor is read-only and says why', async ({
  lane,
}) => {
  const sandbox = await ready(lane);
  const group = await http<CardGroup>(sandbox, 'POST', '/card-group', {
    name: 'Spending lane',
    virtualAccountId: sandbox.world.primaryVirtualAccountId,
    spendingConstraint: {
      merchantRule: { merchants: ['Uber'], restriction: 'blacklist' },
      countryRule: { countries: ['DE'], restriction: 'allowlist' },
    },
  });
  expect(await lane.run('syncEntities', 'demo')).toEqual([]);
  const now = sandbox.world.clock.now();

  await lane.run('mount', 'demo', 'group', group.id, false, now);
  const offline = lane.page.getByRole('form', { name: /Spending constraint of group/ });
  await expect(offline.getByText('Offline: constraints can be changed only while connected')).toBeVisible();
  await expect(offline.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expect(offline.getByLabel('Add a merchant', { exact: true })).toBeDisabled();

  await lane.run('mount', 'demo', 'group', group.id, true, now);
  const editor = lane.page.getByRole('form', { name: /Spending constraint of group/ });
  await editor.getByRole('button', { name: /Remove Germany/ }).click();
  await editor.getByLabel('Add a country').selectOption('FR');
  await editor.getByRole('button', { name: 'Add', exact: true }).nth(3).click();
  await editor.getByLabel(/Replace all/).check();
  const before = sandbox.requests.lastSeq;
  await editor.getByRole('button', { name: 'Replace constraint' }).click();
  await expect(editor.getByText('The constraint was replaced.')).toBeVisible();
  expect(writesTo(sandbox, `/card-group/${group.id}`, before)).toEqual([
    { method: 'PUT', path: `/card-group/${group.id}/spending-constraint`, status: 200 },
  ]);
  expect((await http<CardGroup>(sandbox, 'GET', `/card-group/${group.id}`)).spendingConstraint).toEqual({
    merchantRule: { merchants: ['Uber'], restriction: 'blacklist' },
    countryRule: { countries: ['FR'], restriction: 'allowlist' },
  });

  // Remove all: one PATCH of the group with null; the cached group keeps what that answer omits.
  const beforeRemove = sandbox.requests.lastSeq;
  await editor.getByRole('button', { name: 'Remove every constraint' }).click();
  await lane.page
    .getByRole('dialog', { name: 'Remove every constraint?' })
    .getByRole('button', { name: 'Remove all' })
    .click();
  await expect(editor.getByText('Every constraint was removed.')).toBeVisible();
  expect(writesTo(sandbox, `/card-group/${group.id}`, beforeRemove)).toEqual([
    { method: 'PATCH', path: `/card-group/${group.id}`, status: 200 },
  ]);
  const cached = await lane.run<{ value: CardGroup } | null>('cached', 'demo', 'cardGroup', group.id);
  expect(cached?.value.spendingConstraint ?? undefined).toBeUndefined();
  expect(cached?.value.virtualAccountId).toBe(sandbox.world.primaryVirtualAccountId);
});

test('the purchase check predicts offline, names the rule, and shows whether the sandbox agreed; meters show the limit', async ({
  lane,
}) => {
  const sandbox = await ready(lane);
  const card = [...sandbox.world.cards.values()].find((c) => !c.cardGroupId && c.status === 'active' && !c.isSingleUse);
  if (!card) throw new Error('the seed has no active reusable card outside a group');
  await http(sandbox, 'PATCH', `/card/${card.id}`, {
    spendingConstraint: {
      countryRule: { countries: ['US'], restriction: 'allowlist' },
      spendingRule: {
        utilizationLimitV2: [{ limitAmount: { amountCents: 10_000 }, preset: 'daily', timezone: 'UTC' }],
      },
    },
  });
  await lane.page.exposeFunction(
    'simulateInSandbox',
    (p: { merchantName: string; mcc: string; country: string; amountCents: number }) =>
      http<{ approved: boolean; declineReason?: string }>(sandbox, 'POST', '/__sandbox/authorizations', {
        cardId: card.id,
        ...p,
      }).then((r) => ({ approved: r.approved, declineReason: r.declineReason })),
  );
  await lane.open('spending.ts');
  const mount = async () => {
    const read = await http<Card>(sandbox, 'GET', `/card/${card.id}`);
    const txs = await http<{ items: unknown[] }>(sandbox, 'GET', `/transaction?filter%3AcardId=${card.id}`);
    const va = await http<{ balance: { amountCents: number } }>(
      sandbox,
      'GET',
      `/virtual-account/${read.virtualAccountId}`,
    );
    const merchants = await http<{ items: unknown[] }>(sandbox, 'GET', '/merchant');
    await lane.run(
      'mountCheck',
      read,
      null,
      txs.items,
      merchants.items,
      va.balance.amountCents,
      sandbox.world.clock.now(),
    );
  };
  await mount();
  const form = lane.page.getByRole('form', { name: 'Would this purchase go through?' });

  // Bad input: nothing is predicted, each field says what is wrong.
  await form.getByLabel('Merchant category code').fill('58');
  await form.getByRole('button', { name: 'Check' }).click();
  await expect(form.getByText('Type the merchant’s name')).toBeVisible();
  await expect(form.getByText('“58” is not a merchant category code')).toBeVisible();
  await expect(form.getByText('Type the amount')).toBeVisible();

  await form.getByLabel('Merchant', { exact: true }).fill('Uber');
  await form.getByLabel('Merchant category code').fill('4121');
  await form.getByLabel('Country').selectOption('CA');
  await form.getByLabel('Amount (USD)').fill('12.00');
  await form.getByRole('button', { name: 'Check' }).click();
  await expect(form.getByText('Would be declined: $12.00 at Uber')).toBeVisible();
  await expect(
    form.getByText(/country rule allows only in United States \(US\); this purchase is in Canada \(CA\)/),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Try it in the sandbox' }).click();
  await expect(
    form.getByText('The sandbox declined it (country_not_allowed): it agrees with the prediction.'),
  ).toBeVisible();

  await form.getByLabel('Country').selectOption('US');
  await form.getByLabel('Amount (USD)').fill('80');
  await form.getByRole('button', { name: 'Check' }).click();
  await expect(form.getByText('Would go through: $80.00 at Uber')).toBeVisible();
  await form.getByRole('button', { name: 'Try it in the sandbox' }).click();
  await expect(form.getByText('The sandbox approved it: it agrees with the prediction.')).toBeVisible();

  // With the approved $80 read back, the daily meter and the next check see it.
  await mount();
  await expect(lane.page.locator('#meters')).toContainText('$80.00 spent of $100.00 · $20.00 left · resets');
  await form.getByLabel('Merchant', { exact: true }).fill('Uber');
  await form.getByLabel('Merchant category code').fill('4121');
  await form.getByLabel('Amount (USD)').fill('30');
  await form.getByRole('button', { name: 'Check' }).click();
  await expect(
    form.getByText(/limit of \$100.00 a day .* has \$20.00 left \(\$80.00 spent\); \$30.00 would exceed it/),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Try it in the sandbox' }).click();
  await expect(
    form.getByText('The sandbox declined it (spending_limit_exceeded): it agrees with the prediction.'),
  ).toBeVisible();
});

test('the merchant picker searches the cache offline and the service online, keeping what it finds', async ({
  lane,
}) => {
  const sandbox = await ready(lane);
  const merchant = [...sandbox.world.merchants.values()][0];
  if (!merchant) throw new Error('the seed has no merchant');
  await lane.run('removeMerchant', 'demo', merchant.id);
  const fragment = merchant.name.slice(0, 4);

  const searchesBefore = sandbox.requests.all({ path: '/merchant' }).length;
  await lane.run('mountPicker', 'demo', false);
  await expect(lane.page.getByText(/Offline: suggestions come from \d+ cached merchants/)).toBeVisible();
  await lane.page.getByLabel('Add a merchant').fill(fragment);
  // Offline nothing is asked: past the 300 ms after typing at which a search would start (the
  // page's timers moved on its clock, no waiting), the removed merchant stays out of the cache. A
  // request that left late would still be counted below, once the online one has been answered.
  await lane.clock.advance(1_000);
  expect(sandbox.requests.all({ path: '/merchant' }).length).toBe(searchesBefore);
  expect(await lane.run('cached', 'demo', 'merchant', merchant.id)).toBeNull();

  await lane.run('mountPicker', 'demo', true);
  await lane.page.getByLabel('Add a merchant').fill(fragment);
  await expect.poll(() => lane.run('cached', 'demo', 'merchant', merchant.id)).not.toBeNull();
  expect(sandbox.requests.all({ path: '/merchant' }).length).toBe(searchesBefore + 1);
  await expect(lane.page.locator('datalist option', { hasText: merchant.name }).first()).toBeAttached();
});

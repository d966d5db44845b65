import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openSection, syncedDemo, syncUntil } from './harness/flows';
import { authorize, cardDetail as detail, openCard, openCardTab, serviceCall as api } from './harness/cards';
import { PINNED_NOON } from './harness/clock';
import { spentIn, type RefTransaction } from '../support/spending-reference';
import { localDay, localDayStart } from '../support/zoned-calendar-reference';
import { dollars } from './harness/text';

/**
 * Spending controls through the Cards screen against the Demo's sandbox: allowlists of countries
 * and MCCs decline a foreign or wrong-category purchase, a daily limit fills up and declines,
 * and the offline "would this go through?" says so first. Every clock starts at noon UTC of a
 * fixed day (the limit is daily in UTC), so no period boundary falls inside the test.
 */
const START = PINNED_NOON;
test.use({ session: { now: START, demo: { seed: 7, transactions: 300 } } });

/** Opens the Cards screen, then the card named `name` on its Controls tab. */
async function openCardsAt(page: Page, name: string) {
  await openSection(page, 'Cards');
  await openCard(page, name);
  await openCardTab(page, 'Controls');
}

/** Syncs until a purchase at `merchant` is in the cache (the Transactions screen finds it). */
async function syncedPurchase(page: Page, merchant: string) {
  await openSection(page, 'Transactions');
  await syncUntil(page, async () => {
    await page.getByLabel('Search transactions').fill(merchant);
    await expect(
      page.getByRole('grid', { name: 'Transactions' }).getByRole('row').filter({ hasText: merchant }).first(),
    ).toBeVisible({ timeout: 2_000 });
  });
}

async function addLimit(page: Page, l: { amount: string; preset: string; zone: string }) {
  const editor = detail(page).getByRole('form', { name: /Spending constraint of card/ });
  await editor.getByRole('button', { name: 'Add a limit' }).click();
  await editor.getByLabel('Amount', { exact: true }).fill(l.amount);
  await editor.getByLabel('Period').selectOption(l.preset);
  await editor.getByLabel('Time zone').fill(l.zone);
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByText('The changes were saved.')).toBeVisible();
}

async function predict(page: Page, p: { merchant: string; mcc: string; country: string; amount: string }) {
  const form = detail(page).getByRole('form', { name: 'Would this purchase go through?' });
  await form.getByLabel('Merchant', { exact: true }).fill(p.merchant);
  await form.getByLabel('Merchant category code').fill(p.mcc);
  await form.getByLabel('Country').selectOption(p.country);
  await form.getByLabel('Amount (USD)').fill(p.amount);
  await form.getByRole('button', { name: 'Check' }).click();
  return form;
}

test('allowlists and a daily limit: predicted offline, then declined by the service, and the limit fills up', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const card = [...sandbox.world.cards.values()].find((c) => c.name === 'Hardware Purchases');
  if (!card) throw new Error('no Hardware Purchases card in the Demo');
  await openSection(page, 'Cards');
  await page.getByRole('group', { name: 'Card filters' }).getByLabel('Search').fill('Hardware');
  await page.getByRole('grid', { name: 'Cards' }).getByRole('row').filter({ hasText: 'Hardware Purchases' }).click();
  await openCardTab(page, 'Controls');
  const editor = detail(page).getByRole('form', { name: /Spending constraint of card/ });

  // Only in the US, only MCC 5734 (computer software stores), at most $50.00 a day (UTC).
  const country = editor.getByLabel('Add a country');
  await country.selectOption('US');
  await country
    .locator('xpath=ancestor::div[contains(@class,"spending-rule__add")]')
    .getByRole('button', { name: 'Add' })
    .click();
  await editor.getByLabel('Add a merchant category code').fill('5734');
  await editor.getByLabel('Add a merchant category code').press('Enter');
  await editor.getByRole('button', { name: 'Add a limit' }).click();
  await editor.getByLabel('Amount', { exact: true }).fill('50');
  await editor.getByLabel('Period').selectOption('daily');
  await editor.getByLabel('Time zone').fill('UTC');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByText('The changes were saved.')).toBeVisible();
  expect(sandbox.world.cards.get(card.id)?.spendingConstraint).toMatchObject({
    countryRule: { countries: ['US'], restriction: 'allowlist' },
    merchantCategoryCodeRule: { merchantCategoryCodes: ['5734'], restriction: 'allowlist' },
  });
  await expect(detail(page).getByText(/Countries: only in United States \(US\)/)).toBeVisible();

  // Offline, the card's own rules decide: a purchase in Canada, then one at a restaurant.
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  let form = await predict(page, { merchant: 'Adobe', mcc: '5734', country: 'CA', amount: '10' });
  await expect(form.getByText('Would be declined: $10.00 at Adobe')).toBeVisible();
  form = await predict(page, { merchant: 'Chipotle', mcc: '5812', country: 'US', amount: '10' });
  await expect(form.getByText('Would be declined: $10.00 at Chipotle')).toBeVisible();
  form = await predict(page, { merchant: 'Adobe', mcc: '5734', country: 'US', amount: '30' });
  await expect(form.getByText('Would go through: $30.00 at Adobe')).toBeVisible();
  await sandbox.resetFaults();
  await app.probeUntil('online');

  // The service agrees, purchase by purchase.
  expect(
    await authorize(sandbox, {
      cardId: card.id,
      amountCents: 1_000,
      merchantName: 'Adobe',
      mcc: '5734',
      country: 'CA',
    }),
  ).toMatchObject({ approved: false, declineReason: 'country_not_allowed' });
  expect(
    await authorize(sandbox, {
      cardId: card.id,
      amountCents: 1_000,
      merchantName: 'Chipotle',
      mcc: '5812',
      country: 'US',
    }),
  ).toMatchObject({ approved: false, declineReason: 'merchant_category_code_not_allowed' });
  expect(
    await authorize(sandbox, {
      cardId: card.id,
      amountCents: 3_000,
      merchantName: 'Adobe',
      mcc: '5734',
      country: 'US',
    }),
  ).toMatchObject({ approved: true });

  // Once the $30 is synced, the meter shows it and the next $30 is predicted to decline, as it is.
  await openSection(page, 'Transactions');
  await syncUntil(page, async () => {
    await page.getByLabel('Search transactions').fill('Adobe');
    await expect(
      page.getByRole('grid', { name: 'Transactions' }).getByRole('row').filter({ hasText: 'Adobe' }).first(),
    ).toBeVisible({ timeout: 2_000 });
  });
  await openSection(page, 'Cards');
  await page.getByRole('group', { name: 'Card filters' }).getByLabel('Search').fill('Hardware');
  await page.getByRole('grid', { name: 'Cards' }).getByRole('row').filter({ hasText: 'Hardware Purchases' }).click();
  await openCardTab(page, 'Controls');
  await expect(detail(page).getByRole('list', { name: 'Spending of this card against its limits' })).toContainText(
    '$30.00 spent of $50.00 · $20.00 left',
  );
  form = await predict(page, { merchant: 'Adobe', mcc: '5734', country: 'US', amount: '30' });
  await expect(form.getByText('Would be declined: $30.00 at Adobe')).toBeVisible();
  expect(
    await authorize(sandbox, {
      cardId: card.id,
      amountCents: 3_000,
      merchantName: 'Adobe',
      mcc: '5734',
      country: 'US',
    }),
  ).toMatchObject({ approved: false, declineReason: 'spending_limit_exceeded' });
  expect(
    await authorize(sandbox, {
      cardId: card.id,
      amountCents: 2_000,
      merchantName: 'Adobe',
      mcc: '5734',
      country: 'US',
    }),
  ).toMatchObject({ approved: true });
});

test('a group’s limit counts the purchases a card made before it joined, in the meter, the check and the service', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const card = [...sandbox.world.cards.values()].find((c) => c.status === 'active' && !c.cardGroupId && !c.isSingleUse);
  if (!card) throw new Error('no active card outside a group in the Demo');
  // A group with a $100.00 daily limit (UTC), made at the service; the card spends $60.00 before it joins.
  await api(sandbox, 'POST', '/card-group', {
    name: 'Field team',
    spendingConstraint: {
      spendingRule: { utilizationLimit: { limitAmount: { amountCents: 10_000 }, preset: 'daily', timezone: 'UTC' } },
    },
  });
  expect(
    await authorize(sandbox, {
      cardId: card.id,
      amountCents: 6_000,
      merchantName: 'Corner Shop',
      mcc: '5999',
      country: 'US',
    }),
  ).toMatchObject({ approved: true });
  await syncedPurchase(page, 'Corner Shop');

  await openSection(page, 'Cards');
  await openCard(page, card.name);
  const edits = detail(page).getByRole('group', { name: 'Edit the card' });
  await expect(
    edits.getByText(
      'The card’s purchases of the current periods move with it: they count toward the limits of the group it joins, and no longer toward those of the group it leaves.',
    ),
  ).toBeVisible();
  await edits.getByLabel('Group').selectOption({ label: 'Field team' });
  await edits.getByRole('button', { name: 'Move into group' }).click();
  await expect(edits.getByRole('status')).toHaveText('Moved into Field team.');

  // What the service counts for the group (the card's purchase from before it joined), the app's meter counts too.
  const service = await api<{ spend: { amountCents: number } }>(
    sandbox,
    'GET',
    `/card-group/${card.cardGroupId}/utilization`,
  );
  expect(service.spend.amountCents).toBe(6_000);
  await openCardTab(page, 'Controls');
  await expect(
    detail(page).getByText(/purchases made before it joined included; a card that leaves takes its purchases with it/),
  ).toBeVisible();
  await expect(
    detail(page).getByRole('list', { name: 'Spending of the group Field team against its limits' }),
  ).toContainText('$60.00 spent of $100.00 · $40.00 left');
  const form = await predict(page, { merchant: 'Corner Shop', mcc: '5999', country: 'US', amount: '50' });
  await expect(form.getByText('Would be declined: $50.00 at Corner Shop')).toBeVisible();
  await expect(
    form.getByText(/The group “Field team”’s limit of \$100.00 a day .* has \$40.00 left \(\$60.00 spent\)/),
  ).toBeVisible();
  expect(
    await authorize(sandbox, {
      cardId: card.id,
      amountCents: 5_000,
      merchantName: 'Corner Shop',
      mcc: '5999',
      country: 'US',
    }),
  ).toMatchObject({ approved: false, declineReason: 'spending_limit_exceeded' });
  expect(
    await authorize(sandbox, {
      cardId: card.id,
      amountCents: 4_000,
      merchantName: 'Corner Shop',
      mcc: '5999',
      country: 'US',
    }),
  ).toMatchObject({ approved: true });
});

test('a disputed purchase counts toward a limit, as the meter says and the service counts', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const disputes = await api<{ items: RefTransaction[] }>(
    sandbox,
    'GET',
    '/transaction?filter:detailed_status=dispute',
  );
  const disputed = disputes.items
    .map((t) => sandbox.world.cards.get(t.cardId ?? ''))
    .find((c) => c?.status === 'active');
  if (!disputed) throw new Error('no disputed purchase on an active card in the Demo');
  await openCardsAt(page, disputed.name);
  await addLimit(page, { amount: '1000000', preset: 'collective', zone: 'UTC' });

  // Expected from the service's transactions with docs/features/cards.md's reading (tests/support), never with the app's.
  const txs: RefTransaction[] = [];
  for (let cursor: string | undefined, first = true; first || cursor; first = false) {
    const batch = await api<{ items: RefTransaction[]; metadata: { nextCursor?: string } }>(
      sandbox,
      'GET',
      `/transaction?filter:cardId=${disputed.id}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    txs.push(...batch.items);
    cursor = batch.metadata.nextCursor;
  }
  const spent = spentIn(txs, {});
  const withoutDisputes = spentIn(
    txs.filter((t) => t.detailedStatus !== 'dispute'),
    {},
  );
  expect(spent).toBeGreaterThan(withoutDisputes);
  await expect(detail(page).getByRole('list', { name: 'Spending of this card against its limits' })).toContainText(
    `${dollars(spent)} spent of $1,000,000.00`,
  );
  await expect(
    detail(page).getByText(
      'Counted: card purchases that are pending, settled or disputed, in the period they were authorized.',
      { exact: false },
    ),
  ).toBeVisible();
  const service = await api<{ spend: { amountCents: number } }>(
    sandbox,
    'GET',
    disputed.cardGroupId ? `/card-group/${disputed.cardGroupId}/utilization` : `/card/${disputed.id}/utilization`,
  );
  if (!disputed.cardGroupId) expect(service.spend.amountCents).toBe(spent);
});

test.describe('an hour before a midnight the clock skips', () => {
  // 23:30 on 7 March 2026 in Havana, whose 8 March begins at 01:00 (05:00 UTC): every clock (the
  // page's, main's, the Demo's) starts there and runs on, minutes at most before the test ends.
  const HAVANA = Date.parse('2026-03-08T04:30:00.000Z');
  test.use({ session: { now: HAVANA, demo: { seed: 7, transactions: 300 } } });

  test('a daily limit in America/Havana counts the purchase and resets when the next day begins', async ({ app }) => {
    const sandbox = await syncedDemo(app);
    const { page } = app;
    const card = [...sandbox.world.cards.values()].find((c) => c.name === 'Hardware Purchases');
    if (!card) throw new Error('no Hardware Purchases card in the Demo');
    await openCardsAt(page, 'Hardware Purchases');
    await addLimit(page, { amount: '50', preset: 'daily', zone: 'America/Havana' });
    expect(
      await authorize(sandbox, {
        cardId: card.id,
        amountCents: 3_000,
        merchantName: 'Corner Shop',
        mcc: '5999',
        country: 'US',
      }),
    ).toMatchObject({ approved: true });
    await syncedPurchase(page, 'Corner Shop');
    await openCardsAt(page, 'Hardware Purchases');

    const reset = localDayStart(localDay(HAVANA, 'America/Havana') + 1, 'America/Havana');
    const resetWords = `${new Date(reset).toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;
    expect(resetWords).toBe('Mar 8, 2026, 5:00 AM UTC');
    await expect(detail(page).getByRole('list', { name: 'Spending of this card against its limits' })).toContainText(
      `$30.00 spent of $50.00 · $20.00 left · resets ${resetWords}`,
    );
    const form = await predict(page, { merchant: 'Corner Shop', mcc: '5999', country: 'US', amount: '30' });
    await expect(form.getByText('Would be declined: $30.00 at Corner Shop')).toBeVisible();
    expect(
      await authorize(sandbox, {
        cardId: card.id,
        amountCents: 3_000,
        merchantName: 'Corner Shop',
        mcc: '5999',
        country: 'US',
      }),
    ).toMatchObject({ approved: false, declineReason: 'spending_limit_exceeded' });
    const service = await api<{ nextResetDate: string }>(
      sandbox,
      'GET',
      card.cardGroupId ? `/card-group/${card.cardGroupId}/utilization` : `/card/${card.id}/utilization`,
    );
    if (!card.cardGroupId) expect(service.nextResetDate).toBe(new Date(reset).toISOString());
  });
});

import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openSection, syncedDemo } from './harness/flows';
import { authorize, noonTodayUtc } from './harness/cards';

/**
 * Spending controls through the Cards screen against the Demo's sandbox: allowlists of countries
 * and MCCs decline a foreign or wrong-category purchase, a daily limit fills up and declines,
 * and the offline "would this go through?" says so first. The Demo starts at noon UTC of the run
 * (the limit is daily in UTC), so no period boundary falls inside the test.
 */
const START = noonTodayUtc();
test.use({ session: { demo: { seed: 7, transactions: 300, startAt: START } } });

const detail = (page: Page) => page.getByRole('region', { name: 'Card details' });


async function predict(page: Page, p: { merchant: string; mcc: string; country: string; amount: string }) {
  const form = detail(page).getByRole('form', { name: 'Would this purchase go through?' });
  await form.getByLabel('Merchant', { exact: true }).fill(p.merchant);
  await form.getByLabel('Merchant category code').fill(p.mcc);
  await form.getByLabel('Country').selectOption(p.country);
  await form.getByLabel('Amount (USD)').fill(p.amount);
  await form.getByRole('button', { name: 'Check' }).click();
  return form;
}

test('allowlists and a daily limit: predicted offline, then declined by the service, and the limit fills up', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const card = [...sandbox.world.cards.values()].find((c) => c.name === 'Hardware Purchases');
  if (!card) throw new Error('no Hardware Purchases card in the Demo');
  await openSection(page, 'Cards');
  await page.getByRole('group', { name: 'Card filters' }).getByLabel('Search').fill('Hardware');
  await page.getByRole('grid', { name: 'Cards' }).getByRole('row').filter({ hasText: 'Hardware Purchases' }).click();
  const editor = detail(page).getByRole('form', { name: /Spending constraint of card/ });

  // Only in the US, only MCC 5734 (computer software stores), at most $50.00 a day (UTC).
  const country = editor.getByLabel('Add a country');
  await country.selectOption('US');
  await country.locator('xpath=ancestor::div[contains(@class,"spending-rule__add")]').getByRole('button', { name: 'Add' }).click();
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
  expect(await authorize(sandbox, { cardId: card.id, amountCents: 1_000, merchantName: 'Adobe', mcc: '5734', country: 'CA' })).toMatchObject({ approved: false, declineReason: 'country_not_allowed' });
  expect(await authorize(sandbox, { cardId: card.id, amountCents: 1_000, merchantName: 'Chipotle', mcc: '5812', country: 'US' })).toMatchObject({ approved: false, declineReason: 'merchant_category_code_not_allowed' });
  expect(await authorize(sandbox, { cardId: card.id, amountCents: 3_000, merchantName: 'Adobe', mcc: '5734', country: 'US' })).toMatchObject({ approved: true });

  // Once the $30 is synced, the meter shows it and the next $30 is predicted to decline, as it is.
  await openSection(page, 'Transactions');
  await expect(async () => {
    const syncNow = page.getByRole('button', { name: 'Sync now' });
    if (await syncNow.isVisible()) await syncNow.click({ timeout: 1_000 }).catch(() => undefined);
    await expect(page.getByText(/Up to date as of/)).toBeVisible({ timeout: 5_000 });
    await page.getByLabel('Search transactions').fill('Adobe');
    await expect(page.getByRole('grid', { name: 'Transactions' }).getByRole('row').filter({ hasText: 'Adobe' }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await openSection(page, 'Cards');
  await page.getByRole('group', { name: 'Card filters' }).getByLabel('Search').fill('Hardware');
  await page.getByRole('grid', { name: 'Cards' }).getByRole('row').filter({ hasText: 'Hardware Purchases' }).click();
  await expect(detail(page).getByRole('list', { name: 'Spending of this card against its limits' })).toContainText('$30.00 spent of $50.00 · $20.00 left');
  form = await predict(page, { merchant: 'Adobe', mcc: '5734', country: 'US', amount: '30' });
  await expect(form.getByText('Would be declined: $30.00 at Adobe')).toBeVisible();
  expect(await authorize(sandbox, { cardId: card.id, amountCents: 3_000, merchantName: 'Adobe', mcc: '5734', country: 'US' })).toMatchObject({ approved: false, declineReason: 'spending_limit_exceeded' });
  expect(await authorize(sandbox, { cardId: card.id, amountCents: 2_000, merchantName: 'Adobe', mcc: '5734', country: 'US' })).toMatchObject({ approved: true });
});

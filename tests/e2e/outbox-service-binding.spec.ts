import { startSandbox, type Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { draftTransfer, saveLiveProfile, openSection, startDemo } from './harness/flows';

// An approval is for one service. A transfer approved while the profile pointed at staging is
// not sent to production after the address changes: it goes back to a person, who reads why.

let staging: Sandbox;
let production: Sandbox;
test.beforeAll(async () => {
  // One seed: the same accounts on both, as a staging copy of production would have.
  staging = await startSandbox({ seed: 21, transactions: 20, startAt: PINNED_NOON });
  production = await startSandbox({ seed: 21, transactions: 20, startAt: PINNED_NOON });
});
test.afterAll(async () => {
  await staging.close();
  await production.close();
});

const moved = (s: Sandbox) => s.world.ledger.filter((e) => e.amountCents === 1_234).length;

test('approved for staging, the address changes to production: back to a person with the reason, nothing sent anywhere until approved again', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  await openSection(page, 'Settings');
  await saveLiveProfile(app, {
    name: 'Acme',
    baseUrl: staging.apiUrl,
    vaultUrl: staging.vaultUrl,
    apiKey: staging.apiKey,
  });
  const row = page.getByRole('row', { name: /^Acme/ });
  await expect(row).toContainText('System keychain');
  const profile = page.getByRole('combobox', { name: 'Profile' });
  const acme = (await profile.locator('option', { hasText: 'Acme' }).getAttribute('value')) ?? 'missing';
  await profile.selectOption(acme);
  await expect(profile).toHaveValue(acme);

  // Approved, held back by a paused sender.
  await openSection(page, 'Approvals');
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await expect(page.getByRole('button', { name: 'Resume sending' })).toBeVisible();
  const world = staging.world;
  const to = [...world.virtualAccounts.values()].find(
    (v) => v.id !== world.primaryVirtualAccountId && v.closedAt === null,
  );
  await draftTransfer(page, world.primaryVirtualAccountId, to?.id ?? '', '12.34');
  await openSection(page, 'Transfers');
  // Where it goes is in the item's "Technical details".
  await page.getByRole('region', { name: 'Awaiting approval' }).getByText('Technical details').click();
  const review = page.getByRole('definition').filter({ hasText: staging.apiUrl });
  await expect(review).toBeVisible();
  await page.getByRole('button', { name: /^Approve: Transfer \$12\.34/ }).click();
  await expect(page.getByRole('region', { name: 'Approved, to send' })).toContainText('Transfer $12.34');

  // The profile now points at production (its key with it).
  await openSection(page, 'Settings');
  await row.getByRole('button', { name: 'Edit Acme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit “Acme”' });
  await dialog.getByLabel('Service address (base URL)').fill(production.apiUrl);
  await dialog.getByLabel('Vault address (vault URL)').fill(production.vaultUrl);
  await dialog.getByLabel('API key for the new address').fill(production.apiKey);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await app.prompts.confirm(
    `Send the API key you typed for “Acme” to ${production.apiUrl} and ${production.vaultUrl}?`,
  );
  await expect(page.getByText('Saved the changes to “Acme”.')).toBeVisible();

  await openSection(page, 'Transfers');
  const waiting = page.getByRole('region', { name: 'Awaiting approval' });
  await expect(waiting).toContainText('Transfer $12.34');
  await expect(waiting).toContainText(
    `It was approved for ${staging.apiUrl.replace(/\/$/, '')}. This profile now sends to ${production.apiUrl.replace(/\/$/, '')}: approve it again to send it there.`,
  );
  await waiting.getByText('Technical details').click();
  await expect(page.getByRole('definition').filter({ hasText: production.apiUrl.replace(/\/$/, '') })).toBeVisible();

  // Sending resumes: nothing goes to either service while it waits for a person.
  await openSection(page, 'Approvals');
  await page.getByRole('button', { name: 'Resume sending' }).click();
  await expect(page.getByText(/Sending is on/)).toBeVisible();
  expect(moved(staging)).toBe(0);
  expect(moved(production)).toBe(0);

  // Approved again, for production: sent there once, never to staging.
  await openSection(page, 'Transfers');
  await page.getByRole('button', { name: /^Approve: Transfer \$12\.34/ }).click();
  await expect(page.getByRole('region', { name: 'Sent' })).toContainText('Transfer $12.34', { timeout: 20_000 });
  expect(moved(production)).toBe(1);
  expect(moved(staging)).toBe(0);
});

import { startSandbox, type Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { newItemForm, saveLiveProfile, openSection, startDemo, synced } from './harness/flows';

// A send in flight finishes against the profile it belongs to, whichever profile is on screen.

let live: Sandbox;
test.beforeAll(async () => {
  live = await startSandbox({ seed: 11, transactions: 50, startAt: PINNED_NOON });
});
test.afterAll(() => live.close());

test('switching profiles while a transfer is being sent: it completes against its own profile, the other sees nothing', async ({
  app,
}) => {
  // Two profiles, each synced, and a send in flight across the switch.
  test.slow();
  const { page } = app;
  await app.open();
  await startDemo(page);
  await synced(page);
  const demo = await app.demoSandbox();

  await openSection(page, 'Settings');
  await saveLiveProfile(app, { name: 'Acme live', baseUrl: live.apiUrl, vaultUrl: live.vaultUrl, apiKey: live.apiKey });
  await expect(page.getByRole('row', { name: /Acme live/ })).toBeVisible();
  const profile = page.getByRole('combobox', { name: 'Profile' });
  await profile.selectOption('demo');
  await expect(profile).toHaveValue('demo');
  const liveId = await profile.locator('option', { hasText: 'Acme live' }).getAttribute('value');

  const world = demo.world;
  const to = [...world.virtualAccounts.values()].find(
    (v) => v.id !== world.primaryVirtualAccountId && v.closedAt === null,
  );
  await openSection(page, 'Transfers');
  const form = await newItemForm(page, 'New transfer');
  await form.getByLabel('From').selectOption(world.primaryVirtualAccountId);
  await form.getByLabel('To').selectOption(to?.id ?? '');
  await form.getByLabel('Amount (USD)').fill('31.41');
  await form.getByRole('button', { name: 'Queue transfer' }).click();
  await demo.setFaults({ latencyMs: 2_500 });
  await page.getByRole('button', { name: /^Approve: Transfer \$31\.41/ }).click();
  await expect(page.getByRole('region', { name: 'Sending' })).toContainText('Transfer $31.41');

  const liveBefore = live.world.ledger.length;
  await profile.selectOption(liveId ?? '');
  await expect(profile).toHaveValue(liveId ?? 'missing');
  await expect.poll(() => demo.world.ledger.filter((e) => e.amountCents === 3_141).length).toBe(1);
  expect(live.world.ledger.length).toBe(liveBefore);
  await demo.resetFaults();

  await profile.selectOption('demo');
  await openSection(page, 'Approvals');
  await expect(page.getByRole('region', { name: 'Sent' })).toContainText('Transfer $31.41');
  expect(demo.world.ledger.filter((e) => e.amountCents === 3_141)).toHaveLength(1);
});

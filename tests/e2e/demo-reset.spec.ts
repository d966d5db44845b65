import { test, expect } from './fixtures';
import { expectedSearch } from './harness/expected';
import { openSection, startDemo, synced, updateNow } from './harness/flows';
import { resultSummary as summary, searchTransactions as search } from './harness/transactions';
import { count as fmt } from './harness/text';

test('Settings resets the Demo: a new service, the old cache forgotten, the new history synced', async ({ app }) => {
  // Syncs the Demo twice (before and after the reset).
  test.slow();
  const { page } = app;
  await app.open();
  await startDemo(page);
  await synced(page);
  await openSection(page, 'Transactions');
  const before = await app.demoSandbox();
  const initial = before.world.transactions.size;

  // Something only the old Demo has: a transfer made there (two transactions), synced.
  const world = before.world;
  const va = [...world.virtualAccounts.values()].find(
    (v) => v.id !== world.primaryVirtualAccountId && v.closedAt === null,
  );
  const res = await fetch(`${before.apiUrl}/transfer/virtual-account`, {
    method: 'POST',
    headers: { 'x-api-key': before.apiKey, 'content-type': 'application/json', 'x-idempotency-key': 'demo-reset-e2e' },
    body: JSON.stringify({ source: world.primaryVirtualAccountId, destination: va?.id, amountCents: 4_321 }),
  });
  expect(res.status).toBe(200);
  await updateNow(page);
  await expect(summary(page)).toContainText(`${fmt(initial + 2)} transactions`, { timeout: 90_000 });
  await search(page, '43.21');
  await expect(summary(page)).toContainText('2 transactions');

  await openSection(page, 'Settings');
  await expect(page.getByText(`sample history of ${fmt(initial)} transactions`)).toBeVisible();
  await page.getByLabel('Sample size').selectOption('3000');
  await page.getByRole('button', { name: 'Reset the Demo' }).click();
  await expect(page.getByText('The Demo now has 3,000 transactions. They are downloading')).toBeVisible();
  const after = await app.demoSandbox();
  expect(after.apiUrl).not.toBe(before.apiUrl);

  await openSection(page, 'Transactions');
  await synced(page);
  await search(page, '');
  await expect(summary(page)).toContainText('3,000 transactions');
  await search(page, '43.21');
  await expect(summary(page)).toContainText(
    `${fmt(expectedSearch(after, { text: '43.21' }).summary.count)} transaction`,
  );
});

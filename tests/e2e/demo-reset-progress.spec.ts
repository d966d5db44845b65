import { test, expect } from './fixtures';
import { openSection, startDemo, synced } from './harness/flows';

test('Reset the Demo shows its progress from the click until the new history is searchable', async ({ app }) => {
  test.slow();
  const { page } = app;
  await app.open();
  await startDemo(page);
  await synced(page);
  await openSection(page, 'Settings');
  await page.getByLabel('Sample size').selectOption('3000');
  await page.getByRole('button', { name: 'Reset the Demo' }).click();

  const line = page.locator('.demo-progress');
  // Rows of the total, a percentage and the time left, whichever stage it is in.
  await expect(line).toHaveText(
    /^(Preparing the sample|Planning the download|Downloading the history|Indexing for search|Checking for recent changes|Searchable): [\d,]+ of 3,000 transactions \(\d{1,3}%\)/,
  );
  await expect(line).toHaveAttribute('data-stage', 'done', { timeout: 90_000 });
  await expect(line).toHaveText('Searchable: 3,000 of 3,000 transactions (100%)');
  const sandbox = await app.demoSandbox();
  expect(sandbox.world.transactions.size).toBe(3_000);

  // Once searchable, the Transactions screen shows the result, not the reset's line.
  await openSection(page, 'Transactions');
  await expect(page.locator('.result-summary')).toContainText('3,000 transactions');
  await expect(line).toHaveCount(0);
});

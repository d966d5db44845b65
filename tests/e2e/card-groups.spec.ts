import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openSection, syncedDemo, synced, updateNow } from './harness/flows';
import { PINNED_NOON } from './harness/clock';

/** Card groups against the Demo's sandbox: the cached list by name offline, create, rename, read, its cards. */
const START = PINNED_NOON;
test.use({ session: { now: START, demo: { seed: 7, transactions: 300 } } });

const groupList = (page: Page) => page.getByRole('listbox', { name: 'Card groups' });
const detail = (page: Page) => page.getByRole('region', { name: 'Group details' });

test('groups: filter by name offline, create, rename, read again, and the cards of a group', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Card groups');
  await expect(page.getByText('4 of 4 shown')).toBeVisible();

  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await page.getByRole('searchbox', { name: 'Name' }).fill('TRA');
  await expect(page.getByText('1 of 4 shown · offline')).toBeVisible();
  await groupList(page)
    .getByRole('option', { name: /^Travel/ })
    .click();
  await expect(detail(page).getByRole('heading', { level: 2, name: 'Travel' })).toBeVisible();
  await expect(detail(page).getByRole('list', { name: 'Cards of the group' })).toContainText('Marketing Ads');
  await expect(detail(page).getByRole('list', { name: 'Cards of the group' }).getByRole('listitem')).toHaveCount(5);
  await expect(detail(page).getByRole('button', { name: 'Rename' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'New group' })).toBeDisabled();
  await sandbox.resetFaults();
  await app.probeUntil('online');

  // Back online, an update from the top bar reads the groups again.
  await updateNow(page);
  await synced(page);
  await expect(detail(page).getByLabel('Utilization from the service')).toContainText('Spent');

  const d = detail(page);
  await d.getByLabel('Name').fill('Travel & events');
  await d.getByRole('button', { name: 'Rename' }).click();
  await expect(d.getByRole('status')).toHaveText('Renamed to Travel & events.');
  expect([...sandbox.world.cardGroups.values()].find((g) => g.id === 'cg_00000dbe8a2b')?.name).toBe('Travel & events');

  // Changed at the service behind the app's back: "Refresh this group" brings it.
  const group = sandbox.world.cardGroups.get('cg_00000dbe8a2b');
  if (!group) throw new Error('no Travel group');
  group.name = 'Travel (renamed elsewhere)';
  await page.getByRole('searchbox', { name: 'Name' }).fill('');
  await d.getByRole('button', { name: 'Refresh this group' }).click();
  await expect(d.getByRole('heading', { level: 2, name: 'Travel (renamed elsewhere)' })).toBeVisible();

  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New card group' });
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog.getByText('Give the group a name')).toBeVisible();
  await dialog.getByLabel('Name').fill('Field sales');
  await dialog.getByLabel('Virtual account its cards spend from').selectOption({ label: 'Marketing' });
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog).toBeHidden();
  await expect(detail(page).getByRole('heading', { level: 2, name: 'Field sales' })).toBeVisible();
  await expect(detail(page)).toContainText('spends from Marketing');
  await expect(detail(page)).toContainText('No card is in this group.');
  await expect(page.getByText('5 of 5 shown')).toBeVisible();
  expect([...sandbox.world.cardGroups.values()].find((g) => g.name === 'Field sales')?.virtualAccountId).toBe(
    'va_000006f8d6ab',
  );
});

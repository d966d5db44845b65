import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { openSection, syncUntil, syncedDemo, synced, updateButton, updateNow } from './harness/flows';
import { authorize, cardDetail as detail, cardList as list, findCard, openCard, openCardTab } from './harness/cards';
import { PINNED_NOON } from './harness/clock';

/**
 * The Cards screen against the Demo's sandbox over real HTTP: the cached list read offline with
 * every filter, edits that reach the service (and nothing sent for bad input), bulk status
 * changes with a result per card, and what a simulated authorization does to a paused or a
 * single-use card. The Demo's clock is pinned, so nothing here depends on today's date.
 */
const START = PINNED_NOON;
test.use({ session: { now: START, demo: { seed: 7, transactions: 300 } } });

function cardId(sandbox: Sandbox, name: string): string {
  const card = [...sandbox.world.cards.values()].find((c) => c.name === name);
  if (!card) throw new Error(`no card named ${name} in the Demo`);
  return card.id;
}

/** Card writes the service received since `after` (the request log's sequence number). */
function cardWrites(sandbox: Sandbox, after: number) {
  return sandbox.requests.all({ after }).filter((r) => r.method !== 'GET' && r.path.startsWith('/card'));
}

/** The group-by-id select (its accessible name also carries the option shown). */
const groupSelect = (page: Page) =>
  page.getByRole('group', { name: 'Card filters' }).getByRole('combobox', { name: /^Group\b/ });

test('the cached card list filters, sorts and searches offline', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Cards');
  await expect(page.getByText('24 of 24 shown')).toBeVisible();

  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await expect(page.getByText(/24 of 24 shown · offline/)).toBeVisible();
  await expect(updateButton(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'New card' })).toBeDisabled();

  const filters = page.getByRole('group', { name: 'Card filters' });
  await filters.getByLabel('Search').fill('travel');
  await expect(page.getByText('3 of 24 shown')).toBeVisible();
  await expect(list(page).getByRole('row').filter({ hasText: 'Travel - Alice' })).toHaveCount(1);
  await filters.getByLabel('Search').fill('4145');
  await expect(page.getByText('1 of 24 shown')).toBeVisible();
  await expect(list(page).getByRole('row').filter({ hasText: 'Travel - Alice' })).toHaveCount(1);
  await filters.getByLabel('Search').fill('');

  await filters.getByLabel('Status').selectOption('paused');
  await expect(page.getByText('4 of 24 shown')).toBeVisible();
  await filters.getByLabel('Status').selectOption('');
  await groupSelect(page).selectOption({ label: 'Software' });
  await expect(page.getByText('5 of 24 shown')).toBeVisible();
  await filters.getByLabel('Virtual account').selectOption({ label: 'Travel' });
  await expect(page.getByText('0 of 24 shown')).toBeVisible();
  await expect(page.getByText('No card matches these filters.')).toBeVisible();
  await groupSelect(page).selectOption('');
  await filters.getByLabel('Virtual account').selectOption('');
  // The group by its name is the picker's job (the "Group name" field beside it is gone).
  await groupSelect(page).selectOption({ label: 'Meals' });
  await expect(page.getByText('5 of 24 shown')).toBeVisible();

  await filters.getByLabel('Sort').selectOption({ label: 'Name A–Z' });
  const rows = list(page).getByRole('row');
  // Header first, then Cloud Hosting, Customer Gifts, Design Tools, One-off Vendor Payment, Travel - Alice.
  await expect(rows.nth(1)).toContainText('Cloud Hosting');
  await filters.getByLabel('Sort').selectOption({ label: 'Name Z–A' });
  await expect(rows.nth(1)).toContainText('Travel - Alice');

  // A group by id and by name at once, which the service refuses, cannot be asked for any more:
  // one picker names the group.
  const before = sandbox.requests.all().at(-1)?.seq ?? 0;
  await sandbox.resetFaults();
  await app.probeUntil('online');
  await expect(page.getByText(/24 shown$/)).toBeVisible();
  await updateNow(page);
  await synced(page);
  // The service answers such a list with 400; the app's own syncs list cards without filters.
  expect(
    sandbox.requests.all({ after: before }).filter((r) => r.path === '/card' && r.status === 400),
    'no list asked with both group filters',
  ).toEqual([]);
});

test('an update from the top bar pages through the service’s cards with its cursor into the cache', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Cards');
  // The service renames a card and pages by 10: the screen learns both only from an update.
  (sandbox.world as { pageSize: number }).pageSize = 10;
  const alice = sandbox.world.cards.get(cardId(sandbox, 'Travel - Alice'));
  if (!alice) throw new Error('no Travel - Alice');
  alice.name = 'Travel - Alice (renamed)';
  const filters = page.getByRole('group', { name: 'Card filters' });
  await filters.getByLabel('Sort').selectOption({ label: 'Name A–Z' });
  const before = sandbox.requests.all().at(-1)?.seq ?? 0;
  await updateNow(page);
  await synced(page);
  await findCard(page, 'Travel - Alice (renamed)');
  await expect(page.getByLabel('Cards: saved list')).toContainText(' of 24 shown');
  // 24 cards by 10: three pages at least (a sync of the app's own may have run as well).
  const pages = sandbox.requests.all({ after: before }).filter((r) => r.path === '/card' && r.method === 'GET');
  expect(pages.length).toBeGreaterThanOrEqual(3);
});

test('pausing a card makes the next authorization decline, and the decline shows with its reason', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Cards');
  await openCard(page, 'Hardware Purchases');
  const d = detail(page);
  await d.getByLabel('Status').selectOption('paused');
  await d.getByRole('button', { name: 'Set status' }).click();
  await expect(d.getByRole('status').filter({ hasText: 'The card is paused now.' })).toBeVisible();
  const id = cardId(sandbox, 'Hardware Purchases');
  expect(sandbox.world.cards.get(id)?.status).toBe('paused');
  await expect(list(page).getByRole('row').filter({ hasText: 'Hardware Purchases' })).toContainText('Paused');

  const outcome = await authorize(sandbox, { cardId: id, amountCents: 4_200, merchantName: 'Amazon Web Services' });
  expect(outcome).toMatchObject({ approved: false, declineReason: 'card_not_active' });

  await openSection(page, 'Transactions');
  await syncUntil(page, async () => {
    await page.getByLabel('Search transactions').fill(outcome.transaction.id);
    await expect(
      page.getByRole('grid', { name: 'Transactions' }).getByRole('row').filter({ hasText: 'Amazon Web Services' }),
    ).toHaveCount(1, { timeout: 2_000 });
  });
  await page
    .getByRole('grid', { name: 'Transactions' })
    .getByRole('row')
    .filter({ hasText: 'Amazon Web Services' })
    .click();
  await expect(page.getByRole('region', { name: 'Transaction details' })).toContainText(
    'Declined becausethe card is not active',
  );
  await openSection(page, 'Cards');
  await openCard(page, 'Hardware Purchases');
  await openCardTab(page, 'Transactions');
  await expect(detail(page).getByRole('table')).toContainText('Amazon Web Services · declined: the card is not active');
  await expect(detail(page).getByRole('list', { name: 'Card events' })).toContainText('Authorization declined');
  await expect(detail(page).getByRole('list', { name: 'Card events' })).toContainText(
    'Declined: the card is not active',
  );
});

test('bulk pause says per card what happened', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Cards');
  for (const name of ['Engineering SaaS', 'Travel - Bob', 'Team Lunches']) {
    await findCard(page, name);
    await list(page)
      .getByRole('checkbox', { name: `Select ${name}` })
      .check();
  }
  const bar = page.getByRole('region', { name: 'Selected cards' });
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Pause selected' }).click();
  const results = bar.getByRole('list', { name: 'Results per card' });
  await expect(results).toContainText('Engineering SaaS •••• 8918: Paused.');
  await expect(results).toContainText('Travel - Bob •••• 9624: Skipped: is paused; only active cards can be paused.');
  await expect(results).toContainText('Team Lunches •••• 7862: Skipped: is closed; only active cards can be paused.');
  expect(sandbox.world.cards.get(cardId(sandbox, 'Engineering SaaS'))?.status).toBe('paused');

  await bar.getByRole('button', { name: 'Resume selected' }).click();
  await expect(results).toContainText('Engineering SaaS •••• 8918: Resumed.');
  await expect(results).toContainText('Travel - Bob •••• 9624: Resumed.');
  expect(sandbox.world.cards.get(cardId(sandbox, 'Travel - Bob'))?.status).toBe('active');
});

test('bad userData and a cancelled close send nothing; closing asks and is final', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Cards');
  await openCard(page, 'Recruiting');
  const d = detail(page);
  const before = sandbox.requests.all().at(-1)?.seq ?? 0;

  // userData sits with the card's ids, behind "Technical details".
  await d.getByText('Technical details').click();
  const json = d.getByLabel('userData (a JSON object)');
  await json.fill('[1, 2, 3]');
  await expect(d.getByText('userData must be a JSON object ({ … }), not a list.')).toBeVisible();
  await expect(d.getByRole('button', { name: 'Save userData' })).toBeDisabled();
  await json.fill('{"note": "');
  await expect(d.getByText(/Not valid JSON/)).toBeVisible();
  await json.fill(JSON.stringify({ note: 'x'.repeat(4_200) }));
  await expect(d.getByText(/userData is 4,211 bytes; the service keeps at most 4,096/)).toBeVisible();
  await expect(d.getByText('4,211 / 4,096 bytes')).toBeVisible();
  await expect(d.getByRole('button', { name: 'Save userData' })).toBeDisabled();

  await d.getByLabel('Status').selectOption('closed');
  await d.getByRole('button', { name: 'Set status' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close Recruiting?' });
  await expect(confirm).toContainText('is final');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(cardWrites(sandbox, before), 'nothing sent for bad input or a cancelled close').toEqual([]);

  await json.fill('{"costCenter": "R&D", "owner": "alice"}');
  await expect(d.getByText('36 / 4,096 bytes')).toBeVisible();
  await d.getByRole('button', { name: 'Save userData' }).click();
  await expect(d.getByRole('status').filter({ hasText: 'userData saved.' })).toBeVisible();
  expect(sandbox.world.cards.get(cardId(sandbox, 'Recruiting'))?.userData).toEqual({
    costCenter: 'R&D',
    owner: 'alice',
  });

  await d.getByLabel('Status').selectOption('closed');
  await d.getByRole('button', { name: 'Set status' }).click();
  await page.getByRole('dialog', { name: 'Close Recruiting?' }).getByRole('button', { name: 'Close the card' }).click();
  await expect(d.getByText('This card is closed: a closed card cannot be changed or reopened.')).toBeVisible();
  await expect(d.getByRole('button', { name: 'Rename' })).toBeDisabled();
  expect(sandbox.world.cards.get(cardId(sandbox, 'Recruiting'))?.status).toBe('closed');
});

test('a new single-use card closes after its first authorization', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Cards');
  await page.getByRole('button', { name: 'New card' }).click();
  const dialog = page.getByRole('dialog', { name: 'New virtual card' });
  await dialog.getByRole('button', { name: 'Create card' }).click();
  await expect(dialog.getByText('Give the card a name')).toBeVisible();
  await dialog.getByLabel('Name').fill('Vendor trial');
  await dialog.getByLabel('Card group (optional)').selectOption({ label: 'General' });
  await dialog.getByLabel(/Single use/).check();
  await dialog.getByRole('button', { name: 'Create card' }).click();
  await expect(dialog).toBeHidden();
  await expect(detail(page).getByRole('heading', { level: 2, name: 'Vendor trial' })).toBeVisible();
  await expect(detail(page)).toContainText('single use');
  const created = [...sandbox.world.cards.values()].find((c) => c.name === 'Vendor trial');
  expect(created).toMatchObject({ isSingleUse: true, status: 'active' });

  const outcome = await authorize(sandbox, {
    cardId: created?.id ?? '',
    amountCents: 1_500,
    merchantName: 'Amazon Web Services',
  });
  expect(outcome.approved).toBe(true);
  await updateNow(page);
  await findCard(page, 'Vendor trial');
  await expect(list(page).getByRole('row').filter({ hasText: 'Vendor trial' })).toContainText('Closed');
  await expect(detail(page).getByText('This card is closed')).toBeVisible();
});

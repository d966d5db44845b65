import { expect, type Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { PINNED_NOON } from './clock';
import type { Prompts } from './prompts';
import { openAccount } from './accounts';
import { cardDetail, openCard, openCardTab, type CardTab } from './cards';
import { newItemForm, openSection, saveLiveProfile } from './flows';
import { escapeRegExp } from './text';

/**
 * A walk through every screen and main detail of the synced Demo, showing its longest names:
 * what the layout and words checks look at. One page is reused; each stop is reached by
 * navigating as a person would.
 */

/** The longest of `names` (the first of equal ones). */
const longest = <T extends { name: string }>(items: Iterable<T>): T => {
  const sorted = [...items].sort((a, b) => b.name.length - a.name.length);
  if (!sorted[0]) throw new Error('the Demo seed has none of these');
  return sorted[0];
};

export interface TourNames {
  account: string;
  accountId: string;
  card: string;
  group: string;
}

/**
 * The Demo's longest names, and a transfer between its two longest-named open accounts and a
 * payment to its longest-named payee queued, so the queues, the inbox and the panels have rows
 * with them. Call once, after the first sync, on any screen.
 */
export async function prepareTour(page: Page, sandbox: Sandbox): Promise<TourNames> {
  const world = sandbox.world;
  const open = [...world.virtualAccounts.values()].filter((v) => v.closedAt === null);
  const from = longest(open);
  const to = longest(open.filter((v) => v.id !== from.id));
  const payee = [...world.svcHandles.values()]
    .filter((h) => h.id !== world.ownSvcHandleId)
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!payee) throw new Error('the Demo seed has no payee');

  await openSection(page, 'Transfers');
  const transfer = await newItemForm(page, 'New transfer');
  await transfer.getByLabel('From').selectOption(from.id);
  await transfer.getByLabel('To').selectOption(to.id);
  await transfer.getByLabel('Amount (USD)').fill('18,250.00');
  await transfer.getByRole('button', { name: 'Queue transfer' }).click();
  const awaiting = page.getByRole('region', { name: 'Awaiting approval' });
  await expect(awaiting.filter({ hasText: 'Transfer $18,250.00' })).toBeVisible();

  await openSection(page, 'Payments');
  const payment = await newItemForm(page, 'New payment');
  await payment.getByLabel(/^Pay\b/).fill(payee.svcHandle);
  await payment.getByLabel('Amount (USD)').fill('420.00');
  await payment.getByRole('button', { name: 'Queue payment' }).click();
  await expect(awaiting.filter({ hasText: 'Payment $420.00' })).toBeVisible();

  // Held, so the app-wide banner and each held item show as they do when a person pauses.
  await openSection(page, 'Approvals');
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await expect(page.getByRole('button', { name: 'Resume sending' })).toBeVisible();

  return {
    account: from.name,
    accountId: from.id,
    card: longest(world.cards.values()).name,
    group: longest(world.cardGroups.values()).name,
  };
}

/**
 * A live profile with a long name beside the Demo, for the Settings profiles table and its
 * actions; its service is a sandbox on this machine, closed by the returned function.
 */
export async function addLiveProfile(app: { page: Page; prompts: Prompts }): Promise<() => Promise<void>> {
  const live = await startSandbox({ seed: 13, transactions: 30, startAt: PINNED_NOON });
  const { apiUrl: baseUrl, vaultUrl, apiKey } = live;
  await openSection(app.page, 'Settings');
  await saveLiveProfile(app, { name: 'Acme Robotics Treasury – Operations', baseUrl, vaultUrl, apiKey });
  await expect(app.page.getByRole('form', { name: 'Add a live profile' }).getByText('Saved')).toBeVisible();
  return () => live.close();
}

/** Every stop of the tour, by name; `visit` runs at each once the stop is on screen. */
export async function tourScreens(page: Page, names: TourNames, visit: (stop: string) => Promise<void>): Promise<void> {
  // The pointer away from everything: a hover must not change what is measured.
  await page.mouse.move(0, 0);

  await openSection(page, 'Dashboard');
  await expect(page.getByRole('table', { name: 'Open virtual accounts' }).getByRole('row').nth(1)).toBeVisible();
  await visit('Dashboard');

  await openSection(page, 'Transactions');
  await expect(page.getByRole('grid', { name: 'Transactions' }).getByRole('row').nth(3)).toBeVisible();
  await visit('Transactions');
  // A transaction open: the list gives way to its detail, column by column.
  await page.getByRole('grid', { name: 'Transactions' }).getByRole('row').nth(1).click();
  const transaction = page.getByRole('region', { name: 'Transaction details' });
  await expect(transaction.getByRole('heading', { level: 2 })).toBeVisible();
  await visit('Transactions · a transaction open');
  await transaction.getByRole('button', { name: 'Close the transaction details' }).click();
  await expect(transaction).toBeHidden();

  await openSection(page, 'Accounts');
  await openAccount(page, names.account);
  await visit(`Accounts · ${names.account}`);

  await openSection(page, 'Cards');
  await expect(page.getByRole('grid', { name: 'Cards' }).getByRole('row').nth(1)).toBeVisible();
  await visit('Cards');
  await openCard(page, names.card);
  for (const tab of ['Overview', 'Transactions', 'Controls'] satisfies CardTab[]) {
    await expect(await openCardTab(page, tab)).toBeVisible();
    await visit(`Cards · ${names.card} · ${tab}`);
  }
  await cardDetail(page).getByRole('tab', { name: 'Overview' }).click();

  await openSection(page, 'Card groups');
  await page
    .getByRole('listbox', { name: 'Card groups' })
    .getByRole('option', { name: new RegExp(`^${escapeRegExp(names.group)}`) })
    .click();
  await expect(page.getByRole('region', { name: 'Group details' })).toBeVisible();
  await visit(`Card groups · ${names.group}`);

  await openSection(page, 'Transfers');
  const opener = page.getByRole('button', { name: 'New transfer', exact: true });
  if ((await opener.getAttribute('aria-expanded')) === 'true') await opener.click();
  await expect(page.getByRole('form', { name: 'New transfer' })).toBeHidden();
  await visit('Transfers');
  const form = await newItemForm(page, 'New transfer');
  await form.getByLabel('From').selectOption(names.accountId);
  await form.getByLabel('Amount (USD)').fill('1,250.00');
  await expect(form.getByTestId('balance-after').filter({ hasText: '$' })).toBeVisible();
  await visit('Transfers · New transfer');
  await page.keyboard.press('Escape');

  await openSection(page, 'Payments');
  const payOpener = page.getByRole('button', { name: 'New payment', exact: true });
  if ((await payOpener.getAttribute('aria-expanded')) === 'true') await payOpener.click();
  await expect(page.getByRole('form', { name: 'New payment' })).toBeHidden();
  await visit('Payments');
  await newItemForm(page, 'New payment');
  await visit('Payments · New payment');
  await page.keyboard.press('Escape');

  await openSection(page, 'Approvals');
  await expect(page.getByRole('region', { name: /^Waiting for approval/ })).toBeVisible();
  await visit('Approvals');

  await openSection(page, 'Directory');
  for (const tab of await page.getByRole('tablist', { name: 'Directory lists' }).getByRole('tab').all()) {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await visit(`Directory · ${(await tab.innerText()).trim()}`);
  }

  // Settings holds Webhooks too (Developer): the visit reads them with the rest.
  await openSection(page, 'Settings');
  await visit('Settings');
}

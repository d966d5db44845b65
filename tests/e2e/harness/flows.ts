import { expect, type Locator, type Page } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';
import type { Prompts } from './prompts';

/** Steps several tests share, written as a person would do them. */

/** `timeout`: for a Demo seeded with a large history (a million rows take ~10 s to seed before it answers). */
export async function startDemo(page: Page, timeout?: number): Promise<void> {
  await page.getByRole('button', { name: 'Try the Demo' }).click();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible(
    timeout === undefined ? {} : { timeout },
  );
  await expect(page.getByRole('status')).toHaveText('Online', timeout === undefined ? {} : { timeout });
}

/** The top bar's one data status ("Up to date · 10:42 AM", "Updating… ", "Couldn't update: ...") and its action. */
export const dataStatus = (page: Page): Locator => page.getByRole('group', { name: 'Data status' });

/** The top bar's "Update now" (or "Try again" after a failure): the app's one way to ask the bank again. */
export const updateButton = (page: Page): Locator =>
  dataStatus(page).getByRole('button', { name: /^(Update now|Try again)$/ });

/** Presses the top bar's update, waiting until it can be pressed (a sync of its own may be running). */
export async function updateNow(page: Page): Promise<void> {
  await expect(updateButton(page)).toBeEnabled({ timeout: 90_000 });
  await updateButton(page).click();
}

/** Waits until the profile on screen has synced ("Up to date · 10:42 AM" in the top bar). */
export async function synced(page: Page): Promise<void> {
  await expect(dataStatus(page)).toContainText(/^Up to date · /, { timeout: 90_000 });
}

/** The app on the Demo, its first sync done (the pickers and the search read the cache); returns the Demo's sandbox. */
export async function syncedDemo(app: {
  open(): Promise<void>;
  page: Page;
  demoSandbox(): Promise<Sandbox>;
}): Promise<Sandbox> {
  await app.open();
  await startDemo(app.page);
  await synced(app.page);
  return app.demoSandbox();
}

/** syncedDemo, then the Transactions screen: the app opens on the Dashboard. */
export async function syncedTransactions(app: Parameters<typeof syncedDemo>[0]): Promise<Sandbox> {
  const sandbox = await syncedDemo(app);
  await openSection(app.page, 'Transactions');
  return sandbox;
}

/**
 * Updates from the top bar until `shown` passes, on any screen. Coming online or a write may
 * start a sync of its own whose Cancel button takes the place of "Update now": press it
 * whenever it is there.
 */
export async function syncUntil(page: Page, shown: () => Promise<void>): Promise<void> {
  await expect(async () => {
    const update = updateButton(page);
    if (await update.isVisible()) await update.click({ timeout: 1_000 }).catch(() => undefined);
    await expect(dataStatus(page)).toContainText(/^Up to date · /, { timeout: 5_000 });
    await shown();
  }).toPass({ timeout: 90_000 });
}

/** A section's title, the screen's one level-1 heading. */
export const sectionHeading = (page: Page, name: string): Locator =>
  page.getByRole('heading', { level: 1, name, exact: true });

/** `timeout`: for a run outside the test runner (a bench, the screenshots), whose expect waits 5 s unless told. */
export async function openSection(page: Page, name: string, timeout?: number): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(timeout === undefined ? {} : { timeout });
}

/**
 * The "New transfer" or "New payment" form, in the side panel beside the queue on its screen:
 * opened with its button when it is closed, left as it is when it is open.
 */
export async function newItemForm(
  page: Page,
  label: 'New transfer' | 'New payment',
  timeout?: number,
): Promise<Locator> {
  const opener = page.getByRole('button', { name: label, exact: true });
  if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  const form = page.getByRole('form', { name: label });
  await expect(form).toBeVisible(timeout === undefined ? {} : { timeout });
  return form;
}

/** Queues a transfer between two virtual accounts (by id) from the Transfers form. */
export async function draftTransfer(page: Page, from: string, to: string, amount: string): Promise<void> {
  await openSection(page, 'Transfers');
  const form = await newItemForm(page, 'New transfer');
  await form.getByLabel('From').selectOption(from);
  await form.getByLabel('To').selectOption(to);
  await form.getByLabel('Amount (USD)').fill(amount);
  await form.getByRole('button', { name: 'Queue transfer' }).click();
}

export interface LiveProfileInput {
  name: string;
  baseUrl: string;
  vaultUrl: string;
  apiKey: string;
}

export async function fillLiveProfile(page: Page, p: LiveProfileInput): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a live profile' });
  await form.getByLabel('Name').fill(p.name);
  await form.getByLabel('Service address (base URL)').fill(p.baseUrl);
  await form.getByLabel('Vault address (vault URL)').fill(p.vaultUrl);
  await form.getByLabel('API key').fill(p.apiKey);
}

/**
 * Fills the live profile form and saves it: Save tests the connection first, and main asks in its
 * own window where the typed key goes, which this answers yes as the person would.
 */
export async function saveLiveProfile(app: { page: Page; prompts: Prompts }, p: LiveProfileInput): Promise<void> {
  await fillLiveProfile(app.page, p);
  await app.page.getByRole('form', { name: 'Add a live profile' }).getByRole('button', { name: 'Save' }).click();
  await app.prompts.confirm(`Send the API key you typed to ${p.baseUrl}`);
}

/**
 * The service is back: "Retry now" if the banner still offers it, then Online. Any call the app
 * makes meanwhile (a sync retry, the outbox sender) may clear the banner first, taking the
 * button with it, so a click that finds no button is not a failure; being Online is the check.
 */
export async function retryUntilOnline(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: 'Retry now' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(page.getByRole('status')).toHaveText('Online');
}

/**
 * The CSV import of Transfers or Payments, in its own side panel beside the queue: opened with
 * its button ("Import from CSV", beside "New transfer") when it is closed, left as it is when open.
 */
export async function openImport(page: Page, kind: 'transfer' | 'payment'): Promise<Locator> {
  const opener = page.getByRole('button', { name: 'Import from CSV', exact: true });
  if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  const panel = page.getByRole('region', { name: `Import ${kind}s`, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** The history of what was sent, under the queue of Transfers or Payments. */
export const sentHistory = (page: Page, kind: 'transfer' | 'payment'): Locator =>
  page.getByRole('region', { name: kind === 'transfer' ? 'Transfer history' : 'Payment history', exact: true });

/** Sends without approval up to `dollars` (Settings): a transfer at or under it goes as soon as it is queued. */
export async function approveUpTo(page: Page, dollars: string): Promise<void> {
  await openSection(page, 'Settings');
  await page.getByLabel('Amount (USD)').fill(dollars);
  await page.getByRole('button', { name: 'Use this amount' }).click();
  await expect(page.getByText(`(now $${dollars}`)).toBeVisible();
}

import { expect, type Page } from '@playwright/test';

/** Steps several tests share, written as a person would do them. */

export async function startDemo(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Try the Demo' }).click();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Online');
}

export async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Queues a transfer between two virtual accounts (by id) from the Transfers form. */
export async function draftTransfer(page: Page, from: string, to: string, amount: string): Promise<void> {
  await openSection(page, 'Transfers');
  const form = page.getByRole('form', { name: 'New transfer' });
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

import { expect, type Locator, type Page } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';

export interface Authorization {
  cardId: string;
  amountCents: number;
  merchantName?: string;
  mcc?: string;
  country?: string;
}

/** The sandbox's answer to an API call, as any client gets it (over HTTP, with the profile's key). */
export async function serviceCall<T>(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: { 'x-api-key': sandbox.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A purchase at the card network, as the sandbox's admin route simulates it (over HTTP). */
export async function authorize(
  sandbox: Sandbox,
  body: Authorization,
): Promise<{ approved: boolean; declineReason?: string; transaction: { id: string } }> {
  const res = await fetch(`${sandbox.apiUrl}/__sandbox/authorizations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { approved: boolean; declineReason?: string; transaction: { id: string } };
}

export const cardList = (page: Page): Locator => page.getByRole('grid', { name: 'Cards' });
export const cardDetail = (page: Page): Locator => page.getByRole('region', { name: 'Card details' });

/** Narrows the Cards screen's virtualized list to `name` (rows out of view are not in the DOM). */
export async function findCard(page: Page, name: string): Promise<void> {
  await page.getByRole('group', { name: 'Card filters' }).getByLabel('Search').fill(name);
  await expect(cardList(page).getByRole('row').filter({ hasText: name }).first()).toBeVisible();
}

/**
 * Opens a card's details from the Cards screen (the screen on show) by its name; returns the
 * details and, inside them, the card's number and code.
 */
export async function openCard(page: Page, name: string): Promise<{ details: Locator; secrets: Locator }> {
  await findCard(page, name);
  await cardList(page).getByRole('row').filter({ hasText: name }).first().click();
  const details = cardDetail(page);
  await expect(details.getByRole('heading', { level: 2, name })).toBeVisible();
  return { details, secrets: details.getByRole('region', { name: 'Card number and code' }) };
}

export type CardTab = 'Overview' | 'Transactions' | 'Controls';

/** Shows one tab of the open card's details (a click; nothing changes when it is already shown). */
export async function openCardTab(page: Page, name: CardTab): Promise<Locator> {
  const tab = cardDetail(page).getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return cardDetail(page).getByRole('tabpanel', { name });
}

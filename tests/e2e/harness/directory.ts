import { expect, type Page } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';
import { openSection } from './flows';

/** The Directory screen on one of its tabs ("Payees", "Merchants", "Legal entities and accounts"). */
export async function openDirectoryTab(page: Page, tab: string): Promise<void> {
  await openSection(page, 'Directory');
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

export const handlesTable = (page: Page) => page.getByRole('table', { name: 'Payees' });
export const merchantsTable = (page: Page) => page.getByRole('table', { name: 'Merchants' });

/** A payee the service knows and the app has not fetched yet (added behind the app's back). */
export function addServiceHandle(sandbox: Sandbox, svcHandle: string, name: string): void {
  const id = `sh_${svcHandle.replace(/[^a-z0-9]/g, '')}`;
  sandbox.world.svcHandles.set(id, { id, svcHandle, name, accountId: `acct_${id.slice(3)}` });
}

/** A merchant the service knows and the app has not fetched yet. */
export function addServiceMerchant(sandbox: Sandbox, name: string): void {
  const id = `mer_${name.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  const url = `https://www.${name.toLowerCase().replace(/[^a-z0-9]/g, '')}.example`;
  sandbox.world.merchants.set(id, {
    id,
    name,
    url,
    categoryCode: '5814',
    city: 'Portland',
    state: 'OR',
    country: 'US',
    zip: '97201',
  });
}

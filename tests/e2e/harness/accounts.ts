import { expect, type Locator, type Page } from '@playwright/test';
import type { MainCore } from '../../../src/main/core';
import type { Sandbox } from '../../../src/sandbox';
import type { VirtualAccountRecord } from '../../../src/sandbox/world/records';
import { holdCalls, type HeldCalls } from './held-calls';
import { escapeRegExp } from './text';
import { openSection, syncedDemo } from './flows';

/** The Accounts screen as a person uses it, and the sandbox's side of what it did. */

export const accountList = (page: Page): Locator => page.getByRole('listbox', { name: 'Virtual accounts' });
export const accountDetail = (page: Page): Locator => page.getByRole('region', { name: 'Account details' });
/** The off-ramp wallets of the account on screen. */
export const offrampWallets = (page: Page): Locator =>
  accountDetail(page).getByRole('region', { name: 'Off-ramp wallets' });

/** Opens an account's details from the list by its name. */
export async function openAccount(page: Page, name: string): Promise<Locator> {
  await accountList(page)
    .getByRole('option', { name: new RegExp(`^${escapeRegExp(name)}`) })
    .click();
  const detail = accountDetail(page);
  await expect(detail.getByRole('heading', { level: 2, name })).toBeVisible();
  return detail;
}

export function vaNamed(sandbox: Sandbox, name: string): VirtualAccountRecord {
  const va = [...sandbox.world.virtualAccounts.values()].find((v) => v.name === name);
  if (!va) throw new Error(`the sandbox has no virtual account named ${name}`);
  return va;
}

/** The last request's sequence number: what came after it is what a step sent. */
export function lastSeq(sandbox: Sandbox): number {
  return sandbox.requests.lastSeq;
}

/** The virtual-account writes (PATCH, POST) the service received after `after`. */
export function accountWritesAfter(sandbox: Sandbox, after: number): { method: string; path: string }[] {
  return sandbox.requests
    .all({ after })
    .filter((r) => r.method !== 'GET' && r.path.startsWith('/virtual-account'))
    .map((r) => ({ method: r.method, path: r.path }));
}

/**
 * A value for a datetime-local input `days` from now in the page's own zone (what a person
 * would type), and the instant in UTC the app must send for it.
 */
export async function localStart(page: Page, days: number): Promise<{ value: string; iso: string }> {
  return page.evaluate((d) => {
    const at = new Date(Date.now() + d * 86_400_000);
    at.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const value = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    return { value, iso: new Date(value).toISOString() };
  }, days);
}

/** Holds main's next service call to `endpoint` until `release()`; with `fail`, it then fails instead of reaching the service. */
export function holdNextCall(core: MainCore, endpoint: string, fail = false): HeldCalls {
  return holdCalls(core, (arg) => arg.endpoint === endpoint, { once: true, fail });
}

/** The seed's primary virtual account and another open one, to move money between. */
export function twoAccounts(sandbox: Sandbox): { from: string; to: string; fromName: string } {
  const world = sandbox.world;
  const primary = world.virtualAccounts.get(world.primaryVirtualAccountId);
  const other = [...world.virtualAccounts.values()].find(
    (v) => v.id !== world.primaryVirtualAccountId && v.closedAt === null,
  );
  if (!primary || !other) throw new Error('the seed has no primary and second open virtual account');
  return { from: primary.id, to: other.id, fromName: primary.name };
}

/** Shows an account's whole number in its detail (masked as its last four until asked). */
export async function revealAccountNumber(detail: Locator): Promise<void> {
  await detail.getByRole('button', { name: 'Reveal account number' }).click();
  await expect(detail.getByRole('button', { name: 'Hide account number' })).toHaveAttribute('aria-pressed', 'true');
}

/** The Demo synced and Accounts open on the account `name`: the sandbox, that account's record and its detail. */
export async function demoAccount(
  app: Parameters<typeof syncedDemo>[0],
  name: string,
): Promise<{ sandbox: Sandbox; va: VirtualAccountRecord; detail: Locator }> {
  const sandbox = await syncedDemo(app);
  await openSection(app.page, 'Accounts');
  const va = vaNamed(sandbox, name);
  return { sandbox, va, detail: await openAccount(app.page, name) };
}

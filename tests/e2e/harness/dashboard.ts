import { expect, type Locator, type Page } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';
import { virtualAccountView } from '../../../src/sandbox/accounts/views';
import type { VirtualAccountView } from '../../../src/shared/service';
import { formatCents } from '../../../src/shared/money';
import { money } from '../../../src/renderer/src/model/format';
import { newItemForm, openSection, syncedDemo } from './flows';
import { escapeRegExp } from './text';

/** Steps and readings of the Dashboard's e2e, as a person sees the screen. */

export const DAY_MS = 86_400_000;

/** "2026-11-27": the UTC day `days` after `fromMs`, as a date field takes it. */
export function dayAfter(fromMs: number, days: number): string {
  return new Date(fromMs + days * DAY_MS).toISOString().slice(0, 10);
}

/** "Nov 27, 2026": an ISO day as the screen writes it (the page's locale is English here). */
export function shownDay(isoDay: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(
    Date.parse(`${isoDay}T00:00:00Z`),
  );
}

/** "-$1,234.56" back to cents (the screen always writes two decimals). */
export function centsOf(text: string): number {
  const m = /(-?)\$([\d,]+)\.(\d\d)/.exec(text);
  if (!m) throw new Error(`no amount in "${text}"`);
  return (m[1] ? -1 : 1) * Number(`${(m[2] ?? '').replace(/,/g, '')}${m[3] ?? ''}`);
}

/** The service's read view of every virtual account, as GET /virtual-account answers now. */
export function serviceAccounts(sandbox: Sandbox): VirtualAccountView[] {
  const world = sandbox.world;
  return [...world.virtualAccounts.values()].map((va) => virtualAccountView(world, va));
}

/** A virtual account's balance as the service answers it over HTTP now (cents). */
export async function httpBalance(sandbox: Sandbox, virtualAccountId: string): Promise<number> {
  const res = await fetch(`${sandbox.apiUrl}/virtual-account/${virtualAccountId}`, {
    headers: { 'x-api-key': sandbox.apiKey },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { balance: { amountCents: number } }).balance.amountCents;
}

export const panel = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

/** The day-by-day table of an account's forecast, opened if it is not. */
export async function forecastTable(page: Page, account: string): Promise<Locator> {
  const region = page.getByRole('region', { name: `Forecast for ${account}` });
  // The forecast shows once the card history is totalled; only then is its toggle there to read.
  const toggle = region.getByRole('button', { name: /^(Show|Hide) the table$/ });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const table = region.getByRole('table', { name: `Day by day: ${account}` });
  await expect(table).toBeVisible();
  return table;
}

/** The forecast table's row of an ISO day. */
export function dayRow(table: Locator, isoDay: string): Locator {
  return table.getByRole('row', { name: new RegExp(`^${shownDay(isoDay)}`) });
}

/** The forecast's end-of-day balance on `day`, in cents. */
export async function endOfDay(table: Locator, day: string): Promise<number> {
  return centsOf((await dayRow(table, day).getByRole('cell').first().textContent()) ?? '');
}

/** How much the forecast moves on `day` (its end against the day before's end), in cents. */
export async function changeOn(table: Locator, day: string, dayBefore: string): Promise<number> {
  return (await endOfDay(table, day)) - (await endOfDay(table, dayBefore));
}

/** A flat-fee commission rule set through the service over HTTP, as another client would. */
export async function setCommission(
  sandbox: Sandbox,
  virtualAccountId: string,
  amountCents: number,
  startMs: number,
): Promise<void> {
  const res = await fetch(`${sandbox.apiUrl}/virtual-account/${virtualAccountId}`, {
    method: 'PATCH',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      action: 'update',
      commissionDetails: {
        type: 'flatFee',
        amount: { amountCents },
        frequency: 'monthly',
        startDate: new Date(startMs).toISOString(),
      },
    }),
  });
  expect(res.status).toBe(200);
}

/** Replaces a card's constraint with one monthly limit, through the service over HTTP. */
export async function setMonthlyLimit(sandbox: Sandbox, cardId: string, amountCents: number): Promise<void> {
  const res = await fetch(`${sandbox.apiUrl}/card/${cardId}/spending-constraint`, {
    method: 'PUT',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ spendingRule: { utilizationLimit: { limitAmount: { amountCents }, preset: 'monthly' } } }),
  });
  expect(res.status).toBe(200);
}

/** A transfer due now, queued and approved on the Transfers screen: the sender then sends it. */
export async function sendTransferNow(page: Page, fromId: string, toId: string, amountCents: number): Promise<void> {
  await openSection(page, 'Transfers');
  const form = await newItemForm(page, 'New transfer');
  await form.getByLabel('From').selectOption(fromId);
  await form.getByLabel('To').selectOption(toId);
  await form.getByLabel('Amount (USD)').fill(formatCents(amountCents));
  await form.getByRole('button', { name: 'Queue transfer' }).click();
  await expect(page.getByText('Queued for approval (Approvals).')).toBeVisible();
  await page
    .getByRole('button', { name: new RegExp(`^Approve: Transfer ${money(amountCents).replace(/[.$]/g, '\\$&')}`) })
    .click();
}

type SandboxAccount = NonNullable<ReturnType<Sandbox['world']['virtualAccounts']['get']>>;

/** The Demo synced (flows.ts), with its primary account and its open Payroll account as the sandbox holds them. */
export async function syncedPayrollDemo(
  app: Parameters<typeof syncedDemo>[0],
): Promise<{ sandbox: Sandbox; primary: SandboxAccount; payroll: SandboxAccount }> {
  const sandbox = await syncedDemo(app);
  const world = sandbox.world;
  const primary = world.virtualAccounts.get(world.primaryVirtualAccountId);
  const payroll = [...world.virtualAccounts.values()].find((v) => v.name === 'Payroll' && v.closedAt === null);
  if (!primary || !payroll) throw new Error('the Demo seed has no primary or Payroll account');
  return { sandbox, primary, payroll };
}

/** The Dashboard's "After the queue" cell of an open account, once the column shows (anything queued). */
export async function afterTheQueue(page: Page, accountName: string): Promise<Locator> {
  const cash = panel(page, 'Cash').getByRole('table', { name: 'Open virtual accounts' });
  await expect(cash.getByRole('columnheader', { name: 'After the queue' })).toBeVisible();
  return cash
    .getByRole('row', { name: new RegExp(`^${escapeRegExp(accountName)}`) })
    .getByRole('cell')
    .nth(1);
}

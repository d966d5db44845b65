import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { virtualAccountView } from '../../src/sandbox/accounts/views';
import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { newItemForm, openSection, syncedDemo } from './harness/flows';
import { usd } from './harness/text';
import { twoAccounts } from './harness/accounts';

/**
 * Transfers and Payments open on the queue; "New transfer" and "New payment" open a side panel
 * beside it with the source's balance and what the new item leaves in it. The expected figures
 * are the sandbox's own balances, written in dollars here by Intl, not by the app's formatting.
 */
test.use({ session: { now: PINNED_NOON, demo: { seed: 7, transactions: 300 } } });

/** The balance the sandbox holds for a virtual account now. */
function balanceOf(sandbox: Sandbox, id: string): number {
  const va = sandbox.world.virtualAccounts.get(id);
  if (!va) throw new Error(`the sandbox has no virtual account ${id}`);
  return virtualAccountView(sandbox.world, va).balance.amountCents;
}

const opener = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });

test('Transfers opens on the queue; the side panel shows the balance after, keeps its draft when closed and when the screen is left, and selects what it queued', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to, fromName } = twoAccounts(sandbox);
  await openSection(page, 'Transfers');

  // The queue first: no form until asked for.
  await expect(page.getByText('No transfers queued.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'New transfer' })).toBeHidden();
  await expect(opener(page, 'New transfer')).toHaveAttribute('aria-expanded', 'false');

  await opener(page, 'New transfer').click();
  const form = page.getByRole('form', { name: 'New transfer' });
  await expect(form.getByLabel('From')).toBeFocused();
  await form.getByLabel('From').selectOption(from);
  await form.getByLabel('To').selectOption(to);
  await form.getByLabel('Amount (USD)').fill('1,234.56');
  const balance = form.getByRole('region', { name: 'Source account balance' });
  await expect(balance).toContainText(fromName);
  await expect(balance.getByTestId('balance-now')).toHaveText(usd(balanceOf(sandbox, from)));
  await expect(balance.getByTestId('balance-after')).toHaveText(usd(balanceOf(sandbox, from) - 123_456));

  // Closed with its button: hidden, the focus back on "New transfer", the draft kept as typed.
  await page.getByRole('button', { name: /^Close the new transfer/ }).click();
  await expect(form).toBeHidden();
  await expect(opener(page, 'New transfer')).toBeFocused();
  await opener(page, 'New transfer').click();
  await expect(form.getByLabel('From')).toHaveValue(from);
  await expect(form.getByLabel('To')).toHaveValue(to);
  await expect(form.getByLabel('Amount (USD)')).toHaveValue('1,234.56');
  // Escape closes it too, and the draft stays.
  await form.getByLabel('Amount (USD)').press('Escape');
  await expect(form).toBeHidden();
  await page.keyboard.press('n');
  await expect(form.getByLabel('Amount (USD)')).toHaveValue('1,234.56');
  expect(sandbox.world.ledger.filter((e) => e.amountCents === 123_456)).toHaveLength(0);

  // Leaving Transfers for another screen and coming back: the draft is still there, as typed.
  await form.getByLabel('Memo (optional)').fill('Kept while away');
  await openSection(page, 'Dashboard');
  await expect(form).toHaveCount(0);
  await openSection(page, 'Transfers');
  await opener(page, 'New transfer').click();
  await expect(form.getByLabel('From')).toHaveValue(from);
  await expect(form.getByLabel('To')).toHaveValue(to);
  await expect(form.getByLabel('Amount (USD)')).toHaveValue('1,234.56');
  await expect(form.getByLabel('Memo (optional)')).toHaveValue('Kept while away');

  // Queued: the panel closes and the new row is selected in the queue, with the focus.
  await form.getByRole('button', { name: 'Queue transfer' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Queued for approval (Approvals).')).toBeVisible();
  const row = page
    .getByRole('region', { name: 'Awaiting approval' })
    .getByRole('listitem', { name: /^Transfer \$1,234\.56/ });
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toBeFocused();

  // The next transfer from the same account: one balance after, the one still queued ahead of it counted.
  await opener(page, 'New transfer').click();
  await expect(form.getByLabel('From')).toHaveValue(from);
  await form.getByLabel('Amount (USD)').fill('100.00');
  await expect(balance.getByTestId('balance-after')).toHaveText(usd(balanceOf(sandbox, from) - 10_000 - 123_456));
  await expect(balance.getByTestId('balance-after-ahead')).toHaveText(` (after 1 item ahead of it, ${usd(123_456)})`);
});

test('offline, the panel says how old the balance is; Payments shows what a payment leaves in the account it comes from', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to } = twoAccounts(sandbox);
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');

  await openSection(page, 'Transfers');
  const transfer = await newItemForm(page, 'New transfer');
  await transfer.getByLabel('From').selectOption(from);
  await transfer.getByLabel('To').selectOption(to);
  await transfer.getByLabel('Amount (USD)').fill('10.00');
  const now = transfer.getByTestId('balance-now');
  await expect(now).toContainText(usd(balanceOf(sandbox, from)));
  await expect(now).toContainText(/as of .+, offline$/);
  await expect(transfer.getByTestId('balance-after')).toHaveText(usd(balanceOf(sandbox, from) - 1_000));
  await sandbox.resetFaults();
  await app.probeUntil('online');

  // The key's own handle pays from the company's primary account.
  const payee = [...sandbox.world.svcHandles.values()].find((h) => h.id !== sandbox.world.ownSvcHandleId);
  if (!payee) throw new Error('the seed has no payee');
  await openSection(page, 'Payments');
  await expect(page.getByRole('form', { name: 'New payment' })).toBeHidden();
  const pay = await newItemForm(page, 'New payment');
  await pay.getByLabel('Pay to (payee handle)').fill(payee.svcHandle);
  await pay.getByLabel('Amount (USD)').fill('99.90');
  const source = pay.getByRole('region', { name: 'Source account balance' });
  await expect(source).toContainText(
    sandbox.world.virtualAccounts.get(sandbox.world.primaryVirtualAccountId)?.name ?? 'missing',
  );
  await expect(source.getByTestId('balance-after')).toHaveText(
    usd(balanceOf(sandbox, sandbox.world.primaryVirtualAccountId) - 9_990),
  );
  await expect(source.getByTestId('balance-now')).not.toContainText('as of');
});

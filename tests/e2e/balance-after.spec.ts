import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { httpBalance, panel, sendTransferNow } from './harness/dashboard';
import { usd } from './harness/text';
import { newItemForm, openSection, syncedDemo } from './harness/flows';

/**
 * One balance after on every screen that shows it: the new-transfer panel, the Approvals inbox,
 * the Dashboard's cash table and the account's detail. The expected figures are worked out here:
 * the source's balance read from the sandbox over HTTP before anything is sent, less what this
 * test put ahead of each item (a transfer sent, then one approved while sending is paused, ahead
 * of the transfer and the payment still waiting for a person), written in dollars by Intl (harness/dashboard-oracle.ts usd).
 */
test.use({ session: { now: PINNED_NOON, demo: { seed: 7, transactions: 300 } } });

const dollars = (cents: number) => usd(cents).slice(1);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A figure with the items counted ahead of it after it: the sent transfer is either in the cached
 * balance (a sync read it after the send) or counted ahead of it (sent since the balance), and the
 * figure is the same either way.
 */
const figure = (cents: number) => new RegExp(`^${escape(usd(cents))} \\(after \\d+ items? ahead of it, `);

test('balance after: the panel, the inbox (a transfer and a payment), the Dashboard and the account count the same items ahead', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const world = sandbox.world;
  const primary = world.primaryVirtualAccountId;
  const other = [...world.virtualAccounts.values()].find((v) => v.id !== primary && v.closedAt === null);
  const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId);
  if (!other || !payee) throw new Error('the Demo seed has no second open account or no payee');
  const primaryName = world.virtualAccounts.get(primary)?.name ?? '';

  const start = await httpBalance(sandbox, primary);
  // Sent now: the service's balance holds it at once; the app's cached balance may or may not yet.
  const SENT = 300_00;
  await sendTransferNow(page, primary, other.id, SENT);
  await expect.poll(() => world.ledger.filter((e) => e.kind === 'transfer' && e.amountCents === SENT).length).toBe(1);
  expect(await httpBalance(sandbox, primary)).toBe(start - SENT);

  // Held: the rest stays in the queue.
  await openSection(page, 'Approvals');
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await expect(page.getByRole('button', { name: 'Resume sending' })).toBeVisible();
  const awaiting = page.getByRole('region', { name: 'Awaiting approval' });
  for (const amount of [2_500_00, 18_250_00]) {
    await openSection(page, 'Transfers');
    const form = await newItemForm(page, 'New transfer');
    await form.getByLabel('From').selectOption(primary);
    await form.getByLabel('To').selectOption(other.id);
    await form.getByLabel('Amount (USD)').fill(dollars(amount));
    await form.getByRole('button', { name: 'Queue transfer' }).click();
    await expect(awaiting.getByRole('listitem', { name: new RegExp(`^Transfer \\${usd(amount)}`) })).toBeVisible();
  }
  await page.getByRole('button', { name: /^Approve: Transfer \$18,250\.00/ }).click();
  await expect(
    page.getByRole('region', { name: 'Approved, to send' }).getByRole('listitem', { name: /^Transfer \$18,250\.00/ }),
  ).toBeVisible();
  await openSection(page, 'Payments');
  const pay = await newItemForm(page, 'New payment');
  await pay.getByLabel('Pay to (payee handle)').fill(payee.svcHandle);
  await pay.getByLabel('Amount (USD)').fill('420.00');
  await pay.getByRole('button', { name: 'Queue payment' }).click();
  await expect(awaiting.getByRole('listitem', { name: /^Payment \$420\.00/ })).toBeVisible();
  expect(world.ledger.length).toBe(1);

  // The queue's order, by hand: the sent transfer, then the approved $18,250, then what waits for
  // a person oldest first ($2,500, then the $420 payment, which the key's own handle pays from
  // the primary account).
  const afterTransfer = start - SENT - 18_250_00 - 2_500_00;
  const afterPayment = afterTransfer - 420_00;

  await openSection(page, 'Approvals');
  const inbox = page.getByRole('region', { name: /^Waiting for approval/ });
  const item = (title: RegExp) => inbox.getByRole('listitem').filter({ has: page.getByText(title) });
  await expect(item(/^Transfer \$2,500\.00/).getByTestId('inbox-balance-after')).toHaveText(figure(afterTransfer));
  await expect(item(/^Payment \$420\.00/).getByTestId('inbox-balance-after')).toHaveText(figure(afterPayment));

  // A new transfer comes last: everything above is ahead of it.
  await openSection(page, 'Transfers');
  const draft = await newItemForm(page, 'New transfer');
  await draft.getByLabel('From').selectOption(primary);
  await draft.getByLabel('Amount (USD)').fill('1,250.00');
  await expect(draft.getByTestId('balance-after')).toHaveText(usd(afterPayment - 1_250_00));
  await expect(draft.getByTestId('balance-after-ahead')).toHaveText(/^ \(after [34] items ahead of it, /);
  await page.keyboard.press('Escape');

  // The Dashboard and the account: what the whole queue leaves.
  await openSection(page, 'Dashboard');
  const cash = panel(page, 'Cash').getByRole('table', { name: 'Open virtual accounts' });
  await expect(cash.getByRole('columnheader', { name: 'After the queue' })).toBeVisible();
  const row = cash.getByRole('row', { name: new RegExp(`^${escape(primaryName)}`) });
  await expect(row.getByRole('cell').nth(1)).toHaveText(usd(afterPayment));
  await openSection(page, 'Accounts');
  await page
    .getByRole('listbox', { name: 'Virtual accounts' })
    .getByRole('option', { name: new RegExp(`^${escape(primaryName)}`) })
    .click();
  const detail = page.getByRole('region', { name: 'Account details' });
  await expect(detail.getByTestId('account-balance-after')).toHaveText(
    new RegExp(`^${escape(usd(afterPayment))} after [34] queued items `),
  );
});

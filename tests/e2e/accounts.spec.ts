import { test, expect } from './fixtures';
import { openSection, syncedDemo, synced, updateButton, updateNow } from './harness/flows';
import { PINNED_NOON } from './harness/clock';
import {
  accountDetail,
  accountList,
  accountWritesAfter,
  demoAccount,
  holdNextCall,
  lastSeq,
  localStart,
  openAccount,
  revealAccountNumber,
  vaNamed,
} from './harness/accounts';
import { createVirtualAccount } from '../../src/sandbox/accounts/virtual-accounts';
import { virtualAccountView } from '../../src/sandbox/accounts/views';
import { dollars } from './harness/text';

/**
 * The Accounts screen against the Demo's sandbox (pinned clock): the list and its closed
 * accounts, an account's numbers and copy, its cached transactions and chart offline, rename,
 * the commission rule (and what is refused before sending), and closing with and without money.
 */
const START = PINNED_NOON;
test.use({ session: { now: START, demo: { seed: 7, transactions: 300 } } });

test('list, show closed, numbers with copy; offline the cached list, detail and transactions read with "as of" and edits are disabled', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Accounts');

  // Six open accounts, the primary first; the closed one only when asked.
  const open = [...sandbox.world.virtualAccounts.values()].filter((v) => v.closedAt === null);
  await expect(page.getByText(`${open.length} of ${open.length + 1} shown`)).toBeVisible();
  await expect(accountList(page).getByRole('option').first()).toContainText('Operating (primary)');
  await expect(accountList(page).getByRole('option').first()).toContainText('Primary');
  await expect(accountList(page)).not.toContainText('Old Project Fund');
  const openTotal = open.reduce((sum, v) => sum + virtualAccountView(sandbox.world, v).balance.amountCents, 0);
  await expect(page.getByTestId('accounts-total')).toContainText(`balance ${dollars(openTotal)}`);
  await page.getByLabel('Show closed').check();
  await expect(accountList(page)).toContainText('Old Project Fund');
  await expect(page.getByText(`${open.length + 1} of ${open.length + 1} shown`)).toBeVisible();
  await page.getByLabel('Show closed').uncheck();
  await expect(accountList(page)).not.toContainText('Old Project Fund');

  // The detail, opened from the keyboard: numbers, copied as they are (not secret), the commission rule and its next date.
  const escrow = vaNamed(sandbox, 'Client Escrow - Globex');
  await accountList(page)
    .getByRole('option', { name: /^Client Escrow - Globex/ })
    .focus();
  await page.keyboard.press('Enter');
  const d = accountDetail(page);
  await expect(d.getByRole('heading', { level: 2, name: escrow.name })).toBeVisible();
  await revealAccountNumber(d);
  await expect(d).toContainText(escrow.accountNumber);
  await expect(d).toContainText(escrow.routingNumber);
  // Ids are there for support, behind "Technical details"; the main account reads by its name.
  await expect(d).toContainText(`Main account${sandbox.world.accounts.get(escrow.accountId)?.name ?? 'missing'}`);
  await d.getByText('Technical details').click();
  await expect(d.getByRole('group').filter({ hasText: 'Technical details' })).toContainText(escrow.accountId);
  await d.getByRole('button', { name: 'Copy account number' }).click();
  await expect(d.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(app.clipboard.readText()).toBe(escrow.accountNumber);
  await d.getByRole('button', { name: 'Copy routing number' }).click();
  await expect.poll(() => app.clipboard.readText()).toBe(escrow.routingNumber);
  await expect(d.getByTestId('commission-rule')).toContainText('Flat fee $250.00 monthly from');
  await expect(d.getByTestId('commission-rule')).toContainText('next collection');

  // Its cached transactions: as many as the service has for it, and a chart summary in words.
  const agg = sandbox.world.transactions.aggregate({ virtualAccountId: escrow.id });
  await expect(d.getByLabel('Account transaction totals')).toContainText(`${agg.count} transactions`);
  await expect(d.getByTestId('balance-summary')).toContainText(
    `to ${dollars(virtualAccountView(sandbox.world, escrow).balance.amountCents)} on`,
  );
  await expect(d.getByTestId('balance-summary')).toContainText('lowest');

  // Offline: the same list and detail from the cache, with "as of" and edits disabled with the reason.
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await expect(page.getByLabel('Virtual accounts: saved list')).toContainText('Saved list as of');
  await expect(page.getByLabel('Virtual accounts: saved list')).toContainText('offline');
  await expect(d.getByText(/as of .+ · offline/)).toBeVisible();
  await expect(d.getByLabel('Account transaction totals')).toContainText(`${agg.count} transactions`);
  await expect(d.getByRole('table')).toBeVisible();
  await d.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(d.getByText('Offline: renaming and commission rules need the service.')).toBeVisible();
  await expect(d.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await expect(d.getByRole('button', { name: 'Save commission rule' })).toBeDisabled();
  await expect(d.getByRole('button', { name: 'Close account…' })).toBeDisabled();
  await expect(d.getByRole('button', { name: 'Refresh this account' })).toBeDisabled();
  await expect(updateButton(page)).toBeDisabled();
  // Another account, read from the cache alone.
  const payroll = await openAccount(page, 'Payroll');
  await revealAccountNumber(payroll);
  await expect(payroll).toContainText(vaNamed(sandbox, 'Payroll').accountNumber);
  await sandbox.resetFaults();
  await app.probeUntil('online');
  await payroll.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(payroll.getByRole('button', { name: 'Rename' })).toBeEnabled();

  // The primary account offers no rule and no close.
  const primary = await openAccount(page, 'Operating (primary)');
  await expect(primary).toContainText('The primary account cannot carry a commission rule');
  await expect(primary.getByRole('button', { name: 'Save commission rule' })).toHaveCount(0);
  await expect(primary.getByRole('button', { name: 'Close account…' })).toHaveCount(0);
});

test('an account opens on its balance chart and its activity; changes wait behind "Edit", keep what was typed, and closing comes last', async ({
  app,
}) => {
  const { sandbox, va: escrow, detail: d } = await demoAccount(app, 'Client Escrow - Globex');
  const balance = dollars(virtualAccountView(sandbox.world, escrow).balance.amountCents);
  await expect(d.getByTestId('account-balance')).toHaveText(balance);
  await expect(d.getByTestId('balance-summary')).toContainText(`to ${balance} on`);

  // The parts in the order a person meets them: the chart, the activity, ..., the changes, closing.
  const headings = await d.getByRole('heading', { level: 3 }).allTextContents();
  expect(headings.slice(0, 2)).toEqual(['Balance over the last 90 days', 'Transactions (as of the last sync)']);
  expect(headings.slice(-2)).toEqual(['Changes', 'Close the account']);

  // Rename and the commission rule only after "Edit"; closed again, a half-typed name is still there.
  const rename = d.getByRole('form', { name: 'Rename account' });
  const edit = d.getByRole('button', { name: 'Edit', exact: true });
  await expect(rename).toBeHidden();
  await expect(d.getByRole('form', { name: 'Commission rule' })).toBeHidden();
  await expect(edit).toHaveAttribute('aria-expanded', 'false');
  await edit.click();
  await expect(edit).toHaveAttribute('aria-expanded', 'true');
  await rename.getByRole('textbox', { name: 'Name' }).fill('Escrow, half typed');
  await edit.click();
  await expect(rename).toBeHidden();
  await edit.click();
  await expect(rename.getByRole('textbox', { name: 'Name' })).toHaveValue('Escrow, half typed');
  expect(sandbox.world.virtualAccounts.get(escrow.id)?.name).toBe(escrow.name);
});

test('rename and commission rule: bad input is refused beside the field with nothing sent', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Accounts');
  const marketing = vaNamed(sandbox, 'Marketing');
  const d = await openAccount(page, 'Marketing');
  await d.getByRole('button', { name: 'Edit', exact: true }).click();

  // Rename: empty refused, then a real name reaches the service and the list.
  let before = lastSeq(sandbox);
  await d.getByRole('textbox', { name: 'Name' }).fill('  ');
  await d.getByRole('button', { name: 'Rename' }).click();
  await expect(d.getByText('Enter a name')).toBeVisible();
  expect(accountWritesAfter(sandbox, before)).toEqual([]);
  await d.getByRole('textbox', { name: 'Name' }).fill('Marketing & brand');
  await d.getByRole('button', { name: 'Rename' }).click();
  await expect(d.getByRole('status').filter({ hasText: 'Renamed to Marketing & brand.' })).toBeVisible();
  expect(sandbox.world.virtualAccounts.get(marketing.id)?.name).toBe('Marketing & brand');
  await expect(accountList(page)).toContainText('Marketing & brand');

  // Commission: each bad input says why beside its field, and no PATCH goes out.
  const rule = d.getByRole('form', { name: 'Commission rule' });
  const future = await localStart(page, 3);
  before = lastSeq(sandbox);
  await rule.getByLabel('Fee (USD)').fill('-5');
  await rule.getByLabel('Starts (your time zone)').fill(future.value);
  await rule.getByRole('button', { name: 'Save commission rule' }).click();
  await expect(rule.getByText('The fee must be positive')).toBeVisible();
  await rule.getByLabel('Fee (USD)').fill('1.005');
  await rule.getByRole('button', { name: 'Save commission rule' }).click();
  await expect(rule.getByText('Amounts are in whole cents')).toBeVisible();
  await rule.getByLabel('Fee (USD)').fill('12.50');
  await rule.getByLabel('Starts (your time zone)').fill('2020-01-01T09:00');
  await rule.getByRole('button', { name: 'Save commission rule' }).click();
  await expect(
    rule.getByText('a commission rule starts now or later; the service does not collect back payments', {
      exact: false,
    }),
  ).toBeVisible();
  expect(accountWritesAfter(sandbox, before), 'nothing was sent for refused input').toEqual([]);
  expect(sandbox.world.commissionRules.get(marketing.id)).toBeUndefined();

  // A good rule: cents, frequency and the start in UTC reach the service; the next date shows.
  await rule.getByLabel('Starts (your time zone)').fill(future.value);
  await rule.getByLabel('Every').selectOption('yearly');
  await rule.getByRole('button', { name: 'Save commission rule' }).click();
  await expect(rule.getByRole('status')).toContainText('Commission rule saved. Next collection');
  expect(accountWritesAfter(sandbox, before)).toEqual([{ method: 'PATCH', path: `/virtual-account/${marketing.id}` }]);
  const saved = sandbox.world.commissionRules.get(marketing.id);
  expect(saved && { amountCents: saved.amountCents, frequency: saved.frequency, startDate: saved.startDate }).toEqual({
    amountCents: 1_250,
    frequency: 'yearly',
    startDate: future.iso,
  });
  await expect(d.getByTestId('commission-rule')).toContainText('Flat fee $12.50 yearly from');
});

test('close: an empty account at once; one holding money after queuing the move of its balance', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  // An account created behind the app's back, empty; an update from the top bar brings it.
  const created = createVirtualAccount(sandbox.world, {
    name: 'Temp Events',
    accountId: vaNamed(sandbox, 'Payroll').accountId,
  }).virtualAccount;
  await openSection(page, 'Accounts');
  await updateNow(page);
  await synced(page);

  let d = await openAccount(page, 'Temp Events');
  await d.getByRole('button', { name: 'Close account…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Close Temp Events?' });
  await expect(dialog).toContainText('Temp Events holds $0.00. Closing is final');
  await expect(dialog.getByRole('button', { name: /^Move/ })).toHaveCount(0);

  // While the close is with the service, neither Escape nor Cancel leaves: its answer is shown
  // in the dialog. A failure stays there; it is gone when the dialog is opened again.
  const held = holdNextCall(app.core, 'updateVirtualAccount', true);
  await dialog.getByRole('button', { name: 'Close account' }).click();
  await held.held;
  await expect(dialog.getByRole('button', { name: 'Closing…' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  held.release();
  await expect(dialog.getByRole('alert')).toContainText('Something went wrong');
  expect(sandbox.world.virtualAccounts.get(created.id)?.closedAt).toBeNull();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await d.getByRole('button', { name: 'Close account…' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // Closed: the details stay, say so and hold the focus (the close section is gone).
  await dialog.getByRole('button', { name: 'Close account' }).click();
  await expect(dialog).toBeHidden();
  expect(sandbox.world.virtualAccounts.get(created.id)?.closedAt).not.toBeNull();
  await expect(d.getByRole('status').filter({ hasText: 'Temp Events is closed.' })).toBeFocused();
  await expect(d.getByRole('button', { name: 'Close account…' })).toHaveCount(0);
  await expect(accountList(page)).not.toContainText('Temp Events');
  await page.getByLabel('Show closed').check();
  await expect(accountList(page)).toContainText('Temp Events');
  await page.getByLabel('Show closed').uncheck();

  // Travel holds money: the dialog offers to move all of it first, through the outbox.
  const travel = vaNamed(sandbox, 'Travel');
  const balance = virtualAccountView(sandbox.world, travel).balance.amountCents;
  expect(balance).toBeGreaterThan(0);
  d = await openAccount(page, 'Travel');
  await d.getByRole('button', { name: 'Close account…' }).click();
  dialog = page.getByRole('dialog', { name: 'Close Travel?' });
  await expect(dialog).toContainText(`Travel holds ${dollars(balance)}`);
  await expect(dialog.getByLabel('Move to').locator('option').first()).toContainText('Operating (primary)');
  const before = lastSeq(sandbox);
  await dialog.getByRole('button', { name: `Move ${dollars(balance)} to another account first` }).click();
  await expect(dialog.getByRole('status')).toContainText('Queued for approval (Approvals)');
  // Queued, not sent: nothing reached the service, and closing waits for it (a transfer out of a
  // closed account is refused, so the money would stay), saying why; no second move is offered.
  expect(sandbox.requests.all({ after: before }).filter((r) => r.method === 'POST')).toEqual([]);
  const waiting = `A transfer of ${dollars(balance)} out of this account is queued (awaiting approval); close it once that is sent.`;
  await expect(dialog.getByRole('button', { name: 'Close account' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Close account' })).toHaveAccessibleDescription(waiting);
  await expect(dialog.getByRole('button', { name: /^Move/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Opened again, the queued transfer is still what it waits for (it lives in the outbox, not the dialog).
  await d.getByRole('button', { name: 'Close account…' }).click();
  await expect(dialog.getByRole('button', { name: 'Close account' })).toHaveAccessibleDescription(waiting);
  await expect(dialog.getByRole('button', { name: 'Close account' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: /^Move/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The draft waits for approval: the whole balance, from Travel to the primary account. Approved, it is sent.
  await openSection(page, 'Transfers');
  await page.getByRole('button', { name: `Approve: Transfer ${dollars(balance)}` }).click();
  await expect(page.getByRole('region', { name: 'Sent' })).toContainText(`Transfer ${dollars(balance)}`);
  const primary = vaNamed(sandbox, 'Operating (primary)');
  expect(sandbox.world.ledger.filter((e) => e.amountCents === balance).map((e) => [e.source, e.destination])).toEqual([
    [travel.id, primary.id],
  ]);
  expect(virtualAccountView(sandbox.world, travel).balance.amountCents).toBe(0);

  // Sent: nothing holds the close any more.
  await openSection(page, 'Accounts');
  d = await openAccount(page, 'Travel');
  await d.getByRole('button', { name: 'Close account…' }).click();
  await expect(dialog.getByRole('button', { name: 'Close account' })).toBeEnabled();
  await expect(dialog.getByTestId('close-blocked')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Back on the account: read again shows it empty, and it closes with nothing left to move.
  await d.getByRole('button', { name: 'Refresh this account' }).click();
  await expect(d.getByRole('status').filter({ hasText: 'Refreshed from the bank: balance $0.00.' })).toBeVisible();
  await d.getByRole('button', { name: 'Close account…' }).click();
  await expect(dialog).toContainText('Travel holds $0.00');
  await expect(dialog.getByRole('button', { name: /^Move/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close account' }).click();
  await expect(dialog).toBeHidden();
  expect(sandbox.world.virtualAccounts.get(travel.id)?.closedAt).not.toBeNull();
  await expect(accountList(page)).not.toContainText('Travel');
});

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parseCsv } from '../../src/renderer/src/model/csv';
import type { Sandbox } from '../../src/sandbox';
import { virtualAccountView } from '../../src/sandbox/accounts/views';
import { formatCents } from '../../src/shared/money';
import { test, expect } from './fixtures';
import { draftTransfer, newItemForm, openImport, openSection, syncedDemo } from './harness/flows';
import { twoAccounts } from './harness/accounts';

// The outbox through the real screens, core and sandbox: drafted offline, approved by a person,
// sent exactly once when the connection returns, whatever happens in between.

const ledgerFor = (sandbox: Sandbox, amountCents: number) =>
  sandbox.world.ledger.filter((e) => e.amountCents === amountCents);

test('drafted offline, approved, sent exactly once when the service returns', async ({ app }) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to } = twoAccounts(sandbox);
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');

  await draftTransfer(page, from, to, '1,234.56');
  await expect(page.getByText('Queued for approval (Approvals).')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approvals/ })).toContainText('1');

  await openSection(page, 'Transfers');
  const review = page.getByRole('definition').filter({ hasText: '$1,234.56' });
  await expect(review).toBeVisible();
  // The accounts' ids and the key are there for support, behind "Technical details".
  const item = page
    .getByRole('region', { name: 'Awaiting approval' })
    .getByRole('listitem')
    .filter({ hasText: 'Transfer $1,234.56' });
  await item.getByText('Technical details').click();
  await expect(item.getByRole('definition').filter({ hasText: from })).toHaveText(from);
  await page.getByRole('button', { name: /^Approve: Transfer \$1,234\.56/ }).click();
  const approved = page.getByRole('region', { name: 'Approved, to send' });
  await expect(approved).toContainText('Transfer $1,234.56');
  expect(ledgerFor(sandbox, 123_456)).toHaveLength(0);
  // The sidebar counts it under Transfers, not Payments.
  await expect(
    page.getByRole('button', { name: /^Transfers/ }).getByLabel('1 transfers approved, to send'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Payments/ }).locator('.sidebar__badge')).toHaveCount(0);
  // Main knows one approved item is unsent: closing the last window now would ask first.
  await expect.poll(() => app.unsentReports.at(-1)).toBe(1);

  await sandbox.resetFaults();
  await app.probeUntil('online');
  const sent = page.getByRole('region', { name: 'Sent' });
  await expect(sent).toContainText('Transfer $1,234.56');
  expect(ledgerFor(sandbox, 123_456)).toHaveLength(1);
  await expect.poll(() => app.unsentReports.at(-1)).toBe(0);
  await sent.getByText(/^History/).click();
  await expect(sent).toContainText(/Awaiting approval → Approved, to send by .+ on .+/);

  // The audit log, as CSV through main, tells the same story and outlives the queue.
  await openSection(page, 'Approvals');
  await page.getByRole('button', { name: /^Clear finished/ }).click();
  await expect(sent).toHaveCount(0);
  await page.getByRole('button', { name: 'Export audit log (CSV)' }).click();
  // No native save dialog in this host: main asks about the file in its own window.
  await app.prompts.confirm(/^Save “.+\.csv” in /);
  const saved = page.getByText(/^Saved \d+ audit lines to /);
  await expect(saved).toBeVisible();
  const rows = parseCsv(
    await readFile(((await saved.textContent()) ?? '').replace(/^Saved \d+ audit lines to /, ''), 'utf8'),
  );
  expect(rows[0]).toEqual(['time_utc', 'item', 'kind', 'action', 'amount_cents', 'amount', 'by', 'detail']);
  expect(rows.slice(1).map((r) => r[3])).toEqual(['drafted', 'awaiting approval', 'approved', 'sending', 'sent']);
  expect(rows.slice(1).every((r) => r[4] === '123456' && r[5] === '1,234.56')).toBe(true);
  expect(rows[3]?.[6]).toMatch(/ on /);
});

test('reloaded in the middle of a send: resent with the same key, one transfer', async ({ app }) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to } = twoAccounts(sandbox);
  await draftTransfer(page, from, to, '77.01');
  await openSection(page, 'Transfers');
  // The service is slow: the send is in flight when the page goes away.
  await sandbox.setFaults({ latencyMs: 3_000 });
  await page.getByRole('button', { name: /^Approve: Transfer \$77\.01/ }).click();
  await expect(page.getByRole('region', { name: 'Sending' })).toContainText('Transfer $77.01');
  await page.reload();
  await sandbox.resetFaults();
  await openSection(page, 'Transfers');
  await expect(page.getByRole('region', { name: 'Sent' })).toContainText('Transfer $77.01');
  const entries = ledgerFor(sandbox, 7_701);
  expect(entries).toHaveLength(1);
});

async function queuePayment(page: Page, handle: string, amount: string) {
  await openSection(page, 'Payments');
  const form = await newItemForm(page, 'New payment');
  await form.getByLabel('Pay to (payee handle)').fill(handle);
  await form.getByLabel('Amount (USD)').fill(amount);
  await form.getByRole('button', { name: 'Queue payment' }).click();
  await page.getByRole('button', { name: new RegExp(`^Approve: Payment \\$${amount.replace('.', '\\.')}`) }).click();
}

test('a payment whose answer was lost is never resent: found in the transactions it is marked sent; not found, a person decides', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const payee =
    [...sandbox.world.svcHandles.values()].find((h) => h.id !== sandbox.world.ownSvcHandleId)?.svcHandle ?? 'x';

  // Processed, then the connection dropped: the debit is there, so it is reconciled, not resent.
  await sandbox.setFaults({ dropAfterRate: 1 });
  await queuePayment(page, payee, '12.34');
  await expect.poll(() => ledgerFor(sandbox, 1_234).length).toBe(1);
  await sandbox.resetFaults();
  const sent = page.getByRole('region', { name: 'Sent' });
  await expect(sent).toContainText('Payment $12.34');
  await sent.getByText(/^History/).click();
  await expect(sent).toContainText(/found in the transactions \(/);
  expect(ledgerFor(sandbox, 1_234)).toHaveLength(1);

  // A 503 may come after the work: unknown, and with no debit found it waits for a person.
  await sandbox.setFaults({ errorRate: 1 });
  await queuePayment(page, payee, '56.78');
  const review = page.getByRole('region', { name: 'Needs review' });
  await expect(review).toContainText('may have gone through');
  await sandbox.resetFaults();
  expect(ledgerFor(sandbox, 5_678)).toHaveLength(0);
  // "Send again" asks in the app's own dialog; cancelled, nothing is sent; confirmed, it is sent once.
  await review.getByRole('button', { name: /^Send again/ }).click();
  const ask = page.getByRole('dialog', { name: 'Send this payment again?' });
  await expect(ask).toContainText('Payment $56.78');
  await expect(ask).toContainText('1 new request');
  // From the keyboard: Cancel has the focus, so Enter or Escape sends nothing.
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(review).toContainText('Payment $56.78');
  expect(ledgerFor(sandbox, 5_678)).toHaveLength(0);
  await review.getByRole('button', { name: /^Send again/ }).click();
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ask.getByRole('button', { name: 'Send again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sent).toContainText('Payment $56.78');
  expect(ledgerFor(sandbox, 5_678)).toHaveLength(1);
});

test('a transfer larger than the cached balance is warned about at send time, not blocked: the service refuses it and says why', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to } = twoAccounts(sandbox);
  const source = sandbox.world.virtualAccounts.get(from);
  if (!source) throw new Error('no source account');
  const balance = virtualAccountView(sandbox.world, source).balance.amountCents;
  const over = balance + 1;
  const dollars = formatCents(over);
  await draftTransfer(page, from, to, dollars);
  await openSection(page, 'Transfers');
  await page
    .getByRole('button', { name: new RegExp(`^Approve: Transfer \\$${dollars.replace(/[.,]/g, (c) => `\\${c}`)}`) })
    .click();
  const failed = page.getByRole('region', { name: 'Failed' });
  await expect(failed).toContainText(`Transfer $${dollars}`);
  // The warning, from the cache, and the service's own refusal: it was sent, and judged there.
  await expect(failed).toContainText(`looks short of $${dollars}. Sent anyway: the service decides`);
  await expect(failed).toContainText(/fund it first or send less/);
  expect(ledgerFor(sandbox, over)).toHaveLength(0);
  await failed.getByText(/^History/).click();
  await expect(failed).toContainText(/warning: The cached balance of/);
});

test('bad input: a clear message beside the field, nothing queued', async ({ app }) => {
  const { page } = app;
  const { from } = twoAccounts(await syncedDemo(app));
  for (const [amount, message] of [
    ['0', 'more than zero'],
    ['-5', 'must be positive'],
    ['1.005', 'whole cents'],
    ['90071992547409.92', 'too large'],
    ['abc', 'is not an amount'],
  ]) {
    await draftTransfer(page, from, from, amount as string);
    await expect(page.getByText(message as string)).toBeVisible();
    await expect(page.getByText('the source and the destination are the same')).toBeVisible();
  }
  await openSection(page, 'Approvals');
  await expect(page.getByText('Nothing is queued.', { exact: false })).toBeVisible();
});

test('an approved transfer whose amount changes is a new operation: a new key, approved again, only the new amount sent', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to } = twoAccounts(sandbox);
  await openSection(page, 'Approvals');
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await draftTransfer(page, from, to, '5.55');
  await openSection(page, 'Transfers');
  await page.getByRole('region', { name: 'Awaiting approval' }).getByText('Technical details').click();
  const firstKey = await page
    .getByRole('definition')
    .filter({ hasText: /^[0-9a-f-]{36}$/ })
    .textContent();
  await page.getByRole('button', { name: /^Approve: Transfer \$5\.55/ }).click();
  await expect(page.getByRole('region', { name: 'Approved, to send' })).toContainText('Transfer $5.55');

  await page.getByRole('button', { name: /^Change amount: Transfer \$5\.55/ }).click();
  await page.getByLabel('New amount (USD)').fill('6.66');
  await page.getByRole('button', { name: 'Change and send for approval' }).click();
  const waiting = page.getByRole('region', { name: 'Awaiting approval' });
  await expect(waiting).toContainText('Transfer $6.66');
  await waiting.getByText('Technical details').click();
  const secondKey = await waiting
    .getByRole('definition')
    .filter({ hasText: /^[0-9a-f-]{36}$/ })
    .textContent();
  expect(secondKey).not.toBe(firstKey);
  await page.getByRole('button', { name: /^Approve: Transfer \$6\.66/ }).click();
  await openSection(page, 'Approvals');
  await page.getByRole('button', { name: 'Resume sending' }).click();
  await expect(page.getByRole('region', { name: 'Sent' })).toContainText('Transfer $6.66');
  expect(ledgerFor(sandbox, 666)).toHaveLength(1);
  expect(ledgerFor(sandbox, 555)).toHaveLength(0);
  expect(ledgerFor(sandbox, 666)[0]?.idempotencyKey).toBe(secondKey);
});

test('with approval only above $100, a smaller transfer goes without one and a larger one waits', async ({ app }) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to } = twoAccounts(sandbox);
  await openSection(page, 'Settings');
  await page.getByLabel('Amount (USD)').fill('100');
  await page.getByRole('button', { name: 'Use this amount' }).click();
  await expect(page.getByText('(now $100.00)')).toBeVisible();
  await draftTransfer(page, from, to, '99.99');
  await expect(page.getByText('Queued: it will be sent when online.')).toBeVisible();
  await draftTransfer(page, from, to, '100.01');
  await expect(page.getByText('Queued for approval (Approvals).')).toBeVisible();
  await openSection(page, 'Approvals');
  await expect(page.getByRole('region', { name: 'Sent' })).toContainText('Transfer $99.99');
  await expect(page.getByRole('region', { name: /^Waiting for approval/ })).toContainText('Transfer $100.01');
  expect(ledgerFor(sandbox, 9_999)).toHaveLength(1);
  expect(ledgerFor(sandbox, 10_001)).toHaveLength(0);
});

test('bulk import: errors beside each row, nothing queued until the bad rows are left out', async ({ app }) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to } = twoAccounts(sandbox);
  await openSection(page, 'Transfers');
  // The import is its own panel, opened beside "New transfer".
  await openImport(page, 'transfer');
  const csv = `source,destination,amount,memo\n${from},${to},10.01,first\n${from},${from},0,\nva_nope,${to},3.333,\n${to},${from},10.02,"second, with a comma"\n`;
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'transfers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('2 rows ready, 2 with errors.')).toBeVisible();
  const problems = page.getByRole('table', { name: 'Rows with errors' });
  await expect(problems.getByRole('row', { name: /^3 / })).toContainText(
    'The source and the destination are the same: choose a different account.',
  );
  await expect(problems.getByRole('row', { name: /^4 / })).toContainText('Unknown or closed account va_nope.');
  await expect(problems.getByRole('row', { name: /^4 / })).toContainText('whole cents');
  const queue = page.getByRole('button', { name: 'Queue 2 transfers' });
  await expect(queue).toBeDisabled();
  await page.getByLabel('Leave out the 2 rows with errors').check();
  await queue.click();
  await expect(page.getByText('Queued 2 transfers for approval.')).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Awaiting approval' });
  await expect(waiting.getByRole('listitem')).toHaveCount(2);
  await expect(waiting).toContainText('second, with a comma');

  await openSection(page, 'Transfers');
  await openImport(page, 'transfer');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: Buffer.from('from,to,amount\na,b,1\n') });
  await expect(page.getByRole('alert')).toContainText("The file's columns do not match");
});

test('a payment submitted twice before the first is written is queued once', async ({ app }) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const payee = [...sandbox.world.svcHandles.values()].find((h) => h.id !== sandbox.world.ownSvcHandleId);
  if (!payee) throw new Error('the seed has no payee');
  await openSection(page, 'Payments');
  const form = await newItemForm(page, 'New payment');
  await form.getByLabel('Pay to (payee handle)').fill(payee.svcHandle);
  await form.getByLabel('Amount (USD)').fill('77.70');
  // Two submits in the same task: both reach the form before the first draft is written, as a
  // double Enter on a busy machine would.
  await form.evaluate((f: HTMLFormElement) => {
    f.requestSubmit();
    f.requestSubmit();
  });
  await expect(page.getByText('Queued for approval (Approvals).')).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Awaiting approval' });
  await expect(waiting).toContainText('Payment $77.70');
  await expect(waiting.getByRole('listitem').filter({ hasText: 'Payment $77.70' })).toHaveCount(1);
});

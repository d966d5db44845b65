import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parseCsv } from '../../src/renderer/src/model/csv';
import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { approveUpTo, newItemForm, openImport, openSection, sentHistory, syncedDemo } from './harness/flows';
import { twoAccounts } from './harness/accounts';
import { usd } from './harness/text';

/**
 * Transfers reads like the job: every queue row says who asked and when; a history lists what
 * was sent, newest first, with a search; the CSV import is its own action with a template and a
 * preview, and queues nothing until the preview is confirmed.
 */
test.use({ session: { now: PINNED_NOON, demo: { seed: 7, transactions: 300 } } });

async function queueTransfer(page: Page, from: string, to: string, amount: string, memo: string): Promise<void> {
  const form = await newItemForm(page, 'New transfer');
  await form.getByLabel('From').selectOption(from);
  await form.getByLabel('To').selectOption(to);
  await form.getByLabel('Amount (USD)').fill(amount);
  await form.getByLabel('Memo (optional)').fill(memo);
  await form.getByRole('button', { name: 'Queue transfer' }).click();
  await expect(form).toBeHidden();
}

test('every queue row says who asked and when; the sent history lists what the ledger shows, newest first, and its search narrows it', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to } = twoAccounts(sandbox);
  const before = sandbox.world.ledger.length;
  await approveUpTo(page, '100');
  await openSection(page, 'Transfers');
  const history = sentHistory(page, 'transfer');
  await expect(history).toContainText('Nothing sent yet');

  // Three go without approval, one by one (each sent before the next); a larger one waits.
  const sentAmounts = ['11.11', '22.22', '33.33'];
  const memos = ['March rent', 'Globex retainer', 'Payroll top-up'];
  for (const [i, amount] of sentAmounts.entries()) {
    await queueTransfer(page, from, to, amount, memos[i] ?? '');
    await expect.poll(() => sandbox.world.ledger.length - before).toBe(i + 1);
  }
  await queueTransfer(page, from, to, '444.44', 'Waits for approval');

  // What the sandbox's ledger shows as sent since, newest first: the history's rows, in order.
  const ledger = sandbox.world.ledger.slice(before).filter((e) => e.kind === 'transfer');
  const expected = [...ledger].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).map((e) => usd(e.amountCents));
  const amounts = history.locator('tbody tr td:last-child');
  await expect(amounts).toHaveText(expected);

  // Each row of the queue, in every group, names who asked and when.
  const rows = page
    .locator('.outbox')
    .getByRole('listitem')
    .filter({ has: page.locator('.outbox__summary') });
  await expect(rows).toHaveCount(4);
  for (const row of await rows.all())
    await expect(row.locator('.outbox__who')).toHaveText(/^Requested (on this computer|by you) \d{1,2}:\d{2}\s?[AP]M/);

  // The search: by payee or memo, by amount; none found says so and how to see all again.
  const search = history.getByRole('searchbox', { name: 'Search what was sent' });
  await search.focus();
  await page.keyboard.type('globex');
  await expect(amounts).toHaveText([usd(2_222)]);
  await search.fill('33.33');
  await expect(amounts).toHaveText([usd(3_333)]);
  await search.fill(sandbox.world.virtualAccounts.get(to)?.name ?? 'missing');
  await expect(amounts).toHaveText(expected);
  await search.fill('no such payee');
  await expect(history.getByRole('status')).toHaveText(
    `No sent transfer matches “no such payee”. Clear the search to see all ${expected.length}.`,
  );
  await search.fill('');
  await expect(amounts).toHaveCount(expected.length);
});

test('the CSV import: its own action, a template the importer accepts, a preview of good and bad rows, nothing queued until confirmed', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to } = twoAccounts(sandbox);
  const fromName = sandbox.world.virtualAccounts.get(from)?.name ?? '';
  const toName = sandbox.world.virtualAccounts.get(to)?.name ?? '';
  await openSection(page, 'Transfers');
  const panel = await openImport(page, 'transfer');
  // Its own panel: the new-transfer form is not open beside it.
  await expect(page.getByRole('form', { name: 'New transfer' })).toBeHidden();

  // The template, saved through main as every export is.
  await panel.getByRole('button', { name: 'Download the template' }).click();
  await app.prompts.confirm(/^Save “transfers-template\.csv” in /);
  const saved = panel.getByText(/^Saved the template to /);
  await expect(saved).toBeVisible();
  const path = ((await saved.textContent()) ?? '').replace(/^Saved the template to /, '').replace(/\.$/, '');
  const template = parseCsv(await readFile(path, 'utf8')).filter((r) => r.some((c) => c !== ''));
  expect(template).toEqual([['source', 'destination', 'amount', 'memo', 'send_on']]);

  // The template filled in: two good rows and two bad ones.
  const header = (template[0] ?? []).join(',');
  const csv = `${header}\n${from},${to},12.50,first import,\n${from},${from},5,,\nva_nope,${to},1.234,,\n${to},${from},7.25,"second, with a comma",\n`;
  await panel
    .getByLabel('CSV file')
    .setInputFiles({ name: 'filled.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(panel.getByText('2 rows ready, 2 with errors.')).toBeVisible();
  const good = panel.getByRole('table', { name: 'Rows to queue' });
  await expect(good.getByRole('row', { name: /^2 / })).toContainText(`${usd(1_250)} from ${fromName} to ${toName}`);
  await expect(good.getByRole('row', { name: /^5 / })).toContainText(`${usd(725)} from ${toName} to ${fromName}`);
  const bad = panel.getByRole('table', { name: 'Rows with errors' });
  await expect(bad.getByRole('row', { name: /^3 / })).toContainText('choose a different account');
  await expect(bad.getByRole('row', { name: /^4 / })).toContainText(
    "Unknown or closed account va_nope. Use an open account's id",
  );
  await expect(bad.getByRole('row', { name: /^4 / })).toContainText('whole cents');

  // Nothing is queued by the preview.
  const queued = page.locator('.outbox').getByRole('listitem');
  await expect(page.getByText('No transfers queued.')).toBeVisible();
  await expect(queued).toHaveCount(0);

  // Confirmed with the bad rows left out: exactly the good ones, waiting for approval.
  await panel.getByLabel('Leave out the 2 rows with errors').check();
  await panel.getByRole('button', { name: 'Queue 2 transfers' }).click();
  await expect(panel.getByText('Queued 2 transfers for approval.')).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Awaiting approval' });
  await expect(waiting.getByRole('listitem')).toHaveCount(2);
  await expect(waiting).toContainText(`Transfer ${usd(1_250)} from ${fromName} to ${toName}`);
  await expect(waiting).toContainText(`Transfer ${usd(725)} from ${toName} to ${fromName}`);
  await expect(queued).toHaveCount(2);
});

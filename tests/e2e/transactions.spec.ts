import { money } from '../../src/renderer/src/model/format';
import { dollarsOf } from '../../src/renderer/src/model/query-text';
import type { Sandbox } from '../../src/sandbox';
import { rawMerchantDescription } from '../../src/sandbox/transactions/card-profiles';
import { test, expect } from './fixtures';
import { openSection, syncedTransactions, syncUntil } from './harness/flows';
import { referenceChart } from '../support/chart-reference';
import { allTransactions, expectedSearch, searchRows } from './harness/expected';
import { EXPECTED_COLUMNS, expectedCsvRow, readCsv } from './harness/csv-expected';
import { resultSummary as summary, searchTransactions as search } from './harness/transactions';
import { count as fmt } from './harness/text';

/** The sandbox's merchants by the card-network text its transactions carry (their descriptor -> their name). */
function merchantNames(sandbox: Sandbox): Map<string, string> {
  const byDescriptor = new Map<string, string>();
  for (const m of sandbox.world.merchants.values()) byDescriptor.set(rawMerchantDescription(m), m.name);
  return byDescriptor;
}

test('sync, then search by text, amount and filters, offline too; open a detail; add a note; export CSV and read it back', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedTransactions(app);
  const all = allTransactions(sandbox);
  await expect(summary(page)).toContainText(`${fmt(all.length)} transactions`);

  // Free text: a merchant word, as typed, lower case and cut short.
  const word = all.find((t) => t.merchantData?.description)?.description.split(/\s+/)[0] ?? 'Google';
  const prefix = word.slice(0, 3).toLowerCase();
  await search(page, prefix);
  await expect(summary(page)).toContainText(
    `${fmt(expectedSearch(sandbox, { text: prefix }).summary.count)} transactions`,
  );

  // An amount as people type it.
  const amount = `-${dollarsOf(all.find((t) => t.amountCents < -10_000)?.amountCents ?? -12_345)}`;
  await search(page, amount);
  const byAmount = expectedSearch(sandbox, { text: amount });
  expect(byAmount.summary.count).toBeGreaterThan(0);
  await expect(summary(page)).toContainText(`${fmt(byAmount.summary.count)} transaction`);

  // Offline: the sandbox goes away; searching goes on from the cache.
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await search(page, '');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('checkbox', { name: 'Pending' }).check();
  const pending = expectedSearch(sandbox, { statuses: ['pending'] });
  await expect(summary(page)).toContainText(`${fmt(pending.summary.count)} transaction`);
  await expect(page.getByRole('group', { name: 'Active filters' }).getByText('Status: Pending')).toBeVisible();
  await expect(summary(page)).toContainText(
    `In ${money(pending.summary.inCents)}Out ${money(pending.summary.outCents)}Net ${money(pending.summary.netCents)}`,
  );

  // The newest pending transaction opens in the detail pane.
  const first = all.find((t) => t.id === pending.ids[0]);
  await page.getByRole('grid', { name: 'Transactions' }).getByRole('row').nth(1).click();
  const detail = page.getByRole('region', { name: 'Transaction details' });
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(first?.description ?? '');
  // Its id is there for support, behind "Technical details".
  await expect(detail.getByText(first?.id ?? 'x')).toBeHidden();
  await detail.getByText('Technical details').click();
  await expect(detail.getByText(first?.id ?? 'x')).toBeVisible();

  // A note written offline is queued, shows at once, and is sent when the connection returns.
  await detail.getByRole('button', { name: /Add a note|Edit note/ }).click();
  await detail.getByRole('textbox', { name: 'Note' }).fill('Checked with finance');
  await detail.getByRole('button', { name: 'Save note' }).click();
  await expect(detail.getByText('Checked with finance')).toBeVisible();
  await expect(detail.getByText('Waiting to be sent')).toBeVisible();
  expect(sandbox.world.transactions.get(first?.id ?? '')?.tx.note).not.toBe('Checked with finance');
  await sandbox.resetFaults();
  await app.probeUntil('online');
  await expect(detail.getByText('Waiting to be sent')).toHaveCount(0);
  expect(sandbox.world.transactions.get(first?.id ?? '')?.tx.note).toBe('Checked with finance');

  // Export the pending result and read the file back with csv-parse: the service's pending
  // transactions, newest first (the same instant: the highest id first), every column as the
  // service has it, the note just sent included.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await app.prompts.confirm(/^Save “.+\.csv” in /);
  const saved = page.getByText(/Saved \d+ transactions to /);
  await expect(saved).toBeVisible();
  const path = ((await saved.textContent()) ?? '').replace(/^Saved \d+ transactions to /, '');
  const csv = await readCsv(path);
  const expected = allTransactions(sandbox)
    .filter((t) => t.status === 'pending')
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  expect(csv.header).toEqual(EXPECTED_COLUMNS);
  expect(csv.rows).toEqual(expected.map(expectedCsvRow));
  expect(csv.rows.find((r) => r[0] === first?.id)?.[EXPECTED_COLUMNS.indexOf('note')]).toBe('Checked with finance');
});

test('reload offline: the cache and its index come back and search works; online again, settled items move', async ({
  app,
}) => {
  // Syncs, waits for the index to be saved, reloads, and syncs again ten days on.
  test.slow();
  const { page } = app;
  const sandbox = await syncedTransactions(app);
  const pendingBefore = expectedSearch(sandbox, { statuses: ['pending'] }).summary.count;
  expect(pendingBefore).toBeGreaterThan(0);
  // The index is saved a few seconds after it settles: wait until the saved copy covers every
  // cached chunk, then go offline and reload.
  await expect(summary(page)).toHaveAttribute('data-index-watermark', /^[1-9]/);
  await expect
    .poll(
      async () =>
        (await summary(page).getAttribute('data-index-saved')) ===
        (await summary(page).getAttribute('data-index-watermark')),
      { timeout: 90_000 },
    )
    .toBe(true);
  await sandbox.setFaults({ offline: true });
  await page.reload();
  // A reload opens the first screen, the Dashboard.
  await openSection(page, 'Transactions');
  const all = allTransactions(sandbox);
  await search(page, '');
  await expect(summary(page)).toContainText(`${fmt(all.length)} transactions`);
  // Loaded from the saved copy, not rebuilt from the cached chunks.
  await expect(summary(page)).toHaveAttribute('data-index-from', 'storage');

  await sandbox.resetFaults();
  const res = await fetch(`${sandbox.apiUrl}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ advanceDays: 10 }),
  });
  expect(res.ok).toBe(true);
  await app.probeUntil('online');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('checkbox', { name: 'Pending' }).check();
  const pendingAfter = expectedSearch(sandbox, { statuses: ['pending'] }).summary.count;
  expect(pendingAfter).toBeLessThan(pendingBefore);
  // Coming back online may start a sync of its own (perhaps before the clock moved): update from
  // the top bar until a finished sync shows the settled items moved.
  await syncUntil(page, async () => {
    await expect(summary(page)).toContainText(`${fmt(pendingAfter)} transaction`, { timeout: 2_000 });
  });
  await openSection(page, 'Cards');
});

test('Fees and what they were charged for: an outgoing wire whose fee is a transaction of its own is there, not under "Without a fee"', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedTransactions(app);
  const all = allTransactions(sandbox);
  const wireFee = all.find(
    (t) =>
      t.feeInfo?.relatedTransaction &&
      /^Wire to /.test(all.find((w) => w.id === t.feeInfo?.relatedTransaction?.id)?.description ?? ''),
  );
  const wireId = wireFee?.feeInfo?.relatedTransaction?.id ?? 'no wire with a separate fee in the seed';
  await page.getByRole('button', { name: /^Filters/ }).click();
  const fees = page.getByLabel('Fees');
  // Counts read whole (the summary starts with the count): "1 transaction" is also in "21 transactions".
  const counted = (n: number) => new RegExp(`^${fmt(n)} transactions?In`);
  await fees.selectOption({ label: 'Fees and what they were charged for' });
  await expect(summary(page)).toContainText(counted(expectedSearch(sandbox, { hasFee: true }).summary.count));
  await search(page, wireId);
  await expect(summary(page)).toContainText(counted(1));
  const rows = page.getByRole('grid', { name: 'Transactions' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(/Wire to /);
  await fees.selectOption({ label: 'Without a fee' });
  await expect(summary(page)).toContainText(counted(0));
  await search(page, '');
  await expect(summary(page)).toContainText(counted(expectedSearch(sandbox, { hasFee: false }).summary.count));
});

test('bad input: a 10,000-character search and odd Unicode give an answer and a note, never a crash', async ({
  app,
}) => {
  const { page } = app;
  await syncedTransactions(app);
  await search(page, 'x'.repeat(10_000));
  await expect(page.getByText(/Only the first 500 characters/)).toBeVisible();
  await expect(summary(page)).toContainText('0 transactions');
  await search(page, '🙂 \u202e\u0000 é̀ 𝔄');
  await expect(summary(page)).toContainText('transactions');
  await search(page, '');
  await expect(page.getByText(/Only the first 500 characters/)).toHaveCount(0);
});

test('charts offline: spend per period and top merchants of the result, equal to the oracle; a merchant narrows the search', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedTransactions(app);
  const rows = searchRows(sandbox);
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');

  await page.getByRole('button', { name: 'Charts' }).click();
  const charts = page.getByRole('region', { name: 'Charts of the current result' });
  const expected = referenceChart(rows);
  expect(expected.topMerchants.length).toBeGreaterThan(1);
  await expect(
    charts.getByText(`Card spend per ${expected.bucket} (UTC) of ${fmt(rows.length)} transactions`),
  ).toBeVisible();
  // Merchants by name: each bar names the sandbox's merchant whose card-network text it groups.
  const byDescriptor = merchantNames(sandbox);
  const named = (raw: string) => {
    const name = byDescriptor.get(raw);
    if (!name) throw new Error(`no sandbox merchant has the descriptor ${raw}`);
    return name;
  };
  const bars = charts.getByRole('listitem');
  await expect(bars).toHaveCount(expected.topMerchants.length);
  for (const [i, m] of expected.topMerchants.entries()) {
    await expect(bars.nth(i)).toContainText(`${named(m.name)}${money(m.spendCents)} · ${fmt(m.count)}`);
  }

  const top = expected.topMerchants[0]?.name ?? '';
  const topName = named(top);
  await charts.getByRole('button', { name: topName, exact: true }).click();
  await expect(page.getByRole('group', { name: 'Active filters' }).getByText(`Merchant: ${topName}`)).toBeVisible();
  const narrowed = expectedSearch(sandbox, { merchants: [top] });
  await expect(summary(page)).toContainText(`${fmt(narrowed.summary.count)} transaction`);
  const ids = new Set(narrowed.ids);
  const only = referenceChart(rows.filter((r) => ids.has(r.id)));
  await expect(bars).toHaveCount(1);
  await expect(bars.first()).toContainText(`${topName}${money(only.topMerchants[0]?.spendCents ?? 0)}`);
});

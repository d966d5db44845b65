import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { startDemo, synced, syncedDemo } from './harness/flows';
import { PINNED_NOON } from './harness/clock';
import { accountDetail, vaNamed } from './harness/accounts';
import {
  expectedRows,
  exportAs,
  fillRange,
  holdNextSave,
  movedMoney,
  openAccountExport,
} from './harness/account-export';
import { serviceAccounts } from './harness/dashboard';
import { allTransactions } from './harness/expected';
import { EXPECTED_COLUMNS, expectedCsvRow, readCsv } from './harness/csv-expected';
import { expectedOfxRow, expectedText } from '../support/ofx-expected';
import { libofxInstant, ofxdumpFile } from '../support/ofxdump';

/**
 * The account export through the Accounts screen against the Demo's sandbox: OFX and CSV of one
 * account for a range, read back by readers that are not the app's (the OFX by libofx's ofxdump,
 * the CSV by csv-parse) and compared field by field with the service's own transactions, chosen,
 * ordered and written out by rules written in the tests; a bad range refused with nothing written;
 * the same export offline. The Demo's clock is pinned; the range is counted from it, never from today.
 */
const START = PINNED_NOON;
// Enough history that the account has more rows in the range than one page of the index read (500).
test.use({ session: { now: START, demo: { seed: 7, transactions: 2000 } } });

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** About eleven months, up to the end of the last full UTC month at least three days before START. */
function rangeBeforeStart(): { from: string; to: string } {
  const back = new Date(START - 3 * DAY_MS);
  return {
    from: isoDay(START - 330 * DAY_MS),
    to: isoDay(Date.UTC(back.getUTCFullYear(), back.getUTCMonth(), 1) - DAY_MS),
  };
}
const pageNow = (page: Page) => page.evaluate(() => Date.now());

test('export an account as OFX and CSV for a range, read both back against the service; a bad range writes nothing; offline too', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  await app.open();
  // The balance the statement states was read after this (by the page's clock, which stamps it).
  const beforeSync = await pageNow(page);
  await startDemo(page);
  await synced(page);
  const sandbox = await app.demoSandbox();
  const va = vaNamed(sandbox, 'Engineering');
  // Pending items settle (and may change date) two days after they were made: a range ending three
  // days back holds none that could settle while the test runs and make the sandbox disagree with
  // the cache for a reason that is not a bug.
  const range = rangeBeforeStart();
  const expected = expectedRows(sandbox, va.id, range);
  expect(expected.length, 'the range spans more than one page of the index').toBeGreaterThan(500);
  const inRange = allTransactions(sandbox, { virtualAccountId: va.id }).filter(
    (t) => t.date.slice(0, 10) >= range.from && t.date.slice(0, 10) <= range.to,
  );
  expect(
    inRange.filter((t) => !movedMoney(t)).length,
    'the range holds rows that moved no money, to be left out',
  ).toBeGreaterThan(0);
  const cut = expected.filter((t) => expectedText(t).name !== expectedText(t).payee);
  expect(cut.length, 'the range holds payees longer than NAME holds').toBeGreaterThan(0);
  const exportDir = join(app.userDataDir, 'exports');
  const written = async () => readdir(exportDir).catch(() => [] as string[]);

  const panel = await openAccountExport(page, 'Engineering');

  // A backwards range: refused beside the To field, nothing written. An empty From: beside From.
  await fillRange(panel, { from: range.to, to: range.from });
  await panel.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(panel.getByLabel('To')).toHaveAccessibleDescription(/before the first day/);
  await panel.getByLabel('From').fill('');
  await expect(panel.getByLabel('From')).toHaveAccessibleDescription(/Enter the first day/);
  await panel.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(panel.getByText(/^Saved /)).toHaveCount(0);
  expect(await written()).toEqual([]);

  // OFX, as libofx reads it: the account's numbers, the range, every row in order with its amount,
  // time, FITID, type, NAME and MEMO, and the balance the service reported with when it was read.
  await fillRange(panel, range);
  await expect(panel.getByLabel('To')).not.toHaveAttribute('aria-invalid', 'true');
  const ofxFile = await exportAs(app.prompts, panel, 'OFX');
  const exportedBy = await pageNow(page);
  expect(ofxFile.path.endsWith('.ofx')).toBe(true);
  expect(ofxFile.rows).toBe(expected.length);
  const ofx = ofxdumpFile(ofxFile.path);
  // Plain ASCII data: declared USASCII, which libofx reads without a warning or an error.
  expect(ofx.problems).toEqual([]);
  expect(ofx).toMatchObject({
    bankId: va.routingNumber,
    accountNumber: va.accountNumber,
    accountType: 'CHECKING',
    currency: 'USD',
  });
  expect(ofx.startMs).toBe(libofxInstant(Date.parse(`${range.from}T00:00:00Z`)));
  expect(ofx.endMs).toBe(Date.parse(`${range.to}T23:59:59Z`));
  expect(ofx.transactions).toEqual(expected.map(expectedOfxRow));
  // A payee cut to NAME's 32 characters is whole in MEMO.
  for (const t of cut)
    expect(ofx.transactions.find((r) => r.fitId === t.id)?.memo?.startsWith(expectedText(t).payee)).toBe(true);
  expect(ofx.balanceCents).toBe(
    serviceAccounts(sandbox).find((v) => v.virtualAccount.id === va.id)?.balance.amountCents,
  );
  expect(ofx.balanceAsOfMs).toBeGreaterThanOrEqual(Math.floor(beforeSync / 1000) * 1000);
  expect(ofx.balanceAsOfMs).toBeLessThanOrEqual(exportedBy);

  // CSV, as csv-parse reads it: the same rows in the same order, every column as the service has it.
  const csvFile = await exportAs(app.prompts, panel, 'CSV', ofxFile.path);
  expect(csvFile.path.endsWith('.csv')).toBe(true);
  const csv = await readCsv(csvFile.path);
  expect(csv.header).toEqual(EXPECTED_COLUMNS);
  expect(csv.rows).toEqual(expected.map(expectedCsvRow));

  // Offline: the export reads only the cache, so it works the same.
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  const offline = await exportAs(app.prompts, panel, 'OFX', csvFile.path);
  expect(offline.path.endsWith('.ofx')).toBe(true);
  expect(ofxdumpFile(offline.path).transactions).toEqual(expected.map(expectedOfxRow));
  expect(await written()).toHaveLength(3);
});

test('closing the details while an export runs stops it: nothing is left written', async ({ app }) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const range = rangeBeforeStart();
  expect(
    expectedRows(sandbox, vaNamed(sandbox, 'Engineering').id, range).length,
    'the export has rows to write',
  ).toBeGreaterThan(0);
  const exportDir = join(app.userDataDir, 'exports');
  const panel = await openAccountExport(page, 'Engineering');
  await fillRange(panel, range);

  const save = holdNextSave(app.core);
  await panel.getByRole('radio', { name: /^CSV/ }).check();
  await panel.getByRole('button', { name: 'Export', exact: true }).click();
  await save.held;
  await expect(panel.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
  await accountDetail(page).getByRole('button', { name: 'Close the account details' }).click();
  await expect(accountDetail(page)).toHaveCount(0);
  save.release();
  await app.prompts.confirm();

  // The export saw its cancel at the first piece: main was told to drop the file, and none is left.
  await expect.poll(() => save.aborts()).toBe(1);
  expect(await readdir(exportDir).catch(() => [] as string[])).toEqual([]);
});

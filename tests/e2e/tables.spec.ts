import type { Locator, Page } from '@playwright/test';
import type { Transaction } from '../../src/shared/service';
import { test, expect } from './fixtures';
import { allTransactions } from './harness/expected';
import { usd } from './harness/text';
import { openSection, syncedDemo, dataStatus, updateButton } from './harness/flows';

/**
 * The shared tables as a person meets them: rows chosen and opened from the keyboard, sortable
 * headers that say their order, columns that give way by priority when a detail opens (the name
 * and the amount stay whole), numbers right-aligned in tabular figures, chart axes drawn in the
 * theme's colours, and a sync line that never says "up to date" offline. The Demo's clock and the
 * page's are pinned to one instant, so nothing here depends on today's date.
 */
const START = Date.UTC(2026, 10, 24, 12);
test.use({ session: { now: START, demo: { seed: 7, transactions: 300 } } });

const grid = (page: Page, name: string) => page.getByRole('grid', { name });
const activeRow = async (g: Locator) => (await g.getAttribute('aria-activedescendant')) ?? '';

/** The sandbox's transactions as the list orders them: newest first, the higher id first on the same instant. */
function newestFirst(txs: Transaction[]): Transaction[] {
  return [...txs].sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** Whether an element shows all of its text (nothing cut to an ellipsis). */
const whole = (cell: Locator) => cell.evaluate((el) => el.scrollWidth <= el.clientWidth);

test('transactions: the scroller is the focusable grid; arrows, Home and End move, Enter opens; with the detail open the card and status give way and the name and amount stay whole', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Transactions');
  const all = newestFirst(allTransactions(sandbox));
  const list = grid(page, 'Transactions');
  await expect(page.locator('.result-summary')).toContainText(`${all.length} transactions`);

  // The grid is the element that scrolls, and it takes focus (one Tab stop for the whole list).
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight && el.tabIndex === 0)).toBe(true);
  await list.focus();
  await expect(list).toBeFocused();
  await page.keyboard.press('ArrowDown');
  expect(await activeRow(list)).toBe('vrow-0');
  await page.keyboard.press('ArrowDown');
  expect(await activeRow(list)).toBe('vrow-1');
  await page.keyboard.press('End');
  expect(await activeRow(list)).toBe(`vrow-${all.length - 1}`);
  // The last row is scrolled into view, and it is the oldest transaction.
  await expect(page.locator(`#vrow-${all.length - 1}`)).toBeInViewport();
  await expect(page.locator(`#vrow-${all.length - 1}`)).toContainText(usd(all.at(-1)?.amountCents ?? 0));
  await page.keyboard.press('Home');
  expect(await activeRow(list)).toBe('vrow-0');

  const headers = list.getByRole('columnheader');
  await expect(headers).toHaveText(['Date (UTC)', 'Description', 'Card', 'Status', 'Amount']);
  await page.keyboard.press('Enter');
  const detail = page.getByRole('region', { name: 'Transaction details' });
  const newest = all[0] as Transaction;
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(newest.description);

  // Beside the detail the least important columns went; the name and the amount are whole.
  await expect(headers).not.toHaveText(['Date (UTC)', 'Description', 'Card', 'Status', 'Amount']);
  await expect(list.getByRole('columnheader', { name: 'Card' })).toHaveCount(0);
  await expect(list.getByRole('columnheader', { name: 'Description' })).toBeVisible();
  await expect(list.getByRole('columnheader', { name: 'Amount' })).toBeVisible();
  for (let i = 0; i < 8; i++) {
    const tx = all[i] as Transaction;
    const cells = page.locator(`#vrow-${i}`).getByRole('gridcell');
    const amount = cells.last();
    await expect(amount).toHaveText(usd(tx.amountCents));
    expect(await whole(amount), `the amount of row ${i} is whole`).toBe(true);
    const description = cells.filter({ hasText: tx.description });
    await expect(description).toHaveCount(1);
    // At least the width the column asks for; a name that fits there is shown whole (a long one ends in "…").
    expect(
      await description.evaluate((el) => el.clientWidth),
      `the description of row ${i} keeps its width`,
    ).toBeGreaterThanOrEqual(180);
    if (tx.description.length <= 16)
      expect(await whole(description), `the description of row ${i} is whole`).toBe(true);
  }

  // Closed again, every column comes back.
  await detail.getByRole('button', { name: 'Close the transaction details' }).click();
  await expect(headers).toHaveText(['Date (UTC)', 'Description', 'Card', 'Status', 'Amount']);
});

test('cards: a sortable header says its order and sorts; Space ticks the active row for the bulk bar, Enter opens it', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Cards');
  const cards = [...sandbox.world.cards.values()];
  const byName = cards.map((c) => c.name).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  const list = grid(page, 'Cards');
  const firstRow = () => page.locator('#vrow-0');
  const nameHeader = list.getByRole('columnheader', { name: 'Name' });
  const createdHeader = list.getByRole('columnheader', { name: /^Created/ });

  // Newest first at the start, said on the Created header.
  await expect(createdHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(createdHeader).toHaveAttribute('aria-sort', 'none');
  await expect(firstRow()).toContainText(byName[0] ?? 'none');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRow()).toContainText(byName.at(-1) ?? 'none');
  // The filters' own sort follows the header.
  await expect(page.getByRole('group', { name: 'Card filters' }).getByLabel('Sort')).toHaveValue(/name/i);

  await list.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await activeRow(list)).toBe('vrow-1');
  await page.keyboard.press(' ');
  const second = byName.at(-2) ?? 'none';
  await expect(page.getByRole('checkbox', { name: `Select ${second}` })).toBeChecked();
  await expect(page.getByText(/^1 selected$/)).toBeVisible();
  await page.keyboard.press(' ');
  await expect(page.getByRole('checkbox', { name: `Select ${second}` })).not.toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Card details' }).getByRole('heading', { level: 2 })).toHaveText(
    second,
  );
});

test('amounts in the Dashboard’s and the forecast’s tables are right-aligned in tabular figures; the forecast is scaled to its data and its axes take the dark theme’s colours', async ({
  app,
}) => {
  const { page } = app;
  await page.emulateMedia({ colorScheme: 'dark' });
  await syncedDemo(app);
  const cash = page.getByRole('table', { name: 'Open virtual accounts' });
  await expect(cash.getByRole('row')).not.toHaveCount(0);
  const style = (cell: Locator) =>
    cell.evaluate((el) => ({
      align: getComputedStyle(el).textAlign,
      figures: getComputedStyle(el).fontVariantNumeric,
    }));
  for (const cell of [
    cash.getByRole('columnheader', { name: 'Balance' }),
    cash.getByRole('row').nth(1).getByRole('cell').first(),
  ]) {
    expect(await style(cell)).toEqual({ align: 'end', figures: 'tabular-nums' });
  }
  const forecast = page.getByRole('region', { name: /^Forecast for / }).first();
  await forecast.getByRole('button', { name: 'Show the table' }).click();
  const day = forecast.getByRole('table').getByRole('row').nth(1);
  expect(await style(day.getByRole('cell').first())).toEqual({ align: 'end', figures: 'tabular-nums' });

  // The chart's axis: money ticks around the balance (a six-figure balance does not start at $0),
  // dates under it, all in the dark theme's muted text colour.
  const chart = forecast.getByRole('img');
  const ticks = chart.locator('text');
  await expect(ticks.first()).toBeVisible();
  const labels = await ticks.allTextContents();
  expect(
    labels.some((l) => /^Nov 2[4-9], 2026$/.test(l)),
    `a dated tick in ${labels.join(' | ')}`,
  ).toBe(true);
  expect(labels).not.toContain('$0');
  // The dark palette's --text-muted (#9aa4b0), not the default black a chart draws with.
  expect(await ticks.first().evaluate((el) => getComputedStyle(el).fill)).toBe('rgb(154, 164, 176)');
});

test('offline, the top bar says when the data was last updated and never "up to date"', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Transactions');
  await expect(dataStatus(page)).toContainText(/^Up to date · /);
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await expect(dataStatus(page)).toContainText(/^Last updated \d/);
  await expect(page.getByText(/Up to date/)).toHaveCount(0);
  await expect(updateButton(page)).toBeDisabled();
});

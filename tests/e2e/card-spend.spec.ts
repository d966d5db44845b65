import { test, expect } from './fixtures';
import { allTransactions } from './harness/expected';
import { PINNED_NOON } from './harness/clock';
import { panel } from './harness/dashboard';
import { cardSpendBetween, isCardSpend, spendingAccountOf } from './harness/dashboard-oracle';
import { usd } from './harness/text';
import { openSection, syncedDemo } from './harness/flows';

/**
 * One card spend on every screen that shows it: the Dashboard's Card spend panel and its split by
 * account, an account's detail and the Transactions charts of the month, each labelled with its
 * UTC month. The expected figures come from the sandbox's own transactions by the oracle's
 * definition (harness/dashboard-oracle.ts, written apart from the app): a debit naming a card
 * whose detailed status is pending, settled or dispute, in the UTC month; a purchase that names no
 * virtual account counts for the account its card spends from.
 */
const START = PINNED_NOON;
test.use({ session: { now: START, demo: { seed: 7, transactions: 300 } } });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('card spend: the Dashboard panel and its accounts, the account and the month’s charts show the same figure under "Card spend · <month>"', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const now = new Date(START);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const label = `Card spend · ${new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(START)}`;

  const txs = allTransactions(sandbox);
  const total = cardSpendBetween(txs, monthStart, nextMonth);
  const byAccount = new Map<string, number>();
  for (const t of txs) {
    const at = Date.parse(t.date);
    if (!isCardSpend(t) || at < monthStart || at >= nextMonth) continue;
    const account = t.virtualAccountId ?? spendingAccountOf(sandbox, t.cardId ?? '');
    byAccount.set(account, (byAccount.get(account) ?? 0) - t.amountCents);
  }
  // Money out this month that is not card spend (transfers, ACH, payroll, declines...): the charts once counted it.
  const otherOut = txs.filter(
    (t) => t.amountCents < 0 && !isCardSpend(t) && Date.parse(t.date) >= monthStart && Date.parse(t.date) < nextMonth,
  ).length;
  expect(total, 'the seed has card spend this month').toBeGreaterThan(0);
  expect(otherOut, 'the seed has other money out this month').toBeGreaterThan(0);

  // The Dashboard: the panel's figure under its month, and split by account under the same label.
  const spendPanel = panel(page, 'Card spend');
  await expect(spendPanel.getByRole('term').first()).toHaveText(label);
  await expect(spendPanel.getByTestId('card-spend-this-month')).toHaveText(usd(total));
  const cash = spendPanel.getByRole('table', { name: 'Card spend by account' });
  await expect(cash.getByRole('columnheader', { name: label })).toBeVisible();
  // The service's all-time `spend` (cards and payments) is no longer shown beside the balances as if it were this.
  await expect(panel(page, 'Cash').getByRole('columnheader', { name: /spend/i })).toHaveCount(0);
  const open = [...sandbox.world.virtualAccounts.values()].filter((v) => v.closedAt === null);
  for (const v of open) {
    await expect(
      cash
        .getByRole('row', { name: new RegExp(`^${escape(v.name)}`) })
        .getByRole('cell')
        .first(),
    ).toHaveText(usd(byAccount.get(v.id) ?? 0));
  }

  // The account that spent the most: the same figure in the list and in its detail; the list's total is the panel's.
  const [topId, topCents] = [...byAccount].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  const topName = sandbox.world.virtualAccounts.get(topId)?.name ?? '';
  await openSection(page, 'Accounts');
  const item = page
    .getByRole('listbox', { name: 'Virtual accounts' })
    .getByRole('option', { name: new RegExp(`^${escape(topName)}`) });
  await expect(item.getByTestId('account-item-card-spend')).toHaveText(`${label} ${usd(topCents)}`);
  await expect(page.getByTestId('accounts-total')).toContainText(`${label} ${usd(total)}`);
  await item.click();
  const detail = page.getByRole('region', { name: 'Account details' });
  await expect(detail.getByRole('term').filter({ hasText: label })).toBeVisible();
  await expect(detail.getByTestId('account-card-spend')).toHaveText(usd(topCents));

  // Transactions narrowed to the month: the chart's days add up to the same total.
  await openSection(page, 'Transactions');
  await page.getByRole('button', { name: /^Filters/ }).click();
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  await page.getByLabel('From (UTC day)').fill(iso(monthStart));
  await page.getByLabel('To (UTC day)').fill(iso(nextMonth - 1));
  await page.getByRole('button', { name: 'Charts' }).click();
  const charts = page.getByRole('region', { name: 'Charts of the current result' });
  await charts.getByText('Show the numbers').click();
  const cells = charts.getByRole('table', { name: 'Card spend per day' }).getByRole('cell');
  await expect(cells.first()).toBeVisible();
  await expect
    .poll(async () =>
      (await cells.allTextContents()).reduce(
        (sum, text) => sum + Math.round(Number(text.replace(/[$,]/g, '')) * 100),
        0,
      ),
    )
    .toBe(total);
});

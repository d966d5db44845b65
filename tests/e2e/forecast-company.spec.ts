import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { dayAfter, DAY_MS, syncedPayrollDemo, serviceAccounts, shownDay } from './harness/dashboard';
import { projectedDailySpend } from './harness/dashboard-oracle';
import { newItemForm, openSection } from './harness/flows';
import { escapeRegExp, usd } from './harness/text';

/**
 * The Dashboard's forecast starts with the company's line: every open account summed, day by day.
 * The test queues an $18,250 transfer from the primary account into Payroll for tomorrow and
 * approves it. Expected, computed here from the sandbox (not from the app's forecast): the line
 * starts at the sum of the open accounts' balances; the transfer moves no company cash (both
 * accounts are ours), and commissions are paid into the primary account (ours too), so each day
 * after today ends a day's card spend of all the open accounts lower (harness/dashboard-oracle.ts)
 * and the lowest is the last day's end. The flows under the line list the transfer on its day as
 * internal, and the primary's chart marks it as a labelled step in the middle of that day.
 */
test.use({ session: { now: PINNED_NOON, demo: { seed: 7, transactions: 300 } } });

const AMOUNT = 18_250_00;
const HORIZON_DAYS = 30;
const MINUS = '\u2212';

test('the company line first: the sum of the open accounts, its lowest, the known flows listed with an internal transfer, and a labelled step on its day', async ({
  app,
}) => {
  test.slow();
  const { sandbox, primary, payroll } = await syncedPayrollDemo(app);
  const { page } = app;
  const tomorrow = dayAfter(PINNED_NOON, 1);

  await openSection(page, 'Transfers');
  const form = await newItemForm(page, 'New transfer');
  await form.getByLabel('From').selectOption(primary.id);
  await form.getByLabel('To').selectOption(payroll.id);
  await form.getByLabel('Amount (USD)').fill('18,250.00');
  await form.getByLabel('Send on (optional, UTC date)').fill(tomorrow);
  await form.getByRole('button', { name: 'Queue transfer' }).click();
  await page.getByRole('button', { name: /^Approve: Transfer \$18,250\.00/ }).click();
  await expect(page.getByRole('region', { name: 'Approved, to send' })).toContainText('Transfer $18,250.00');

  const open = serviceAccounts(sandbox).filter((v) => !v.virtualAccount.closedAt);
  const total = open.reduce((sum, v) => sum + v.balance.amountCents, 0);
  const spend = projectedDailySpend(sandbox, PINNED_NOON);
  const daily = open.reduce((sum, v) => sum + (spend.get(v.virtualAccount.id) ?? 0), 0);
  expect(daily, 'the seed has card spend to project').toBeGreaterThan(0);
  const lastEnd = total - (HORIZON_DAYS - 1) * daily;
  const lastDay = shownDay(dayAfter(PINNED_NOON, HORIZON_DAYS - 1));

  await openSection(page, 'Dashboard');
  const company = page.getByRole('region', { name: 'Company cash forecast' });
  // It comes first: before any account's forecast.
  const first = page.locator('section.forecast').first();
  await expect(first).toHaveAttribute('aria-label', 'Company cash forecast');
  await expect(company.getByTestId('forecast-words')).toHaveText(
    `Now ${usd(total)} · lowest at the end of a day ${usd(lastEnd)} on ${lastDay}`,
  );
  await expect(company.getByRole('img')).toHaveAccessibleName(
    `All accounts: from ${usd(total)} now to ${usd(lastEnd)} at the end of ${HORIZON_DAYS} days; lowest ${usd(lastEnd)} at the end of ${lastDay}.`,
  );

  // The known flows: the transfer on its day, from the primary to Payroll, as internal.
  const flows = company.getByRole('table', { name: `Known flows in the next ${HORIZON_DAYS} days` });
  const row = flows.getByRole('row', { name: new RegExp(`^${escapeRegExp(shownDay(tomorrow))}`) }).filter({
    hasText: `${primary.name} → ${payroll.name}`,
  });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toHaveText([
    'Transfer',
    `${primary.name} → ${payroll.name}`,
    `${MINUS}$18,250.00`,
    'Internal',
  ]);

  // The primary's chart marks it as a labelled step, in the middle of tomorrow (UTC), and says so.
  const label = `${payroll.name} transfer ${MINUS}${usd(AMOUNT)}`;
  const op = page.getByRole('region', { name: `Forecast for ${primary.name}` });
  await expect(op.getByRole('img')).toHaveAccessibleDescription(
    new RegExp(`${escapeRegExp(label)} on ${escapeRegExp(shownDay(tomorrow))}`),
  );
  const step = op.locator('.line-chart__step').filter({ hasText: label });
  await expect(step).toHaveCount(1);
  // Where the step stands: the chart runs from now (noon) to the end of the horizon's last day.
  const axis = op.locator('line.line-chart__axis').first();
  const [left, right] = [Number(await axis.getAttribute('x1')), Number(await axis.getAttribute('x2'))];
  const today = Math.floor(PINNED_NOON / DAY_MS) * DAY_MS;
  const chartNow = await page.evaluate(() => Date.now());
  const fromMs = chartNow;
  const toMs = today + HORIZON_DAYS * DAY_MS;
  const at = today + 1.5 * DAY_MS;
  const expectedX = left + ((at - fromMs) / (toMs - fromMs)) * (right - left);
  const x = Number(await step.locator('line').getAttribute('x1'));
  // The clock runs on from noon while the test works: minutes, a fraction of a pixel here.
  expect(Math.abs(x - expectedX)).toBeLessThan(2);
});

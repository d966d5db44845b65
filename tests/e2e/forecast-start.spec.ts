import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { httpBalance, syncedPayrollDemo } from './harness/dashboard';
import { newItemForm, openSection } from './harness/flows';
import { projectedDailySpend } from './harness/dashboard-oracle';
import { usd } from './harness/text';

/**
 * The forecast starts where its words do: at the balance now. A transfer of $18,250 approved
 * (sending paused, so it stays queued) from the primary account into Payroll today: the primary's
 * forecast says its balance now and its lowest end of day, and Payroll's lowest is never above its
 * balance now, though today ends higher. Expected figures: the balances from the sandbox over HTTP,
 * Payroll's daily card spend by the oracle (harness/dashboard-oracle.ts).
 */
test.use({ session: { now: PINNED_NOON, demo: { seed: 7, transactions: 300 } } });

const AMOUNT = 18_250_00;
const HORIZON_DAYS = 30;

test('the forecast starts at the balance now, in its chart and its words; a day ending higher is never called the lowest', async ({
  app,
}) => {
  test.slow();
  const { sandbox, primary, payroll } = await syncedPayrollDemo(app);
  const { page } = app;

  await openSection(page, 'Approvals');
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await expect(page.getByRole('button', { name: 'Resume sending' })).toBeVisible();
  await openSection(page, 'Transfers');
  const form = await newItemForm(page, 'New transfer');
  await form.getByLabel('From').selectOption(primary.id);
  await form.getByLabel('To').selectOption(payroll.id);
  await form.getByLabel('Amount (USD)').fill('18,250.00');
  await form.getByRole('button', { name: 'Queue transfer' }).click();
  await page.getByRole('button', { name: /^Approve: Transfer \$18,250\.00/ }).click();
  await expect(
    page.getByRole('region', { name: 'Approved, to send' }).getByRole('listitem', { name: /^Transfer \$18,250\.00/ }),
  ).toBeVisible();

  const [p, q] = [await httpBalance(sandbox, primary.id), await httpBalance(sandbox, payroll.id)];
  const daily = projectedDailySpend(sandbox, PINNED_NOON);
  // Payroll: now, then today's end (the transfer in), then a day's card spend less each day after.
  const payrollEnds = Array.from({ length: HORIZON_DAYS }, (_, d) => q + AMOUNT - d * (daily.get(payroll.id) ?? 0));
  const payrollLowest = Math.min(q, ...payrollEnds);

  await openSection(page, 'Dashboard');
  const words = (region: ReturnType<typeof page.getByRole>) => region.locator('p').filter({ hasText: /^Now / });
  const op = page.getByRole('region', { name: `Forecast for ${primary.name}` });
  await expect(words(op)).toContainText(`Now ${usd(p)} · lowest at the end of a day`);

  const pay = page.getByRole('region', { name: `Forecast for ${payroll.name}` });
  expect(payrollLowest, 'in the seed, Payroll spends less than $18,250 in 30 days').toBe(q);
  await expect(words(pay)).toHaveText(`Now ${usd(q)} · nothing ahead takes it lower in ${HORIZON_DAYS} days`);
  // The charts' first point is the balance now (their summaries say where they start).
  await expect(op.getByRole('img')).toHaveAccessibleName(
    new RegExp(`^${primary.name.replace(/[()]/g, '\\$&')}: from ${usd(p).replace(/[$.]/g, '\\$&')} now to `),
  );
  await expect(pay.getByRole('img')).toHaveAccessibleName(
    `${payroll.name}: from ${usd(q)} now to ${usd(payrollEnds.at(-1) ?? 0)} at the end of ${HORIZON_DAYS} days; lowest ${usd(q)} now.`,
  );
});

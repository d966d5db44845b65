import { test, expect } from './fixtures';
import { openSection, syncedDemo } from './harness/flows';
import { PINNED_NOON } from './harness/clock';
import { accountDetail, accountList, demoAccount, openAccount, vaNamed } from './harness/accounts';
import { virtualAccountView } from '../../src/sandbox/accounts/views';
import { dollars } from './harness/text';

/**
 * An account's detail reads like the job: its balance is the headline, with when it was read;
 * its number is masked until revealed; "Send from this account" opens the new transfer on it;
 * whether it is open is said once, and a whole day is written without a midnight time.
 */
test.use({ session: { now: PINNED_NOON, demo: { seed: 7, transactions: 300 } } });

/** "Apr 1, 2026": a UTC day as the person's (en-US) locale writes it, with no time. */
const dayUtc = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(
    Date.parse(iso),
  );

test('the balance is the headline with its "as of"; the number is masked until revealed from the keyboard', async ({
  app,
}) => {
  const { sandbox, va: escrow, detail: d } = await demoAccount(app, 'Client Escrow - Globex');
  const { page } = app;

  // The headline: the sandbox's balance, larger than the account's name, and when it was read.
  const balance = d.getByTestId('account-balance');
  await expect(balance).toHaveText(dollars(virtualAccountView(sandbox.world, escrow).balance.amountCents));
  const size = (l: typeof balance) => l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await size(balance)).toBeGreaterThan(await size(d.getByRole('heading', { level: 2, name: escrow.name })));
  await expect(d.getByTestId('account-balance-as-of')).toContainText(/^Balance as of /);

  // Masked: the last four only, the whole number nowhere in the detail until revealed.
  const last4 = escrow.accountNumber.slice(-4);
  const shown = d.getByTestId('account-number-shown');
  await expect(shown).toHaveText(`•••• ${last4}`);
  await expect(d).not.toContainText(escrow.accountNumber);
  const reveal = d.getByRole('button', { name: 'Reveal account number' });
  await expect(reveal).toHaveAttribute('aria-pressed', 'false');
  await reveal.focus();
  await page.keyboard.press('Enter');
  await expect(shown).toHaveText(escrow.accountNumber);
  const hide = d.getByRole('button', { name: 'Hide account number' });
  await expect(hide).toBeFocused();
  await page.keyboard.press('Space');
  await expect(shown).toHaveText(`•••• ${last4}`);

  // Another account starts masked again: a reveal is for the account it was asked on.
  await reveal.click();
  const payroll = vaNamed(sandbox, 'Payroll');
  const p = await openAccount(page, payroll.name);
  await expect(p.getByTestId('account-number-shown')).toHaveText(`•••• ${payroll.accountNumber.slice(-4)}`);
});

test('"Send from this account" opens the new transfer on Transfers with the account as its source', async ({ app }) => {
  const { sandbox, va: payroll, detail: d } = await demoAccount(app, 'Payroll');
  const { page } = app;
  await d.getByRole('button', { name: 'Send from this account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New transfer' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('From')).toHaveValue(payroll.id);
  await expect(form.getByRole('region', { name: 'Source account balance' })).toContainText(
    dollars(virtualAccountView(sandbox.world, payroll).balance.amountCents),
  );
});

test('open or closed is said once, in words; a whole day is shown without a midnight time', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  // The escrow's commission rule starts on a whole day (midnight UTC), as a rule set by date does.
  const escrow = vaNamed(sandbox, 'Client Escrow - Globex');
  const rule = [...sandbox.world.commissionRules.values()].find((r) => r.virtualAccountId === escrow.id);
  if (!rule) throw new Error('the seed has no commission rule on the escrow account');
  rule.startDate = '2026-04-01T00:00:00.000Z';

  await openSection(page, 'Accounts');
  const d = await openAccount(page, escrow.name);
  await d.getByRole('button', { name: 'Refresh this account' }).click();
  await expect(d.getByRole('status').filter({ hasText: 'Refreshed from the bank' })).toBeVisible();
  const commission = d.getByTestId('commission-rule');
  await expect(commission).toContainText(`from ${dayUtc(rule.startDate)}`);
  await expect(commission).not.toContainText('12:00 AM');
  await expect(d).toContainText('StatusOpen');
  await expect(d).not.toContainText('No: open');

  // The closed account: "Closed on <day>", once.
  const closed = [...sandbox.world.virtualAccounts.values()].find((v) => v.closedAt !== null);
  if (!closed?.closedAt) throw new Error('the seed has no closed account');
  await page.getByLabel('Show closed').check();
  const c = await openAccount(page, closed.name);
  await expect(c).toContainText(`StatusClosed on ${dayUtc(closed.closedAt)}`);
  expect(((await accountDetail(page).textContent()) ?? '').split('Closed on').length - 1).toBe(1);
  await expect(c).not.toContainText('Send from this account');
  await expect(accountList(page)).toContainText(closed.name);
});

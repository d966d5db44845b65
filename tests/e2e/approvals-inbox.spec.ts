import { test, expect } from './fixtures';
import { draftTransfer, openSection, syncedDemo } from './harness/flows';
import { virtualAccountView } from '../../src/sandbox/accounts/views';
import { dollars, escapeRegExp as escape } from './harness/text';

// The Approvals inbox with no team workspace (the Demo): this desktop's rows awaiting approval,
// with the source's balance after each (from the sandbox's own figures), approved with A after an
// in-app confirmation and rejected with R and a reason; what moved is read from the sandbox's ledger.

const FIXED_NOON = Date.UTC(2026, 2, 18, 12);
test.use({ session: { now: FIXED_NOON, demo: { seed: 11, transactions: 200 } } });


test('approve with A and reject with R from the inbox: confirmed in the app, sent once, the rejected one never', async ({ app }) => {
  test.slow();
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const world = sandbox.world;
  const from = world.virtualAccounts.get(world.primaryVirtualAccountId);
  const to = [...world.virtualAccounts.values()].find((v) => v.closedAt === null && v.id !== world.primaryVirtualAccountId);
  if (!from || !to) throw new Error('the seed has no second open virtual account');
  const balance = virtualAccountView(world, from).balance.amountCents;

  await draftTransfer(page, from.id, to.id, '11.11');
  await draftTransfer(page, from.id, to.id, '22.22');
  await openSection(page, 'Approvals');

  const inbox = page.getByRole('region', { name: /^Waiting for approval/ });
  const first = inbox.getByRole('listitem', { name: new RegExp(`^Transfer \\$11\\.11 to ${escape(to.name)}`) });
  const second = inbox.getByRole('listitem', { name: new RegExp(`^Transfer \\$22\\.22 to ${escape(to.name)}`) });
  await expect(first).toContainText(`${dollars(balance - 1_111)} (cached balance less this amount)`);
  await expect(first).toContainText(from.name);
  await expect(second).toContainText(`${dollars(balance - 2_222)} (cached balance less this amount)`);

  // A on the first: an in-app confirmation (never window.confirm), then it goes.
  await first.focus();
  await page.keyboard.press('a');
  const confirm = page.getByRole('dialog', { name: 'Approve and send?' });
  await expect(confirm).toContainText(`Approve Transfer $11.11 to ${to.name}?`);
  await confirm.getByRole('button', { name: 'Approve 1' }).click();
  await expect(first).toHaveCount(0);
  await expect.poll(() => world.ledger.filter((e) => e.amountCents === 1_111).length, { timeout: 30_000 }).toBe(1);

  // R on the second: a reason is asked for; without one nothing happens.
  await second.focus();
  await page.keyboard.press('r');
  const reject = page.getByRole('dialog', { name: /^Reject Transfer \$22\.22/ });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toContainText('Say why: the drafter reads it.');
  await reject.getByLabel('Reason').fill('Not this week');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();
  await expect(inbox).toContainText('Nothing waits for approval.');
  expect(world.ledger.filter((e) => e.amountCents === 2_222)).toHaveLength(0);
  // Sent exactly once.
  expect(world.ledger.filter((e) => e.amountCents === 1_111)).toHaveLength(1);
});

import { test, expect } from './fixtures';
import { draftTransfer, openSection, syncedDemo } from './harness/flows';
import { formatCents } from '../../src/shared/money';

// Sending paused is seen on every screen, not only where it was paused: a banner with what it
// holds (count and total, worked out here from what the test queued), each held row saying so,
// the Dashboard not calling them "to send now", the offline banner not promising a send; Resume,
// by keyboard, sends each once. What moved is read from the sandbox's ledger.

const FIXED_NOON = Date.UTC(2026, 2, 18, 12);
test.use({ session: { now: FIXED_NOON, demo: { seed: 11, transactions: 200 } } });

const AMOUNTS = ['182.50', '12.34'];
const cents = (dollars: string) => Math.round(Number(dollars) * 100);

test('paused with two approved transfers: the banner on every screen holds them, nothing is sent until Resume, then each once', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const world = sandbox.world;
  const from = world.virtualAccounts.get(world.primaryVirtualAccountId);
  const to = [...world.virtualAccounts.values()].find(
    (v) => v.closedAt === null && v.id !== world.primaryVirtualAccountId,
  );
  if (!from || !to) throw new Error('the seed has no second open virtual account');
  const sent = (amount: string) => world.ledger.filter((e) => e.amountCents === cents(amount)).length;

  await openSection(page, 'Approvals');
  await page.getByRole('button', { name: 'Pause sending' }).click();
  for (const amount of AMOUNTS) await draftTransfer(page, from.id, to.id, amount);
  await openSection(page, 'Approvals');
  const inbox = page.getByRole('region', { name: /^Waiting for approval/ });
  for (const amount of AMOUNTS) {
    await inbox.getByRole('listitem', { name: new RegExp(`^Transfer \\$${amount.replace('.', '\\.')} to `) }).focus();
    await page.keyboard.press('a');
    await page.getByRole('dialog', { name: 'Approve and send?' }).getByRole('button', { name: 'Approve 1' }).click();
  }
  await expect(inbox).toContainText('Nothing waits for approval.');

  const total = AMOUNTS.reduce((sum, a) => sum + cents(a), 0);
  const banner = page.getByRole('region', { name: 'Sending paused' });
  const words = `Sending paused: ${AMOUNTS.length} approved items, $${formatCents(total)}, held.`;
  for (const screen of ['Dashboard', 'Transactions', 'Transfers', 'Settings']) {
    await openSection(page, screen);
    await expect(banner).toContainText(words);
  }
  // Each held row says why it waits.
  await openSection(page, 'Transfers');
  for (const amount of AMOUNTS) {
    await expect(
      page.getByRole('listitem', { name: new RegExp(`^Transfer \\$${amount.replace('.', '\\.')} .*Approved`) }),
    ).toContainText('Held: sending is paused. It goes out when you resume.');
  }
  // The Dashboard does not call them "to send now".
  await openSection(page, 'Dashboard');
  const buckets = page.getByRole('list', { name: 'Outbox buckets' });
  await expect(buckets).toContainText('Approved, held: sending paused');
  await expect(buckets).not.toContainText('to send now');

  // Offline meanwhile: the offline banner does not promise a send when the connection returns.
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  const offline = page.getByRole('alert').filter({ hasText: 'You are offline' });
  await expect(offline).toContainText(
    'Sending is paused: approved items stay here when the connection returns, until you resume.',
  );
  await expect(offline).not.toContainText('changes will be sent');
  await sandbox.setFaults({ offline: false });
  await app.probeUntil('online');
  await expect(offline).toHaveCount(0);
  await expect(banner).toContainText(words);
  for (const amount of AMOUNTS) expect(sent(amount)).toBe(0);

  // Resume, by keyboard: each goes once.
  await banner.getByRole('button', { name: 'Resume' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  for (const amount of AMOUNTS) await expect.poll(() => sent(amount), { timeout: 90_000 }).toBe(1);
  await expect(buckets).toContainText('Approved, to send now');
});

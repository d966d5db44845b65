import { test, expect } from './fixtures';
import { draftTransfer, openSection, syncedDemo } from './harness/flows';
import { dollars, escapeRegExp as escape } from './harness/text';

// The Demo's simulated team, as a newcomer meets it: Dana Kim's drafts arrive in the inbox, the
// person approves one in main's window and sees that one more approver is needed, Sam Ortiz's
// approval follows on main's clock and the row is sent once (read on the sandbox's ledger); the
// person's own draft cannot be approved by them and goes once both colleagues approved it. Real
// workspace code, a real PostgreSQL started by main, real signatures: nothing of it is in the page.

const PAYROLL = 1_234_500;
const RENT = 84_000;
// Colleagues approve a minute after it is their turn, on main's clock: the test moves it.
const REACT_MS = 60_000;
test.use({
  session: {
    demo: {
      seed: 11,
      transactions: 200,
      team: {
        drafts: [
          { atMs: 0, amountCents: PAYROLL, memo: 'Payroll top-up' },
          { atMs: 10 * 60_000, amountCents: RENT, memo: 'Office rent share' },
        ],
        reactMs: REACT_MS,
        tickMs: 200,
      },
    },
  },
});

test('drafts arrive from Dana, the person approves with Sam, their own draft waits for both colleagues, each sent once', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  const { world } = await syncedDemo(app);
  const from = world.virtualAccounts.get(world.primaryVirtualAccountId);
  const to = [...world.virtualAccounts.values()].find((v) => v.closedAt === null && v.id !== from?.id);
  if (!from || !to) throw new Error('the seed has no second open virtual account');
  const sent = (cents: number) => world.ledger.filter((e) => e.amountCents === cents && e.source === from.id).length;

  // The team is main's: the Approvals inbox is the Demo team's once it is ready.
  await expect.poll(async () => (await app.core.demoTeam.status()).state, { timeout: 60_000 }).toBe('ready');
  await openSection(page, 'Approvals');
  const inbox = page.getByRole('list', { name: 'Waiting for approval' });
  const payroll = inbox.getByRole('listitem', { name: new RegExp(`^Transfer ${escape(dollars(PAYROLL))} to `) });
  await expect(payroll).toContainText(/Requested by Dana Kim .* · needs 2 more approvers, not Dana Kim/);
  // The second draft is due ten minutes in, on main's clock.
  await expect(inbox.getByRole('listitem', { name: new RegExp(`^Transfer ${escape(dollars(RENT))} `) })).toHaveCount(0);

  // A, then main's own window: one more approver is needed, not Dana, not the person.
  await payroll.focus();
  await page.keyboard.press('a');
  await app.prompts.confirm(`Approve this transfer of ${dollars(PAYROLL)}?`);
  await expect(payroll).toContainText(/approved by you .* · needs 1 more approver, not Dana Kim or you/);
  expect(sent(PAYROLL)).toBe(0);

  // Sam's turn comes a minute later on main's clock; main's team sender sends it once.
  await app.clock.advance(REACT_MS);
  await expect.poll(() => sent(PAYROLL), { timeout: 60_000 }).toBe(1);
  await expect(page.getByRole('region', { name: 'Closed in the team workspace' })).toContainText(
    `Transfer ${dollars(PAYROLL)} to ${to.name}: Sent`,
  );

  // The person's own draft: main's window asks to sign it for the Demo team; it waits for both colleagues.
  await draftTransfer(page, from.id, to.id, '77.00');
  await app.prompts.confirm(/^Sign this transfer of \$77\.00 as a draft for Demo team\?/);
  await openSection(page, 'Approvals');
  const mine = inbox.getByRole('listitem', { name: new RegExp(`^Transfer ${escape(dollars(7_700))} to `) });
  await expect(mine).toContainText(/Requested by you .* · needs 2 more approvers, not you/);
  // A on it asks nothing: the person cannot approve what they drafted.
  await mine.focus();
  await page.keyboard.press('a');
  await expect(page.getByText('You drafted it: a drafter never approves their own row.').first()).toBeVisible();
  await expect(mine).toContainText('needs 2 more approvers');
  expect(sent(7_700)).toBe(0);

  await app.clock.advance(REACT_MS);
  await expect(mine).toContainText(/approved by Sam Ortiz .* · needs 1 more approver/);
  expect(sent(7_700)).toBe(0);
  await app.clock.advance(REACT_MS);
  await expect.poll(() => sent(7_700), { timeout: 60_000 }).toBe(1);
  // Sent once each, whoever looked again meanwhile.
  expect([sent(PAYROLL), sent(7_700)]).toEqual([1, 1]);
});

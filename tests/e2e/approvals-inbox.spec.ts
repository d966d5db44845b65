import { test, expect, type App } from './fixtures';
import { draftTransfer, openSection, syncedDemo } from './harness/flows';
import { virtualAccountView } from '../../src/sandbox/accounts/views';
import { holdChannel } from './harness/held-calls';
import { mainOf } from './harness/team-forgery';
import { dollars, escapeRegExp as escape } from './harness/text';

// The Approvals inbox with no team workspace (the Demo): this desktop's rows awaiting approval,
// with the source's balance after each (from the sandbox's own figures), approved with A after an
// in-app confirmation and rejected with R and a reason; what moved is read from the sandbox's ledger.

const FIXED_NOON = Date.UTC(2026, 2, 18, 12);
test.use({ session: { now: FIXED_NOON, demo: { seed: 11, transactions: 200 } } });

/** Two transfers drafted here, $11.11 then $22.22 between the Demo's first two open accounts, and the inbox showing them. */
async function twoDraftsInInbox(app: App) {
  const { page } = app;
  const { world } = await syncedDemo(app);
  const from = world.virtualAccounts.get(world.primaryVirtualAccountId);
  const to = [...world.virtualAccounts.values()].find(
    (v) => v.closedAt === null && v.id !== world.primaryVirtualAccountId,
  );
  if (!from || !to) throw new Error('the seed has no second open virtual account');
  await draftTransfer(page, from.id, to.id, '11.11');
  await draftTransfer(page, from.id, to.id, '22.22');
  await openSection(page, 'Approvals');
  const inbox = page.getByRole('region', { name: /^Waiting for approval/ });
  const first = inbox.getByRole('listitem', { name: new RegExp(`^Transfer \\$11\\.11 to ${escape(to.name)}`) });
  const second = inbox.getByRole('listitem', { name: new RegExp(`^Transfer \\$22\\.22 to ${escape(to.name)}`) });
  return { world, from, to, inbox, first, second };
}

test('approve with A and reject with R from the inbox: confirmed in the app, sent once, the rejected one never', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  const { world, from, to, inbox, first, second } = await twoDraftsInInbox(app);
  const balance = virtualAccountView(world, from).balance.amountCents;
  await expect(first).toContainText(`${dollars(balance - 1_111)} (nothing ahead of it)`);
  await expect(first).toContainText(from.name);
  // The first, asked for earlier from the same account, goes before it.
  await expect(second).toContainText(
    `${dollars(balance - 1_111 - 2_222)} (after 1 item ahead of it, ${dollars(1_111)})`,
  );

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

// Found on a fresh machine: A's approval stayed "in flight" until its send was answered, and R on
// the next row did nothing meanwhile. main holds the send here, so the approval is still going
// out when R is pressed, however fast the machine is.
test('R on the next row opens its rejection while the approval before it is still being sent', async ({ app }) => {
  test.slow();
  const { page } = app;
  const { world, inbox, first, second } = await twoDraftsInInbox(app);
  const send = holdChannel(app.core, 'outbox:send', (arg) => arg.kind === 'transfer', { once: true });
  try {
    await first.focus();
    await page.keyboard.press('a');
    await page.getByRole('dialog', { name: 'Approve and send?' }).getByRole('button', { name: 'Approve 1' }).click();
    await send.held;
    await expect(first).toHaveCount(0);
    expect(world.ledger.filter((e) => e.amountCents === 1_111)).toHaveLength(0);

    await second.focus();
    await page.keyboard.press('r');
    const reject = page.getByRole('dialog', { name: /^Reject Transfer \$22\.22/ });
    await expect(reject).toBeVisible();
    await reject.getByLabel('Reason').fill('Not this week');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(reject).toBeHidden();
    await expect(inbox).toContainText('Nothing waits for approval.');
  } finally {
    send.release();
  }
  await expect.poll(() => world.ledger.filter((e) => e.amountCents === 1_111).length, { timeout: 30_000 }).toBe(1);
  expect(world.ledger.filter((e) => e.amountCents === 2_222)).toHaveLength(0);
});

/** Each minute's "h:mm AM" between two instants, on the clock of `timeZone`, as a regex alternation: the session's clock runs on. */
function minutesBetween(fromMs: number, toMs: number, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  const seen = new Set<string>();
  for (let t = fromMs - 60_000; t <= toMs + 60_000; t += 30_000) seen.add(f.format(t));
  return `(${[...seen].map(escape).join('|')})`;
}

test.describe('on the person’s clock', () => {
  const ZONE = 'America/New_York';
  test.use({ timezoneId: ZONE });

  test('solo: each item says who asked and that this computer approves alone, and Settings offers the team workspace for a second person', async ({
    app,
  }) => {
    test.slow();
    const { page } = app;
    const start = app.clock.now();
    const { first } = await twoDraftsInInbox(app);
    const drafted = minutesBetween(start, app.clock.now(), ZONE);
    await expect(first).toContainText(
      new RegExp(`Requested on this computer ${drafted} · needs one approval, given on this computer alone`),
    );

    const { user } = await mainOf(app).call('app:identity', undefined);
    const before = app.clock.now();
    await first.focus();
    await page.keyboard.press('a');
    await page.getByRole('dialog', { name: 'Approve and send?' }).getByRole('button', { name: 'Approve 1' }).click();
    await expect(first).toHaveCount(0);
    const approvedAt = minutesBetween(before, app.clock.now(), ZONE);
    await openSection(page, 'Transfers');
    const row = page.getByRole('listitem', { name: /^Transfer \$11\.11 / });
    await expect(row).toContainText(
      new RegExp(
        `Requested on this computer ${drafted} · approved on this computer alone by ${escape(user)} ${approvedAt}`,
      ),
    );

    await openSection(page, 'Settings');
    await expect(page.getByText('On this computer whoever approves does so alone.')).toBeVisible();
    await page.getByRole('button', { name: 'Go to Team workspace' }).click();
    await expect(page.getByRole('heading', { name: 'Team workspace' })).toBeFocused();
  });
});

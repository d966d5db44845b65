import { money } from '../../src/renderer/src/model/format';
import { SETTLEMENT_DELAY_MS } from '../../src/sandbox/simulation/settlement';
import { test, expect } from './fixtures';
import { authorize } from './harness/cards';
import { centsOf, dayRow, forecastTable, panel, shownDay } from './harness/dashboard';
import { syncUntil, syncedDemo } from './harness/flows';

/**
 * The Dashboard left open across midnight at a month's end. Every clock (the page's, main's, the
 * Demo's) starts ten minutes before it, UTC; under `npm run test:e2e:awkward` the machine's zone is
 * UTC+14, where that instant is already the next afternoon. At UTC midnight the open screen moves
 * day 0, the forecast's days and the months of card spend on by itself, and a purchase the service
 * dates on the new day is counted in the new month.
 */
const LATE = Date.UTC(2026, 2, 31, 23, 50);
const APRIL = Date.UTC(2026, 3, 1);
test.use({ session: { now: LATE, demo: { seed: 7, transactions: 300 } } });

test('at UTC midnight the open Dashboard moves day 0, the forecast and the months of card spend on, as the service does', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const primary = sandbox.world.virtualAccounts.get(sandbox.world.primaryVirtualAccountId);
  const card = [...sandbox.world.cards.values()].find(
    (c) => c.status === 'active' && !c.isSingleUse && !c.cardGroupId && !c.spendingConstraint,
  );
  if (!primary || !card)
    throw new Error('the seed has no primary account or no active reusable card without a group or a constraint');
  // Nothing of March moves into April behind the test: no pending item falls due to post (at its
  // creation + 2 days) between midnight and the half hour after it.
  const settlingIntoApril = sandbox.world.transactions
    .pendingCreatedBefore(APRIL + 30 * 60_000 - SETTLEMENT_DELAY_MS)
    .filter((r) => r.dateMs + SETTLEMENT_DELAY_MS >= APRIL);
  expect(settlingIntoApril.map((r) => r.tx.id)).toEqual([]);

  const spend = panel(page, 'Card spend').getByRole('definition');
  const [thisMonth, lastMonth] = [spend.nth(0), spend.nth(1)];
  let table = await forecastTable(page, primary.name);
  await expect(table.getByRole('row').nth(1)).toHaveAccessibleName(new RegExp(`^${shownDay('2026-03-31')} `));

  // Before midnight a purchase is the service's March 31, and this month's spend on the screen.
  const before = centsOf((await thisMonth.textContent()) ?? '');
  expect(
    await authorize(sandbox, {
      cardId: card.id,
      amountCents: 4_321,
      merchantName: 'Adobe',
      mcc: '5734',
      country: 'US',
    }),
  ).toMatchObject({ approved: true });
  const march = money(before + 4_321);
  await syncUntil(page, async () => {
    await expect(thisMonth).toHaveText(march, { timeout: 2_000 });
  });

  // Eleven minutes on, on every clock: April 1. No reload and no sync: the screen's own clock moved it.
  await app.clock.advance(11 * 60_000);
  table = await forecastTable(page, primary.name);
  await expect(table.getByRole('row').nth(1)).toHaveAccessibleName(new RegExp(`^${shownDay('2026-04-01')} `));
  await expect(dayRow(table, '2026-03-31')).toHaveCount(0);
  await expect(lastMonth).toHaveText(march);
  await expect(thisMonth).toHaveText(money(0));

  // A purchase now is the service's April 1, and the screen counts it in April.
  const april = await authorize(sandbox, {
    cardId: card.id,
    amountCents: 1_234,
    merchantName: 'Adobe',
    mcc: '5734',
    country: 'US',
  });
  expect(april).toMatchObject({ approved: true });
  expect(Date.parse(sandbox.world.transactions.get(april.transaction.id)?.tx.date ?? '')).toBeGreaterThanOrEqual(APRIL);
  await syncUntil(page, async () => {
    await expect(thisMonth).toHaveText(money(1_234), { timeout: 2_000 });
  });
  await expect(lastMonth).toHaveText(march);
});

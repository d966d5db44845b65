import { formatCents } from '../../src/shared/money';
import { money } from '../../src/renderer/src/model/format';
import { test, expect } from './fixtures';
import { allTransactions } from './harness/expected';
import { newItemForm, openSection, startDemo, syncUntil, synced, syncedDemo } from './harness/flows';
import { authorize } from './harness/cards';
import { PINNED_NOON } from './harness/clock';
import {
  changeOn,
  DAY_MS,
  dayAfter,
  dayRow,
  forecastTable,
  panel,
  sendTransferNow,
  serviceAccounts,
  setCommission,
  setMonthlyLimit,
  shownDay,
} from './harness/dashboard';
import {
  cardSpendByMonth,
  disputePurchase,
  moveCard,
  newCard,
  projectedDailySpend,
  purchaseNamingNoAccount,
  spendingAccountOf,
} from './harness/dashboard-oracle';
import { escapeRegExp as escape, usd } from './harness/text';

/**
 * The Dashboard against the Demo's sandbox, every clock (the page's, main's, the Demo's) pinned to
 * noon UTC of a fixed day and running on from there, so every date below is counted from START
 * whatever the day the suite runs, and every forecast reading is a change from one day to the
 * next (the card spend projected per day is whatever the seeded history gives; the transfer and
 * the commission move it by their amounts).
 */
const START = PINNED_NOON;
test.use({ session: { now: START, demo: { seed: 7, transactions: 300 } } });

test('first screen: cash equal to the service, a scheduled transfer in the outbox and the forecast, its overdraw, a commission on its due day, offline with "as of"', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  await app.open();
  await startDemo(page);
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Dashboard/ }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await synced(page);
  const sandbox = await app.demoSandbox();

  // Cash: the open accounts' balances as the service reports them, and their total.
  const views = serviceAccounts(sandbox);
  const open = views.filter((v) => !v.virtualAccount.closedAt);
  const total = open.reduce((sum, v) => sum + v.balance.amountCents, 0);
  const cash = panel(page, 'Cash');
  await expect(cash.getByLabel('Total cash')).toHaveText(money(total));
  for (const v of open)
    await expect(cash.getByRole('row', { name: new RegExp(`^${escape(v.virtualAccount.name)}`) })).toContainText(
      money(v.balance.amountCents),
    );

  const primary = open.find((v) => v.virtualAccount.id === sandbox.world.primaryVirtualAccountId);
  const source = open.find((v) => v !== primary && v.balance.amountCents > 0);
  if (!primary || !source) throw new Error('the seed has no funded second open account');
  const src = source.virtualAccount.name;
  const [d2, d3, d4, d5] = [2, 3, 4, 5].map((n) => dayAfter(START, n)) as [string, string, string, string];

  await expect(panel(page, 'Needs attention')).not.toContainText(`would overdraw ${src}`);
  let table = await forecastTable(page, src);
  const before = { d3: await changeOn(table, d3, d2), d5: await changeOn(table, d5, d4) };

  // A transfer larger than the balance, scheduled for day 3, queued and approved on the screens.
  const amountCents = source.balance.amountCents + 10_000;
  await openSection(page, 'Transfers');
  const form = await newItemForm(page, 'New transfer');
  await form.getByLabel('From').selectOption(source.virtualAccount.id);
  await form.getByLabel('To').selectOption(primary.virtualAccount.id);
  await form.getByLabel('Amount (USD)').fill(formatCents(amountCents));
  await form.getByLabel('Send on (optional, UTC date)').fill(d3);
  await form.getByRole('button', { name: 'Queue transfer' }).click();
  await expect(page.getByText('Queued for approval (Approvals).')).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Approve: Transfer ${escape(money(amountCents))}`) }).click();
  await expect(page.getByRole('region', { name: 'Approved, to send' })).toContainText(`Transfer ${money(amountCents)}`);

  await openSection(page, 'Dashboard');
  await expect(panel(page, 'Outbox').getByRole('button', { name: /^Scheduled for a later day/ })).toContainText(
    `1 · ${money(amountCents)}`,
  );
  await expect(panel(page, 'Outbox').getByRole('button', { name: /^Awaiting approval/ })).toContainText(
    `0 · ${money(0)}`,
  );
  table = await forecastTable(page, src);
  await expect(dayRow(table, d3)).toContainText(`Transfer ${money(amountCents)}`);
  expect(await changeOn(table, d3, d2)).toBe(before.d3 - amountCents);
  const into = await forecastTable(page, primary.virtualAccount.name);
  await expect(dayRow(into, d3)).toContainText(`Transfer ${money(amountCents)}`);

  // It would overdraw its source: the attention list says so, and leads to Approvals.
  const attention = panel(page, 'Needs attention');
  const item = attention.getByRole('listitem').filter({ hasText: `would overdraw ${src} on ${shownDay(d3)}` });
  await expect(item).toBeVisible();
  await expect(attention).toContainText(`${src} is forecast below zero on`);
  await item.getByRole('button', { name: 'Open Approvals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  // Nothing was sent: the transfer is for a later day.
  expect(sandbox.requests.all().filter((r) => r.method === 'POST' && r.path.includes('transfer'))).toEqual([]);

  // A commission rule set through the service, due on day 5: after a sync it is on that day,
  // taken from the account and paid into the primary one.
  await setCommission(sandbox, source.virtualAccount.id, 1_234, Date.parse(`${d5}T06:00:00.000Z`));
  await openSection(page, 'Dashboard');
  await syncUntil(page, async () => {
    await expect(dayRow(await forecastTable(page, src), d5)).toContainText('Commission $12.34', { timeout: 2_000 });
  });
  table = await forecastTable(page, src);
  expect(await changeOn(table, d5, d4)).toBe(before.d5 - 1_234);
  await expect(dayRow(await forecastTable(page, primary.virtualAccount.name), d5)).toContainText(
    `Commission $12.34 from ${src}`,
  );

  // Offline, after a reload: the same figures from the cache, with when they are from.
  const totalNow = serviceAccounts(sandbox)
    .filter((v) => !v.virtualAccount.closedAt)
    .reduce((sum, v) => sum + v.balance.amountCents, 0);
  await expect(panel(page, 'Cash').getByLabel('Total cash')).toHaveText(money(totalNow));
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/^Balances as of .+ \(offline: showing saved data\)\.$/)).toBeVisible();
  await expect(panel(page, 'Cash').getByLabel('Total cash')).toHaveText(money(totalNow));
  await expect(dayRow(await forecastTable(page, src), d3)).toContainText(`Transfer ${money(amountCents)}`);
  await expect(panel(page, 'Needs attention')).toContainText(`would overdraw ${src} on ${shownDay(d3)}`);
});

test("card spend this month against last month, each account's projected card spend (purchases naming no account counted for their card's), and the newest transactions, from the cache", async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const world = sandbox.world;
  const today = Math.floor(START / DAY_MS) * DAY_MS;

  // Yesterday, purchases that name no virtual account: on a card with its own account moved into a
  // group of another (its own counts), on a card with none in a group with one (the group's), and
  // on a card with neither (the primary). New cards on the account the primary does not belong to
  // get no virtual account of their own.
  const primaryBank = world.virtualAccounts.get(world.primaryVirtualAccountId)?.accountId;
  const otherBank = [...world.accounts.values()].find((a) => a.id !== primaryBank);
  const own = [...world.cards.values()].find((c) => c.status === 'active' && c.virtualAccountId && !c.cardGroupId);
  const otherGroup = [...world.cardGroups.values()].find(
    (g) => g.virtualAccountId && g.virtualAccountId !== own?.virtualAccountId,
  );
  if (!otherBank || !own || !otherGroup?.virtualAccountId)
    throw new Error('the seed has no second bank account, groupless card or funded group');
  await moveCard(sandbox, own.id, otherGroup.id);
  const grouped = await newCard(sandbox, { accountId: otherBank.id, name: 'Spends from its group' }, otherGroup.id);
  const bare = await newCard(sandbox, { accountId: otherBank.id, name: 'Spends from the primary' });
  expect([
    spendingAccountOf(sandbox, own.id),
    spendingAccountOf(sandbox, grouped),
    spendingAccountOf(sandbox, bare),
  ]).toEqual([own.virtualAccountId, otherGroup.virtualAccountId, world.primaryVirtualAccountId]);
  purchaseNamingNoAccount(sandbox, own.id, -12_345, today - 12 * 3_600_000);
  purchaseNamingNoAccount(sandbox, grouped, -23_457, today - 11 * 3_600_000);
  purchaseNamingNoAccount(sandbox, bare, -34_569, today - 10 * 3_600_000);
  // A disputed purchase is money out until a credit comes back (docs/features/cards.md: what counts toward a limit).
  await disputePurchase(sandbox, `txn_unnamed_${grouped}`);

  // Each open account's forecast says its projected card spend a day, once a sync brought them in.
  const projected = projectedDailySpend(sandbox, START);
  const says = (accountId: string) => `Card spend is projected at ${usd(projected.get(accountId) ?? 0)} a day`;
  const open = serviceAccounts(sandbox).filter((v) => !v.virtualAccount.closedAt);
  const forecastOf = (name: string) => page.getByRole('region', { name: `Forecast for ${name}` });
  await syncUntil(page, async () => {
    for (const v of open)
      await expect(forecastOf(v.virtualAccount.name)).toContainText(says(v.virtualAccount.id), { timeout: 2_000 });
  });
  expect(
    open.filter((v) => (projected.get(v.virtualAccount.id) ?? 0) > 0).length,
    'card spend is projected for several accounts',
  ).toBeGreaterThan(2);

  const spend = cardSpendByMonth(sandbox, START);
  const panelSpend = panel(page, 'Card spend');
  await expect(panelSpend.getByRole('definition').nth(0)).toHaveText(usd(spend.thisMonth));
  await expect(panelSpend.getByRole('definition').nth(1)).toHaveText(usd(spend.lastMonth));

  const txs = allTransactions(sandbox);
  const newest = [...txs]
    .sort((a, b) =>
      Date.parse(a.date) === Date.parse(b.date) ? (a.id < b.id ? 1 : -1) : Date.parse(b.date) - Date.parse(a.date),
    )
    .slice(0, 8);
  const recent = panel(page, 'Recent activity').getByRole('listitem');
  await expect(recent).toHaveCount(8);
  await expect(recent.first()).toContainText(newest[0]?.description ?? 'no transaction');
  await expect(recent.first()).toContainText(usd(newest[0]?.amountCents ?? 0));
});

test('a card past 80% of a monthly limit is on the attention list, and leads to Cards', async ({ app }) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const now = new Date(START);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const txs = allTransactions(sandbox);
  // What a monthly limit has counted this month: the card's purchases that went through (pending or
  // settled debits) authorized this month. The card is one whose month holds nothing else a reading
  // of the spending rules could count or not (a fee, a refund, a reversal, a dispute, a purchase
  // authorized last month), so the figure is the same by any of them.
  const touching = (cardId: string) =>
    txs.filter(
      (t) =>
        t.cardId === cardId && (Date.parse(t.date) >= monthStart || Date.parse(t.authorizedAt ?? t.date) >= monthStart),
    );
  const plain = (cardId: string) =>
    touching(cardId).every(
      (t) =>
        t.merchantData &&
        !t.feeInfo &&
        ['pending', 'settled', 'declined'].includes(t.detailedStatus) &&
        Date.parse(t.authorizedAt ?? t.date) >= monthStart,
    );
  const spentThisMonth = (cardId: string) =>
    touching(cardId)
      .filter((t) => t.amountCents < 0 && (t.detailedStatus === 'pending' || t.detailedStatus === 'settled'))
      .reduce((s, t) => s - t.amountCents, 0);
  const card = [...sandbox.world.cards.values()]
    .filter((c) => c.status === 'active' && !c.isSingleUse && !c.cardGroupId && plain(c.id))
    .sort((a, b) => spentThisMonth(a.id) - spentThisMonth(b.id))[0];
  if (!card) throw new Error('the seed has no active card outside a group with only plain purchases this month');
  // A limit this card is far from (under 20% used), then one purchase that takes it past 80%.
  const spent = spentThisMonth(card.id);
  const limit = 5 * spent + 5_000;
  await setMonthlyLimit(sandbox, card.id, limit);
  await syncUntil(page, async () => {
    await expect(panel(page, 'Needs attention')).toContainText('Nothing needs attention', { timeout: 2_000 });
  });
  const purchase = 3 * spent + 4_500;
  expect(
    await authorize(sandbox, {
      cardId: card.id,
      amountCents: purchase,
      merchantName: 'Adobe',
      mcc: '5734',
      country: 'US',
    }),
  ).toMatchObject({ approved: true });

  const item = panel(page, 'Needs attention')
    .getByRole('listitem')
    .filter({ hasText: `Card ${card.name} has spent ${money(spent + purchase)}` });
  await syncUntil(page, async () => {
    await expect(item).toBeVisible({ timeout: 2_000 });
  });
  await expect(item).toContainText(
    `(${Math.floor(((spent + purchase) * 100) / limit)}%) of its limit of ${money(limit)}`,
  );
  await item.getByRole('button', { name: 'Open Cards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
});

test('a transfer sent since the last sync stays in the forecast until a sync brings it into the balance, and is never taken twice', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const views = serviceAccounts(sandbox).filter((v) => !v.virtualAccount.closedAt);
  const primaryId = sandbox.world.primaryVirtualAccountId;
  // A source with no commission rule: on day 0 only the transfer moves it (card spend starts tomorrow).
  const source = views.find(
    (v) => v.virtualAccount.id !== primaryId && v.balance.amountCents > 10_000 && !v.commissionRule,
  );
  if (!source) throw new Error('the seed has no funded second open account without a commission rule');
  const src = source.virtualAccount.name;
  const today = dayAfter(START, 0);
  const serviceBalance = () =>
    serviceAccounts(sandbox).find((v) => v.virtualAccount.id === source.virtualAccount.id)?.balance.amountCents;

  await sendTransferNow(page, source.virtualAccount.id, primaryId, 1_234);
  await expect
    .poll(() => sandbox.requests.all().filter((r) => r.method === 'POST' && r.path.includes('transfer')).length)
    .toBe(1);
  expect(serviceBalance()).toBe(source.balance.amountCents - 1_234);

  // Sent: out of the outbox's queue, and the saved balance may still be the one read before it.
  // Whether or not a sync ran since, today's end is what the service holds now.
  await openSection(page, 'Dashboard');
  await expect(panel(page, 'Outbox').getByRole('button', { name: /^Approved/ })).toContainText(`0 · ${money(0)}`);
  await expect(
    dayRow(await forecastTable(page, src), today)
      .getByRole('cell')
      .first(),
  ).toHaveText(money(source.balance.amountCents - 1_234));

  // After a sync the balance holds it: taken once, and no longer listed as moving today.
  await syncUntil(page, async () => {
    await expect(panel(page, 'Cash').getByRole('row', { name: new RegExp(`^${escape(src)}`) })).toContainText(
      money(source.balance.amountCents - 1_234),
      { timeout: 2_000 },
    );
  });
  const row = dayRow(await forecastTable(page, src), today);
  await expect(row.getByRole('cell').first()).toHaveText(money(source.balance.amountCents - 1_234));
  await expect(row).not.toContainText('Transfer');
});

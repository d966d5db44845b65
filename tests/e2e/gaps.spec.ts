import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import type { Transaction } from '../../src/shared/service';
import { test, expect } from './fixtures';
import { authorize, openCardTab } from './harness/cards';
import { panel } from './harness/dashboard';
import { usd } from './harness/text';
import { allTransactions } from './harness/expected';
import { openSection, syncUntil, syncedDemo } from './harness/flows';

/**
 * Three gaps a treasurer met on the way: a wire whose fee is a transaction of its own shows that
 * fee and its breakdown; "Needs attention" counts a group's limits over the cards in it; a card's
 * events read before stay readable offline. The Demo's clock and the page's are pinned to one
 * instant (the limits' periods are counted from the page's clock).
 */
const START = Date.UTC(2026, 10, 24, 12);
const MONTH_START = Date.UTC(2026, 10, 1);
test.use({ session: { now: START, demo: { seed: 7, transactions: 300 } } });

// The fee types the sandbox charges, in the words the screen is expected to use (written here, apart from the app's).
const FEE_WORDS: Record<string, string> = { wire_fee: 'Wire fee', international_wire_fee: 'International wire fee' };

async function openTransaction(page: Page, id: string): Promise<void> {
  await page.getByLabel('Search transactions').fill(id);
  const rows = page.getByRole('grid', { name: 'Transactions' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await rows.nth(1).click();
}

test('a wire whose fee is a transaction of its own shows that fee and its breakdown; offline the fee still reads from the cache', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const all = allTransactions(sandbox);
  const byId = new Map(all.map((t) => [t.id, t]));
  const fee = all.find((t) => /^Wire to /.test(byId.get(t.feeInfo?.relatedTransaction?.id ?? '')?.description ?? ''));
  const wire = byId.get(fee?.feeInfo?.relatedTransaction?.id ?? '');
  if (!fee || !wire) throw new Error('the seed has no wire with its fee as a transaction of its own');
  const breakdown = sandbox.world.feeDetails.get(fee.id)?.[0];
  if (!breakdown) throw new Error(`the sandbox keeps no fee detail for ${fee.id}`);
  // The wire carries no fee field itself: only the fee row names it.
  expect(wire.feeInfo ?? wire.fxFeeInfo).toBeUndefined();

  await openSection(page, 'Transactions');
  await openTransaction(page, wire.id);
  const detail = page.getByRole('region', { name: 'Transaction details' });
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(wire.description);
  const separate = detail.getByRole('list', { name: 'Fees charged separately' });
  await expect(separate).toContainText(`${fee.description}: ${usd(fee.amountCents)}`);
  const service = detail.getByRole('list', { name: 'Fee breakdown' });
  await expect(service).toContainText(
    `${FEE_WORDS[breakdown.feeType] ?? breakdown.feeType}: ${usd(-breakdown.feeAmountCents)}`,
  );
  await expect(service).toContainText(`for “${wire.description}” (${usd(wire.amountCents)})`);

  // Offline, opened again: the fee charged for it is still there, from the cache; the service's breakdown waits.
  await detail.getByRole('button', { name: 'Close the transaction details' }).click();
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await openTransaction(page, wire.id);
  await expect(detail.getByRole('list', { name: 'Fees charged separately' })).toContainText(
    `${fee.description}: ${usd(fee.amountCents)}`,
  );
  await expect(
    detail.getByText('The breakdown by fee type comes from the bank: it shows when you are online.'),
  ).toBeVisible();
});

/** What a monthly limit counts this month: purchases that went through (pending or settled card debits with a merchant), authorized this month. */
function spentThisMonth(txs: Transaction[], cardIds: readonly string[]): number {
  const ids = new Set(cardIds);
  return txs
    .filter(
      (t) =>
        t.cardId &&
        ids.has(t.cardId) &&
        t.amountCents < 0 &&
        t.merchantData &&
        !t.feeInfo &&
        ['pending', 'settled'].includes(t.detailedStatus) &&
        Date.parse(t.authorizedAt ?? t.date) >= MONTH_START,
    )
    .reduce((sum, t) => sum - t.amountCents, 0);
}

/** This month's rows of those cards are all plain purchases or declines, so any reading of the spending rules counts them the same. */
function plainMonth(txs: Transaction[], cardIds: readonly string[]): boolean {
  const ids = new Set(cardIds);
  return txs
    .filter(
      (t) =>
        t.cardId &&
        ids.has(t.cardId) &&
        (Date.parse(t.date) >= MONTH_START || Date.parse(t.authorizedAt ?? t.date) >= MONTH_START),
    )
    .every(
      (t) =>
        t.merchantData &&
        !t.feeInfo &&
        ['pending', 'settled', 'declined'].includes(t.detailedStatus) &&
        Date.parse(t.authorizedAt ?? t.date) >= MONTH_START,
    );
}

async function replaceGroupConstraint(sandbox: Sandbox, groupId: string, monthlyCents: number): Promise<void> {
  const res = await fetch(`${sandbox.apiUrl}/card-group/${groupId}/spending-constraint`, {
    method: 'PUT',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      spendingRule: { utilizationLimit: { limitAmount: { amountCents: monthlyCents }, preset: 'monthly' } },
    }),
  });
  expect(res.status).toBe(200);
}

test('"Needs attention" counts a group’s limit over the cards in it, none of which has a limit of its own', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const txs = allTransactions(sandbox);
  const cards = [...sandbox.world.cards.values()];
  const membersOf = (groupId: string) => cards.filter((c) => c.cardGroupId === groupId);
  const group = [...sandbox.world.cardGroups.values()].find((g) => {
    const members = membersOf(g.id);
    return (
      members.some((c) => c.status === 'active' && !c.isSingleUse && !c.spendingConstraint) &&
      plainMonth(
        txs,
        members.map((c) => c.id),
      )
    );
  });
  if (!group)
    throw new Error('the seed has no group with an active unlimited card and only plain purchases this month');
  const members = membersOf(group.id);
  const buyer = members.find((c) => c.status === 'active' && !c.isSingleUse && !c.spendingConstraint);
  if (!buyer) throw new Error('unreachable');
  // A monthly limit the group is far from (under 20% used), then one purchase that takes it past 80%.
  const spent = spentThisMonth(
    txs,
    members.map((c) => c.id),
  );
  const limit = 5 * spent + 5_000;
  await replaceGroupConstraint(sandbox, group.id, limit);
  await syncUntil(page, async () => {
    await expect(panel(page, 'Needs attention')).toContainText('Nothing needs attention', { timeout: 2_000 });
  });
  const purchase = 3 * spent + 4_500;
  expect(
    await authorize(sandbox, {
      cardId: buyer.id,
      amountCents: purchase,
      merchantName: 'Adobe',
      mcc: '5734',
      country: 'US',
    }),
  ).toMatchObject({ approved: true });

  const item = panel(page, 'Needs attention')
    .getByRole('listitem')
    .filter({ hasText: `Group ${group.name} (${members.length} cards) has spent ${usd(spent + purchase)}` });
  await syncUntil(page, async () => {
    await expect(item).toBeVisible({ timeout: 2_000 });
  });
  await expect(item).toContainText(
    `(${Math.floor(((spent + purchase) * 100) / limit)}%) of its limit of ${usd(limit)} a month`,
  );
  await item.getByRole('button', { name: 'Open Card groups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Card groups' })).toBeVisible();
});

test('a card’s events read before stay readable offline, opened again and after a reload', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const card = [...sandbox.world.cards.values()].find(
    (c) => c.status === 'active' && !c.isSingleUse && !c.cardGroupId && !c.spendingConstraint,
  );
  if (!card) throw new Error('the seed has no active card without a group or limits');
  expect(
    await authorize(sandbox, {
      cardId: card.id,
      amountCents: 2_345,
      merchantName: 'Adobe',
      mcc: '5734',
      country: 'US',
    }),
  ).toMatchObject({ approved: true });

  const cardsList = page.getByRole('grid', { name: 'Cards' });
  const detail = page.getByRole('region', { name: 'Card details' });
  const open = async () => {
    await openSection(page, 'Cards');
    await page.getByRole('group', { name: 'Card filters' }).getByLabel('Search').fill(card.name);
    await cardsList.getByRole('row').filter({ hasText: card.name }).first().click();
    await expect(detail.getByRole('heading', { level: 2, name: card.name })).toBeVisible();
    await openCardTab(page, 'Transactions');
  };
  await open();
  const events = detail.getByRole('list', { name: 'Card events' });
  await expect(events).toContainText(`Authorization approved · ${usd(2_345)} · Adobe`);

  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await detail.getByRole('button', { name: 'Close the card details' }).click();
  await open();
  await expect(events).toContainText(`Authorization approved · ${usd(2_345)} · Adobe`);
  await expect(
    detail.getByText('Offline: the events read before. Newer ones show when the connection returns.'),
  ).toBeVisible();

  await page.reload();
  await open();
  await expect(events).toContainText(`Authorization approved · ${usd(2_345)} · Adobe`);
});

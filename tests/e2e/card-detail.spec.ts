import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { openSection, syncedDemo, synced, updateNow } from './harness/flows';
import {
  cardDetail as detail,
  cardList as list,
  findCard,
  openCard,
  openCardTab,
  serviceCall as api,
} from './harness/cards';
import { allTransactions } from './harness/expected';
import { PINNED_NOON } from './harness/clock';
import { dollars } from './harness/text';
import { referenceLimits, referencePeriod, spentIn, type RefLimit } from '../support/spending-reference';

/**
 * An open card reads like the job: a header with its name, last four, state and actions; the
 * detail in tabs a keyboard can walk; each limit once as a bar that shows at 0%; and the list's
 * spent against limit, equal to what the sandbox's own transactions add up to (counted here with
 * the reference reading of docs/features/cards.md, never with the app's code).
 */
const START = PINNED_NOON;
test.use({ session: { now: START, demo: { seed: 7, transactions: 300 } } });

const withLimit = (limit: RefLimit) => ({ spendingRule: { utilizationLimit: limit } });

/** What the sandbox's transactions of `cardIds` spent in `limit`'s current period, by the reference reading. */
function spentBy(sandbox: Sandbox, cardIds: readonly string[], limit: RefLimit): number {
  const ids = new Set(cardIds);
  return spentIn(
    allTransactions(sandbox).filter((t) => t.cardId !== undefined && ids.has(t.cardId)),
    referencePeriod(limit, START),
  );
}

/** The Cards list's row of `name` (narrowed by the search, since the list is virtualized). */
async function rowOf(page: Page, name: string) {
  await findCard(page, name);
  return list(page).getByRole('row').filter({ hasText: name }).first();
}

test('the header shows the card’s name, last four and state, and Freeze pauses it at the service', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const card = [...sandbox.world.cards.values()].find(
    (c) =>
      c.status === 'active' && [...sandbox.world.cards.values()].filter((o) => o.name.includes(c.name)).length === 1,
  );
  if (!card) throw new Error('the Demo has no active card with a name of its own');
  await openSection(page, 'Cards');
  await openCard(page, card.name);
  const head = detail(page).getByRole('group', { name: 'Card summary and actions' });
  await expect(detail(page).getByRole('heading', { level: 2 })).toHaveText(card.name);
  await expect(head).toContainText(`•••• ${card.last4}`);
  await expect(head.locator('.card-badge')).toHaveText('Active');
  await expect(head.getByRole('button', { name: 'Edit limits' })).toBeVisible();
  await expect(head.getByRole('button', { name: 'More actions for the card' })).toBeVisible();

  await head.getByRole('button', { name: 'Freeze' }).click();
  await expect(head.locator('.card-badge')).toHaveText('Paused');
  expect(sandbox.world.cards.get(card.id)?.status).toBe('paused');
  await head.getByRole('button', { name: 'Unfreeze' }).click();
  await expect(head.locator('.card-badge')).toHaveText('Active');
  expect(sandbox.world.cards.get(card.id)?.status).toBe('active');

  // The rarer actions sit under More: Edit details lands on the Overview's edits.
  await head.getByRole('button', { name: 'More actions for the card' }).click();
  const menu = page.getByRole('menu', { name: 'More actions for the card' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Reveal number and code', 'Edit details', 'Close the card…']);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await openCardTab(page, 'Controls');
  await head.getByRole('button', { name: 'More actions for the card' }).click();
  await menu.getByRole('menuitem', { name: 'Edit details' }).click();
  await expect(detail(page).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(detail(page).getByRole('group', { name: 'Edit the card' }).getByLabel('Status')).toBeFocused();
});

test('the detail’s tabs switch by click and by the arrow keys', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const card = [...sandbox.world.cards.values()].find((c) => c.status === 'active');
  if (!card) throw new Error('the Demo has no active card');
  await openSection(page, 'Cards');
  await openCard(page, card.name);
  const tabs = detail(page).getByRole('tablist', { name: 'Card details' });
  await expect(tabs.getByRole('tab')).toHaveText(['Overview', 'Transactions', 'Controls']);
  const tab = (name: string) => tabs.getByRole('tab', { name });
  await expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  await expect(detail(page).getByRole('tabpanel', { name: 'Overview' })).toContainText('Expires');

  // By click.
  await tab('Controls').click();
  await expect(tab('Controls')).toHaveAttribute('aria-selected', 'true');
  await expect(
    detail(page)
      .getByRole('tabpanel', { name: 'Controls' })
      .getByRole('heading', { name: 'Would this purchase go through?' }),
  ).toBeVisible();
  await expect(detail(page).getByRole('tabpanel', { name: 'Overview' })).toHaveCount(0);

  // By keyboard: the selected tab takes focus, the arrows move and select, wrapping at the ends.
  await tab('Controls').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Transactions')).toBeFocused();
  await expect(tab('Transactions')).toHaveAttribute('aria-selected', 'true');
  await expect(
    detail(page)
      .getByRole('tabpanel', { name: 'Transactions' })
      .getByRole('list', { name: 'Card events' })
      .or(
        detail(page)
          .getByRole('tabpanel', { name: 'Transactions' })
          .getByText(/No events for this card yet|Loading events/),
      ),
  ).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(tab('Overview')).toBeFocused();
  await expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(tab('Controls')).toHaveAttribute('aria-selected', 'true');
  // Tab leaves the tab list for the panel's content, not the next tab.
  await page.keyboard.press('Tab');
  await expect(tab('Overview')).not.toBeFocused();
  await expect(tab('Transactions')).not.toBeFocused();
});

test('a limit with nothing spent shows once, as a visible bar at 0% with "$0.00 spent of …"', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const limit: RefLimit = { limitAmount: { amountCents: 50_000 }, preset: 'monthly', timezone: 'UTC' };
  // An active card outside any group that spent nothing this month (by the sandbox's own transactions).
  const card = [...sandbox.world.cards.values()].find(
    (c) =>
      c.status === 'active' &&
      !c.cardGroupId &&
      [...sandbox.world.cards.values()].filter((o) => o.name.includes(c.name)).length === 1 &&
      spentBy(sandbox, [c.id], limit) === 0,
  );
  if (!card) throw new Error('the Demo has no active card without purchases this month');
  await api(sandbox, 'PATCH', `/card/${card.id}`, { spendingConstraint: withLimit(limit) });

  await openSection(page, 'Cards');
  await updateNow(page);
  await synced(page);
  await expect(await rowOf(page, card.name)).toContainText('$0.00 of $500.00');
  await openCard(page, card.name);
  const controls = await openCardTab(page, 'Controls');
  const meters = controls.getByRole('list', { name: 'Spending of this card against its limits' });
  await expect(meters.getByRole('listitem')).toHaveCount(1);
  await expect(meters).toContainText('Per month · UTC');
  await expect(meters).toContainText('$0.00 spent of $500.00 · $500.00 left');
  const bar = meters.getByRole('meter');
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(bar).toHaveAttribute('aria-valuetext', '$0.00 of $500.00');
  await expect(bar).toBeVisible();
  const box = await bar.boundingBox();
  expect(box?.width, 'the track spans the panel').toBeGreaterThan(100);
  expect(box?.height, 'the track has a height').toBeGreaterThan(3);
  // The track itself is drawn (a background or a border), so 0% still reads as a limit.
  const drawn = await bar.evaluate((el) => {
    const s = getComputedStyle(el);
    return s.backgroundColor !== 'rgba(0, 0, 0, 0)' || parseFloat(s.borderTopWidth) > 0;
  });
  expect(drawn).toBe(true);
  // Once: the rules in words leave the limit to its bar.
  await expect(controls.getByText(/Spending at most \$500\.00/)).toHaveCount(0);
});

test('the list shows each card’s spent against limit, as the sandbox’s transactions add up', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const cards = [...sandbox.world.cards.values()];
  const unique = (name: string) => cards.filter((o) => o.name.includes(name)).length === 1;
  // A card with a limit of its own (which the row shows before any group's): the card that spent the most this month.
  const own: RefLimit = { limitAmount: { amountCents: 1_000_000 }, preset: 'monthly', timezone: 'UTC' };
  const solo = cards
    .filter((c) => unique(c.name))
    .map((c) => ({ card: c, spent: spentBy(sandbox, [c.id], own) }))
    .sort((a, b) => b.spent - a.spent)[0];
  if (!solo || solo.spent === 0) throw new Error('no card spent this month');
  await api(sandbox, 'PATCH', `/card/${solo.card.id}`, { spendingConstraint: withLimit(own) });

  // A card in a group whose limit it shares, with none of its own: the row shows the group's spend,
  // over every card in the group. The group that spent the most this month gets a monthly limit.
  const groupLimit: RefLimit = { limitAmount: { amountCents: 2_500_000 }, preset: 'monthly', timezone: 'UTC' };
  const membersOf = (groupId: string) => cards.filter((o) => o.cardGroupId === groupId).map((o) => o.id);
  const group = [...sandbox.world.cardGroups.values()]
    .map((g) => ({ group: g, spent: spentBy(sandbox, membersOf(g.id), groupLimit) }))
    .sort((a, b) => b.spent - a.spent)[0];
  const member = cards.find((c) => c.cardGroupId === group?.group.id && c.id !== solo.card.id && unique(c.name));
  if (!group || group.spent === 0 || !member) throw new Error('no group spent this month');
  await api(sandbox, 'PATCH', `/card-group/${group.group.id}`, { spendingConstraint: withLimit(groupLimit) });
  // One update brings the group's new limit and the cards alike.
  await updateNow(page);
  await synced(page);

  await openSection(page, 'Cards');
  await expect(await rowOf(page, solo.card.name)).toContainText(
    `${dollars(solo.spent)} of ${dollars(own.limitAmount.amountCents)}`,
  );
  await expect(await rowOf(page, member.name)).toContainText(
    `${dollars(group.spent)} of ${dollars(groupLimit.limitAmount.amountCents)}`,
  );
  // A card that nothing caps says so rather than showing an empty figure.
  const free = cards.find(
    (c) => !c.cardGroupId && c.id !== solo.card.id && unique(c.name) && !referenceLimits(c.spendingConstraint).length,
  );
  if (free) await expect(await rowOf(page, free.name)).toContainText('No limit');
});

test('the list filters by group with the picker alone: no "Group name" field beside it', async ({ app }) => {
  await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Cards');
  const filters = page.getByRole('group', { name: 'Card filters' });
  await expect(filters.getByRole('combobox', { name: /^Group\b/ })).toBeVisible();
  await expect(filters.getByLabel('Group name')).toHaveCount(0);
  await expect(filters.getByPlaceholder('Exact name')).toHaveCount(0);
});

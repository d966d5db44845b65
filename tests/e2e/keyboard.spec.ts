import type { Locator, Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { escapeRegExp } from './harness/text';
import { sectionHeading as heading, synced } from './harness/flows';
import { webhooksHeading } from './harness/webhooks';

// The keyboard through the real screens, core and sandbox, with no mouse anywhere: the command
// palette (Ctrl+K), the shortcuts sheet (?), the section keys and the focus around them. What the
// commands do is read where it happens: the sandbox's ledger and accounts, the outbox's and the
// cache's IndexedDB databases.

/** Noon UTC of a fixed day: the Demo's clock, whatever day the suite runs. */
const FIXED_NOON = Date.UTC(2026, 2, 18, 12);
test.use({ session: { now: FIXED_NOON, demo: { seed: 7, transactions: 300 } } });

/** The sections, in the sidebar's order, and what a person might type for each: letters of its name, in order, with gaps. */
const SECTIONS: [name: string, typed: string][] = [
  ['Dashboard', 'dshb'],
  ['Transactions', 'trnsc'],
  ['Cards', 'go crds'],
  ['Card groups', 'crdgrp'],
  ['Accounts', 'accnts'],
  ['Transfers', 'go trnsf'],
  ['Payments', 'go pymnt'],
  ['Approvals', 'aprv'],
  ['Directory', 'drctry'],
  ['Settings', 'sttngs'],
];

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });

/** Presses Tab until `target` has focus, as a person reaches a control with no mouse. */
async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The welcome screen's "Try the Demo", reached and pressed from the keyboard. */
async function startDemoByKeyboard(page: Page): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: 'Try the Demo' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Online');
}

/**
 * Opens the palette with Ctrl+K, types `typed`, checks that the command it would run (the one
 * selected) is `expected`, and runs it with Enter.
 */
async function runCommand(page: Page, typed: string, expected: RegExp): Promise<void> {
  await page.keyboard.press('Control+k');
  const dialog = palette(page);
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('combobox', { name: 'Command' });
  await expect(input).toBeFocused();
  await page.keyboard.type(typed);
  await expect(dialog.getByRole('option', { selected: true })).toHaveAccessibleName(expected);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/** Every row of one IndexedDB store of the page, as the app left it. */
async function storeRows<T>(page: Page, db: string, store: string): Promise<T[]> {
  return page.evaluate(
    ({ db, store }) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction(store).objectStore(store).getAll();
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result as T[]);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    { db, store },
  );
}

interface OutboxRecord {
  amountCents: number;
  state: string;
  approval?: { by: string };
}

const ledgerOf = (sandbox: Sandbox, amountCents: number) =>
  sandbox.world.ledger.filter((e) => e.amountCents === amountCents);

test('the palette opens with Ctrl+K on every screen and reaches every screen, with no mouse', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemoByKeyboard(page);
  await expect(heading(page, 'Dashboard')).toBeVisible();

  // Around the sidebar twice over, each section from the one before it: every screen opens the palette.
  for (const [name, typed] of [...SECTIONS.slice(1), SECTIONS[0] as [string, string]]) {
    await runCommand(page, typed, new RegExp(`^Go to ${escapeRegExp(name)}\\b`));
    // The new screen has focus at its heading, so the next Tab starts there.
    await expect(heading(page, name)).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Sections' }).locator('[aria-current="page"]')).toHaveText(
      new RegExp(`^${escapeRegExp(name)}`),
    );
  }

  // Webhooks are Settings → Developer: "Go to Webhooks" opens Settings at their heading.
  await runCommand(page, 'whk', /^Go to Webhooks\b/);
  await expect(heading(page, 'Settings')).toBeVisible();
  await expect(webhooksHeading(page)).toBeFocused();

  // A command of another screen opens that screen first: the Demo's reset asks for its size in Settings
  // (from the Dashboard, since Webhooks left the palette on Settings already).
  await runCommand(page, 'dshb', /^Go to Dashboard\b/);
  await runCommand(page, 'reset demo', /^Reset the Demo…/);
  await expect(heading(page, 'Settings')).toBeVisible();
  await expect(page.getByLabel('Sample size')).toBeFocused();
  // There, the palette's reset is the screen's own button, with the size chosen.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('reset demo');
  await expect(palette(page).getByRole('option', { selected: true })).toHaveAccessibleName(
    /^Reset the Demo with [\d,]+ transactions/,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Sample size')).toBeFocused();
  // Webhooks are Settings → Developer: "Go to Webhooks" (here, on Settings already) moves to their heading.
  await runCommand(page, 'go whk', /^Go to Webhooks\b/);
  await expect(heading(page, 'Settings')).toBeVisible();
  await expect(webhooksHeading(page)).toBeFocused();

  // The palette is a modal dialog: Tab stays in it, Escape closes it, and focus goes back where it was.
  const cards = page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Cards/ });
  await tabTo(page, cards);
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('dialog')?.getAttribute('aria-label') ?? null))
    .toBe('Command palette');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(cards).toBeFocused();
  // Ctrl+K closes it too, and typing nothing that matches says so.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('qqqq');
  await expect(palette(page).getByText('No command matches “qqqq”.')).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeHidden();
  await expect(cards).toBeFocused();
});

test('three commands with no mouse: sync now, pause sending, approve the selected item; each seen where it happens', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  await app.open();
  await startDemoByKeyboard(page);
  const sandbox = await app.demoSandbox();
  await synced(page);

  const world = sandbox.world;
  const open = [...world.virtualAccounts.values()].filter((v) => v.closedAt === null);
  const from = world.virtualAccounts.get(world.primaryVirtualAccountId);
  const to = open.find((v) => v.id !== world.primaryVirtualAccountId);
  if (!from || !to) throw new Error('the seed has no second open virtual account');

  // 1. Update now (found by "sync"). The service renames an account; only a sync brings the new name into the cache.
  const cachedName = async () => {
    const rows = await storeRows<{ kind: string; id: string; value: { virtualAccount: { name: string } } }>(
      page,
      'treasury-cache:demo',
      'entities',
    );
    return rows.find((r) => r.kind === 'virtualAccount' && r.id === to.id)?.value.virtualAccount.name;
  };
  expect(await cachedName()).toBe(to.name);
  const renamed = `${to.name} (renamed by the service)`;
  to.name = renamed;
  await runCommand(page, 'sync', /^Update now/);
  await expect.poll(cachedName, { timeout: 90_000 }).toBe(renamed);
  // F5, the top bar's shortcut, does the same once that update is over.
  await synced(page);
  to.name = `${renamed} again`;
  await page.keyboard.press('F5');
  await expect.poll(cachedName, { timeout: 90_000 }).toBe(`${renamed} again`);

  // Two transfers drafted from the keyboard: "New transfer" opens its panel with focus in the
  // form; Enter queues it, closes the panel and selects the new row, which takes the focus.
  for (const amount of ['11.11', '22.22']) {
    await runCommand(page, 'new trnsf', /^New transfer/);
    const form = page.getByRole('form', { name: 'New transfer' });
    await expect(form.getByLabel('From')).toBeFocused();
    await form.getByLabel('From').selectOption(from.id);
    await form.getByLabel('To').selectOption(to.id);
    await form.getByLabel('Amount (USD)').fill(amount);
    await form.getByLabel('Amount (USD)').press('Enter');
    await expect(form).toBeHidden();
    const row = page
      .getByRole('region', { name: 'Awaiting approval' })
      .getByRole('listitem', { name: new RegExp(`^Transfer \\$${amount.replace('.', '\\.')}`) });
    await expect(row).toHaveAttribute('aria-current', 'true');
    await expect(row).toBeFocused();
  }
  await expect(page.getByText('Queued for approval (Approvals).')).toBeVisible();

  // 2. Pause sending.
  await runCommand(page, 'aprv', /^Go to Approvals/);
  await runCommand(page, 'pause', /^Pause sending/);
  await expect(page.getByText('Sending is paused: nothing is sent until you resume.')).toBeVisible();

  // 3. Approve the selected item: Tab into the inbox, arrow down to the second transfer, and
  // confirm in the app's own dialog (Cancel has the focus first: Tab, then Enter).
  const awaiting = page.getByRole('region', { name: /^Waiting for approval/ });
  const first = awaiting.getByRole('listitem', { name: /^Transfer \$11\.11/ });
  const second = awaiting.getByRole('listitem', { name: /^Transfer \$22\.22/ });
  await tabTo(page, first);
  await expect(first).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await runCommand(page, 'approve: transfer $22', /^Approve: Transfer \$22\.22/);
  const confirm = page.getByRole('dialog', { name: 'Approve and send?' });
  await expect(confirm).toContainText('Transfer $22.22');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Approve 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();

  const rows = () => storeRows<OutboxRecord>(page, 'treasury-outbox:demo', 'rows');
  await expect.poll(async () => (await rows()).find((r) => r.amountCents === 2_222)?.state).toBe('approved');
  const queue = await rows();
  expect(queue.find((r) => r.amountCents === 2_222)?.approval?.by).toBeTruthy();
  expect(queue.find((r) => r.amountCents === 1_111)?.state).toBe('awaiting-approval');
  // Paused: the approved transfer waits in the outbox, nothing reached the service.
  await expect(page.getByRole('region', { name: 'Approved, to send' })).toContainText('Transfer $22.22');
  expect(ledgerOf(sandbox, 2_222)).toHaveLength(0);

  // Resumed from the palette too: the approved one goes out once, the other still waits for a person.
  await runCommand(page, 'resume', /^Resume sending/);
  await expect.poll(() => ledgerOf(sandbox, 2_222).length, { timeout: 90_000 }).toBe(1);
  const sent = ledgerOf(sandbox, 2_222)[0];
  expect(sent?.source).toBe(from.id);
  expect(sent?.destination).toBe(to.id);
  expect(ledgerOf(sandbox, 1_111)).toHaveLength(0);
});

test('reveal from the palette: only the open card, and main still asks before anything is shown', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemoByKeyboard(page);
  const sandbox = await app.demoSandbox();
  await synced(page);
  const cards = [...sandbox.world.cards.values()];
  const card = cards.find((c) => c.status === 'active' && cards.filter((o) => o.name.includes(c.name)).length === 1);
  if (!card) throw new Error('the Demo has no active card with a name of its own');

  await page.keyboard.press('Control+2');
  await expect(heading(page, 'Cards')).toBeFocused();
  // No card is open: the palette says why there is nothing to reveal, and will not run it.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('reveal');
  const none = palette(page).getByRole('option', { name: /^Reveal a card’s number and code/ });
  await expect(none).toHaveAttribute('aria-disabled', 'true');
  await expect(none).toContainText('Unavailable: Open a card first');
  await page.keyboard.press('Escape');

  // Open the card from the keyboard: its name in the filter, then the list, the arrow and Enter.
  await tabTo(page, page.getByRole('group', { name: 'Card filters' }).getByLabel('Search'));
  await page.keyboard.type(card.name);
  const list = page.getByRole('grid', { name: 'Cards' });
  await expect(list.getByRole('row').filter({ hasText: card.name })).toHaveCount(1);
  await tabTo(page, list);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const secrets = page
    .getByRole('region', { name: 'Card details' })
    .getByRole('region', { name: 'Card number and code' });
  await expect(secrets).toBeVisible();

  await runCommand(page, 'reveal', new RegExp(`^Reveal the number and code of the card ending in ${card.last4}`));
  // main asks in its own window first; until the person answers, the reveal waits and nothing shows.
  await expect(secrets.getByRole('button', { name: 'Revealing…' })).toBeDisabled();
  await app.prompts.confirm(`Show the number and security code of “${card.name}” •••• ${card.last4}?`);
  const vault = await fetch(
    `${sandbox.vaultUrl}/card/${encodeURIComponent(card.id)}?include_pan=true&include_cvv=true`,
    { headers: { 'x-api-key': sandbox.apiKey } },
  );
  const { pan } = (await vault.json()) as { pan: string };
  await expect(secrets.getByRole('definition').first()).toHaveText(pan.replace(/(.{4})(?=.)/g, '$1 '));

  await runCommand(page, 'hide', new RegExp(`^Hide the number and code of the card ending in ${card.last4}`));
  await expect(secrets.getByText(pan.replace(/(.{4})(?=.)/g, '$1 '))).toHaveCount(0);
  await expect(secrets.getByRole('button', { name: 'Reveal number and code' })).toBeVisible();
});

test('the shortcuts sheet lists what the keys do, the sidebar shows the same keys, and ? types a ? in a field', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await startDemoByKeyboard(page);
  await page.keyboard.press('Control+1');
  await expect(heading(page, 'Transactions')).toBeFocused();

  await page.keyboard.press('?');
  await expect(sheet(page)).toBeVisible();
  await expect(sheet(page).getByRole('button', { name: 'Close' })).toBeFocused();
  const anywhere = sheet(page).getByRole('table', { name: 'Anywhere' });
  const listed = new Map<string, string>();
  for (const row of await anywhere.getByRole('row').all()) {
    const cells = await row.getByRole('cell').allTextContents();
    if (cells.length === 2) listed.set((cells[1] ?? '').replace(/ \(.*\)$/, ''), cells[0] ?? '');
  }
  await page.keyboard.press('Escape');
  await expect(sheet(page)).toBeHidden();
  await expect(heading(page, 'Transactions')).toBeFocused();

  // Every section has its keys in the sheet, the sidebar shows the same, and they do what both say.
  const nav = page.getByRole('navigation', { name: 'Sections' });
  expect([...listed.keys()].filter((k) => k.startsWith('Go to ')).sort()).toEqual(
    [...SECTIONS.map(([name]) => `Go to ${name}`), 'Go to Webhooks'].sort(),
  );
  for (const [name] of [...SECTIONS.slice(2), ...SECTIONS.slice(0, 2)]) {
    const keys = listed.get(`Go to ${name}`) ?? '';
    expect(keys).toMatch(/^Ctrl\+[0-9A-Z]$/);
    await expect(nav.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) }).locator('kbd')).toHaveText(
      keys,
    );
    await page.keyboard.press(keys.replace('Ctrl+', 'Control+'));
    await expect(heading(page, name)).toBeVisible();
  }
  // Webhooks kept their Ctrl+8 when they moved into Settings (Developer); they left the sidebar.
  expect(listed.get('Go to Webhooks')).toBe('Ctrl+8');
  await expect(nav.getByRole('button', { name: /^Webhooks/ })).toHaveCount(0);
  await page.keyboard.press('Control+8');
  await expect(heading(page, 'Settings')).toBeVisible();
  await expect(webhooksHeading(page)).toBeFocused();
  expect(listed.get('Update now')).toBe('F5');
  await page.keyboard.press('Control+1');
  expect(listed.get('Open the command palette')).toBe('Ctrl+K');
  expect(listed.get('Show keyboard shortcuts')).toBe('?');

  // A screen's own shortcut is listed under that screen, and does what it says.
  await expect(heading(page, 'Transactions')).toBeFocused();
  await page.keyboard.press('?');
  const here = sheet(page).getByRole('table', { name: 'On this screen (Transactions)' });
  await expect(
    here
      .getByRole('row', { name: /Search transactions/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('/');
  await page.keyboard.press('Escape');
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: /Search transactions/ });
  await expect(search).toBeFocused();

  // While typing, ? is a question mark and / a slash: no sheet, nothing taken from the field.
  await page.keyboard.type('what? a/b');
  await expect(search).toHaveValue('what? a/b');
  await expect(sheet(page)).toHaveCount(0);
  // Ctrl+digit still works from a field, as the sheet says.
  await page.keyboard.press('Control+5');
  await expect(heading(page, 'Transfers')).toBeVisible();
  // N, outside a field, opens the new transfer's panel at its first field.
  await page.keyboard.press('n');
  const form = page.getByRole('form', { name: 'New transfer' });
  await expect(form.getByLabel('From')).toBeFocused();
  const amount = form.getByLabel('Amount (USD)');
  await amount.focus();
  await page.keyboard.type('12?');
  await expect(amount).toHaveValue('12?');
  await expect(sheet(page)).toHaveCount(0);
});

test.describe('on macOS', () => {
  test.use({ session: { platform: 'darwin', now: FIXED_NOON, demo: { seed: 7, transactions: 300 } } });

  test('the keys are ⌘ and the hints say so; Ctrl with a digit does nothing there', async ({ app }) => {
    const { page } = app;
    await app.open();
    await startDemoByKeyboard(page);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    const transactions = nav.getByRole('button', { name: /^Transactions/ });
    await expect(transactions.locator('kbd')).toHaveText('⌘1');
    await expect(transactions).toHaveAttribute('aria-keyshortcuts', 'Meta+1');
    await expect(nav.getByRole('button', { name: /^Dashboard/ }).locator('kbd')).toHaveText('⌘D');

    await page.keyboard.press('Meta+1');
    await expect(heading(page, 'Transactions')).toBeFocused();
    // Ctrl+2 is not ⌘2 here. The sheet opened by the next key shows when that key was handled,
    // after any navigation Ctrl+2 could have made.
    await page.keyboard.press('Control+2');
    await page.keyboard.press('?');
    await expect(sheet(page)).toBeVisible();
    await expect(heading(page, 'Transactions')).toBeVisible();
    await expect(
      sheet(page)
        .getByRole('row', { name: /Open the command palette/ })
        .getByRole('cell')
        .first(),
    ).toHaveText('⌘K');
    await page.keyboard.press('Escape');

    await page.keyboard.press('Meta+k');
    await expect(palette(page)).toBeVisible();
    await expect(palette(page).getByRole('option', { name: /^Go to Cards/ })).toContainText('⌘2');
    await page.keyboard.press('Escape');
  });
});

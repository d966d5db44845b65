/**
 * `npm run screenshots`: drives the built renderer through every screen of the Demo, in the
 * light and the dark theme, and saves docs/screenshots/<screen>-<light|dark>.png. Same harness
 * as the e2e tests (real core, shim bridge, Chromium), outside the test runner.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import config from '../../playwright.config';
import { promptsOf } from './harness/prompts';
import { startSession, type Session } from './harness/session';
import { HOST_ENTRY_URL } from '../../src/browser-host/origin';
import { serveAppFiles } from '../../src/browser-host/serve-app';
import { buildShim } from '../../src/browser-host/shim-bundle';
import { rendererDir } from './harness/renderer';
import { dataStatus, newItemForm, openSection } from './harness/flows';
import { openWebhooks } from './harness/webhooks';

const APP_VERSION = (JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { version: string })
  .version;

const OUT = resolve(__dirname, '../../docs/screenshots');
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];
const VIEWPORT = { width: 1200, height: 760 };

/** Screens shot as they open, once the Demo has synced (their data comes from the sync). */
const SECTIONS = ['Directory', 'Settings'];
const slug = (name: string) => name.toLowerCase().replace(/\s+/g, '-');

interface Ctx {
  page: Page;
  session: Session;
  scheme: Scheme;
}

async function shoot({ page, scheme }: Ctx, name: string): Promise<void> {
  // The resting state: fonts loaded and what the last change drew painted (two frames), animations stopped.
  await page.evaluate(() =>
    document.fonts.ready.then(
      () => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
    ),
  );
  await page.screenshot({ path: resolve(OUT, `${name}-${scheme}.png`), animations: 'disabled' });
  console.log(`docs/screenshots/${name}-${scheme}.png`);
}

/** How long a step waits for what it opened: the page's own default, which `waitFor` used here. */
const PATIENCE_MS = 30_000;

async function tour(ctx: Ctx): Promise<void> {
  const { page, session } = ctx;
  await page.goto(HOST_ENTRY_URL);
  await page.getByRole('button', { name: 'Try the Demo' }).waitFor();
  await shoot(ctx, 'welcome');

  await page.getByRole('button', { name: 'Connect a live account' }).click();
  await shoot(ctx, 'welcome-connect');
  await page.getByRole('button', { name: '← Back' }).click();

  await page.getByRole('button', { name: 'Try the Demo' }).click();
  await page.getByRole('status').filter({ hasText: 'Online' }).waitFor();
  const demo = await session.core.demo.running();
  if (!demo) throw new Error('the Demo sandbox did not start');
  await transactionScreens(ctx);
  await outboxScreens(ctx, demo);
  await dashboardScreen(ctx);
  await accountScreens(ctx);
  await cardScreens(ctx);
  for (const name of SECTIONS) {
    await openSection(page, name, PATIENCE_MS);
    await page.mouse.move(0, 0);
    await shoot(ctx, slug(name));
  }
  // Webhooks are Settings → Developer: shot there, scrolled to their heading.
  await openWebhooks(page);
  await page.mouse.move(0, 0);
  await shoot(ctx, 'webhooks');
  // Settings → Help: the support bundle, the log folder, diagnostics and updates.
  await page.getByRole('heading', { name: 'Help', exact: true }).scrollIntoViewIfNeeded();
  await shoot(ctx, 'settings-help');

  // Settings with a live profile saved and a refused key tested by Save: tall enough to show the form.
  await page.setViewportSize({ width: 1200, height: 1180 });
  const live = await startSandbox({ seed: 3, transactions: 20 });
  try {
    const form = page.getByRole('form', { name: 'Add a live profile' });
    const fill = async (apiKey: string) => {
      await form.getByLabel('Name').fill('Acme Treasury');
      await form.getByLabel('Service address (base URL)').fill(live.apiUrl);
      await form.getByLabel('Vault address (vault URL)').fill(live.vaultUrl);
      await form.getByLabel('API key').fill(apiKey);
    };
    // main asks in its own window before a typed key goes anywhere: answered as a person would.
    const prompts = promptsOf(ctx.session.prompts);
    await fill(live.apiKey);
    await form.getByRole('button', { name: 'Save' }).click();
    await prompts.confirm();
    await form.getByText('Saved').waitFor();
    await fill('not-the-right-key-123');
    // Save tests first; with a refused key it shows why and offers "Save anyway".
    await form.getByRole('button', { name: 'Save' }).click();
    await prompts.confirm();
    await form.getByRole('button', { name: 'Save anyway' }).waitFor();
    await page.getByRole('button', { name: /^Settings/ }).focus();
    await shoot(ctx, 'settings-test-connection');
    await form.getByLabel('Service address (base URL)').fill('not a url');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(/absolute URL/).waitFor();
    await shoot(ctx, 'settings-field-errors');

    // The two dialogs of a live profile's row.
    await page.getByRole('button', { name: 'Edit Acme Treasury' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit “Acme Treasury”' });
    await edit.getByLabel('Service address (base URL)').fill('http://api.example.com');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText(/https/).first().waitFor();
    await shoot(ctx, 'settings-edit');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Replace key for Acme Treasury' }).click();
    const setKey = page.getByRole('dialog', { name: 'Replace the API key of “Acme Treasury”' });
    await setKey.getByLabel('API key').fill('not-the-right-key-123');
    await shoot(ctx, 'settings-set-key');
    await page.keyboard.press('Escape');
    await setKey.waitFor({ state: 'hidden' });
  } finally {
    await live.close();
  }

  // The offline banner over the Transactions screen.
  await page.setViewportSize(VIEWPORT);
  await openSection(page, 'Transactions', PATIENCE_MS);
  await demo.setFaults({ offline: true });
  for (let i = 0; i < 20 && (await session.core.handlers['connectivity:check'](undefined)).state !== 'offline'; i++);
  await page.getByRole('alert').filter({ hasText: 'You are offline' }).waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'offline');
  await demo.resetFaults();
  await page.getByRole('alert').filter({ hasText: 'You are offline' }).waitFor({ state: 'hidden' });
  await demoResetScreens(ctx);
}

/** Transactions synced and listed, one opened in the detail pane, and the charts of the result. */
async function transactionScreens(ctx: Ctx): Promise<void> {
  const { page } = ctx;
  await openSection(page, 'Transactions', PATIENCE_MS);
  await dataStatus(page)
    .getByText(/^Up to date · /)
    .waitFor({ timeout: 60_000 });
  await page
    .locator('.result-summary')
    .filter({ hasText: /[1-9][\d,]* transactions/ })
    .waitFor();
  const rows = page.getByRole('grid', { name: 'Transactions' }).getByRole('row');
  await rows.nth(12).waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'transactions');

  // A card purchase in the detail pane (it has a merchant, a card and a place).
  await rows.filter({ hasText: '•' }).first().click();
  const detail = page.getByRole('region', { name: 'Transaction details' });
  await detail.getByRole('heading', { level: 2 }).waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'transaction-detail');
  await detail.getByRole('button', { name: 'Close the transaction details' }).click();
  await detail.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Charts' }).click();
  const charts = page.getByRole('region', { name: 'Charts of the current result' });
  await charts.getByRole('img', { name: /^Card spend per / }).waitFor();
  await charts.getByRole('listitem').nth(2).waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'charts');
  await page.getByRole('button', { name: 'Charts' }).click();
  await charts.waitFor({ state: 'detached' });
}

/**
 * Approvals, Transfers and Payments with rows: the sender paused first so that an approved
 * transfer stays "Approved, to send" for the picture; two transfers and a payment queued, one
 * transfer approved.
 */
async function outboxScreens(ctx: Ctx, demo: Sandbox): Promise<void> {
  const { page } = ctx;
  const world = demo.world;
  const to = [...world.virtualAccounts.values()].find(
    (v) => v.id !== world.primaryVirtualAccountId && v.closedAt === null,
  );
  const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId);
  if (!to || !payee) throw new Error('the Demo seed has no second open virtual account or no payee');

  await openSection(page, 'Approvals', PATIENCE_MS);
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await page.getByRole('button', { name: 'Resume sending' }).waitFor();

  const approved = page.getByRole('region', { name: 'Approved, to send' });
  const awaiting = page.getByRole('region', { name: 'Awaiting approval' });
  for (const amount of ['2,500.00', '18,250.00']) {
    await openSection(page, 'Transfers', PATIENCE_MS);
    const form = await newItemForm(page, 'New transfer', PATIENCE_MS);
    await form.getByLabel('From').selectOption(world.primaryVirtualAccountId);
    await form.getByLabel('To').selectOption(to.id);
    await form.getByLabel('Amount (USD)').fill(amount);
    await form.getByRole('button', { name: 'Queue transfer' }).click();
    await awaiting.filter({ hasText: `Transfer $${amount}` }).waitFor();
  }
  await openSection(page, 'Payments', PATIENCE_MS);
  const pay = await newItemForm(page, 'New payment', PATIENCE_MS);
  await pay.getByLabel('Pay to (payee handle)').fill(payee.svcHandle);
  await pay.getByLabel('Amount (USD)').fill('420.00');
  await pay.getByRole('button', { name: 'Queue payment' }).click();
  await awaiting.filter({ hasText: 'Payment $420.00' }).waitFor();

  await openSection(page, 'Transfers', PATIENCE_MS);
  await page.getByRole('button', { name: /^Approve: Transfer \$18,250\.00/ }).click();
  await approved.filter({ hasText: 'Transfer $18,250.00' }).waitFor();
  // Approvals: the inbox holds what waits; the outbox below it, the rest.
  await openSection(page, 'Approvals', PATIENCE_MS);
  const inbox = page.getByRole('region', { name: /^Waiting for approval/ });
  await inbox.filter({ hasText: 'Transfer $2,500.00' }).filter({ hasText: 'Payment $420.00' }).waitFor();
  await approved.filter({ hasText: 'Transfer $18,250.00' }).waitFor();
  // Tall enough for both groups.
  await page.setViewportSize({ width: VIEWPORT.width, height: 1180 });
  await page.mouse.move(0, 0);
  await shoot(ctx, 'approvals');

  // The queue first; a new transfer being typed in the side panel, with the balance it leaves.
  await openSection(page, 'Transfers', PATIENCE_MS);
  await approved.filter({ hasText: 'Transfer $18,250.00' }).waitFor();
  await awaiting.filter({ hasText: 'Transfer $2,500.00' }).waitFor();
  const draft = await newItemForm(page, 'New transfer', PATIENCE_MS);
  await draft.getByLabel('From').selectOption(world.primaryVirtualAccountId);
  await draft.getByLabel('Amount (USD)').fill('1,250.00');
  await draft.getByTestId('balance-after').filter({ hasText: '$' }).waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'transfers');
  await page.keyboard.press('Escape');

  await openSection(page, 'Payments', PATIENCE_MS);
  await awaiting.filter({ hasText: 'Payment $420.00' }).waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'payments');
  await page.setViewportSize(VIEWPORT);
}

/**
 * The Dashboard after the outbox screens queued two transfers and a payment (one approved): cash,
 * spend, the outbox, the forecast per account and what needs attention.
 */
async function dashboardScreen(ctx: Ctx): Promise<void> {
  const { page } = ctx;
  await page.setViewportSize({ width: VIEWPORT.width, height: 1900 });
  await openSection(page, 'Dashboard', PATIENCE_MS);
  await page.getByRole('table', { name: 'Open virtual accounts' }).getByRole('row').nth(3).waitFor();
  await page.getByRole('list', { name: 'Newest transactions' }).getByRole('listitem').nth(3).waitFor();
  await page
    .getByRole('region', { name: /^Forecast for / })
    .first()
    .waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'dashboard');
  await page.setViewportSize(VIEWPORT);
}

/**
 * An account open: its balance over time and its transactions first, then its numbers, the
 * commission rule the seed gives the escrow account, the export, and an off-ramp wallet created
 * for the picture.
 */
async function accountScreens(ctx: Ctx): Promise<void> {
  const { page } = ctx;
  await page.setViewportSize({ width: VIEWPORT.width, height: 2600 });
  await openSection(page, 'Accounts', PATIENCE_MS);
  const name = 'Client Escrow - Globex';
  await page
    .getByRole('listbox', { name: 'Virtual accounts' })
    .getByRole('option', { name: new RegExp(`^${name}`) })
    .click();
  const detail = page.getByRole('region', { name: 'Account details' });
  await detail.getByRole('heading', { level: 2, name }).waitFor();
  const form = detail.getByRole('form', { name: 'Create a wallet' });
  await form.getByRole('button', { name: 'Create wallet…' }).click();
  await form
    .getByRole('group', { name: 'Confirm the new wallet' })
    .getByRole('button', { name: `Create it for ${name}` })
    .click();
  await form.getByRole('status').waitFor();
  const qr = detail.getByRole('img', { name: /^QR code of / }).first();
  await qr.waitFor();
  // The details scroll on their own: first from their top (the balance chart and the activity), then at the wallet.
  await detail.getByTestId('balance-summary').waitFor();
  await detail.evaluate((el) => el.scrollTo({ top: 0 }));
  await page.mouse.move(0, 0);
  await shoot(ctx, 'accounts');
  await detail
    .getByRole('region', { name: 'Off-ramp wallets' })
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(ctx, 'accounts-offramp');
  await page.setViewportSize(VIEWPORT);
}

/** Cards with one open (its fields, edits, transactions, events), and a group with its cards. */
async function cardScreens(ctx: Ctx): Promise<void> {
  const { page } = ctx;
  // The list with its spent against limit, then an open card's three tabs, each at the tour's size.
  await openSection(page, 'Cards', PATIENCE_MS);
  await page.getByRole('grid', { name: 'Cards' }).getByRole('row').nth(1).waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'cards');
  await page.getByRole('group', { name: 'Card filters' }).getByLabel('Search').fill('travel');
  await page.getByRole('grid', { name: 'Cards' }).getByRole('row').filter({ hasText: 'Travel - Alice' }).click();
  const card = page.getByRole('region', { name: 'Card details' });
  await card.getByRole('region', { name: 'Card number and code' }).waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'cards-overview');
  await card.getByRole('tab', { name: 'Transactions' }).click();
  await card.getByRole('table').waitFor();
  await card
    .getByText(/No events for this card yet|authorization (approved|declined)/)
    .first()
    .waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'cards-transactions');
  await card.getByRole('tab', { name: 'Controls' }).click();
  await card.getByRole('form', { name: 'Would this purchase go through?' }).waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'cards-controls');

  await page.setViewportSize({ width: VIEWPORT.width, height: 1400 });
  await openSection(page, 'Card groups', PATIENCE_MS);
  await page
    .getByRole('listbox', { name: 'Card groups' })
    .getByRole('option', { name: /^Meals/ })
    .click();
  await page
    .getByRole('region', { name: 'Group details' })
    .getByRole('list', { name: /against its limits/ })
    .waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'card-groups');
  await page.setViewportSize(VIEWPORT);
}

/** Last, since it replaces the Demo's history: a reset to 100,000 while it downloads, in Settings and on Transactions. */
async function demoResetScreens(ctx: Ctx): Promise<void> {
  const { page } = ctx;
  await openSection(page, 'Settings', PATIENCE_MS);
  await page.getByLabel('Sample size').selectOption('100000');
  await page.getByRole('button', { name: 'Reset the Demo' }).click();
  const line = page.locator('.demo-progress[data-stage="downloading"]');
  await line.filter({ hasText: 'left' }).waitFor({ timeout: 120_000 });
  await page.mouse.move(0, 0);
  await shoot(ctx, 'demo-reset-progress');
  // On Transactions the top bar alone says the download (the reset's line shows the other stages).
  await openSection(page, 'Transactions', PATIENCE_MS);
  await dataStatus(page)
    .getByText(/^Updating… [\d,]+ of 100,000 transactions/)
    .waitFor();
  await shoot(ctx, 'transactions-demo-reset');
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const shim = buildShim();
  const browser = await chromium.launch({ ...config.use?.launchOptions, headless: true });
  try {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
      await serveAppFiles(context, rendererDir());
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      // The version a person would see in Help, rather than the tests' 'e2e'.
      const session = await startSession(page, shim, { version: APP_VERSION });
      try {
        await tour({ page, session, scheme });
      } finally {
        await context.close();
        await session.dispose();
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

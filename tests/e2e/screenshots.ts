/**
 * `npm run screenshots`: drives the built renderer through every screen of the Demo, in the
 * light and the dark theme, and saves docs/screenshots/<screen>-<light|dark>.png. Same harness
 * as the e2e tests (real core, shim bridge, Chromium), outside the test runner.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startSandbox } from '../../src/sandbox';
import config from '../../playwright.config';
import { startSession, type Session } from './harness/session';
import { HOST_ENTRY_URL } from '../../src/browser-host/origin';
import { serveAppFiles } from '../../src/browser-host/serve-app';
import { buildShim } from '../../src/browser-host/shim-bundle';
import { rendererDir } from './harness/renderer';

const OUT = resolve(__dirname, '../../docs/screenshots');
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];
const VIEWPORT = { width: 1200, height: 760 };

const SECTIONS = ['Transactions', 'Cards', 'Card groups', 'Accounts', 'Transfers', 'Payments', 'Approvals', 'Webhooks', 'Directory', 'Settings'];
const slug = (name: string) => name.toLowerCase().replace(/\s+/g, '-');

interface Ctx {
  page: Page;
  session: Session;
  scheme: Scheme;
}

async function shoot({ page, scheme }: Ctx, name: string): Promise<void> {
  // Let transitions and live regions settle so the picture is the resting state.
  await page.waitForTimeout(150);
  await page.screenshot({ path: resolve(OUT, `${name}-${scheme}.png`) });
  console.log(`docs/screenshots/${name}-${scheme}.png`);
}

async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

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
  for (const name of SECTIONS) {
    await openSection(page, name);
    await page.mouse.move(0, 0);
    await shoot(ctx, slug(name));
  }

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
    await fill(live.apiKey);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved').waitFor();
    await fill('not-the-right-key-123');
    // Save tests first; with a refused key it shows why and offers "Save anyway".
    await form.getByRole('button', { name: 'Save' }).click();
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
  await openSection(page, 'Transactions');
  const demo = await session.core.demo.running();
  await demo?.setFaults({ offline: true });
  for (let i = 0; i < 20 && (await session.core.handlers['connectivity:check'](undefined)).state !== 'offline'; i++);
  await page.getByRole('alert').filter({ hasText: 'You are offline' }).waitFor();
  await page.mouse.move(0, 0);
  await shoot(ctx, 'offline');
  await demo?.resetFaults();
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
      const session = await startSession(page, shim);
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

import { createHash } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import type { MainCore } from '../../../src/main/core';
import { HOST_ENTRY_URL } from '../../../src/browser-host/origin';
import { serveAppFiles } from '../../../src/browser-host/serve-app';
import { startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { test } from '../fixtures';
import { PINNED_NOON } from './clock';
import { promptsOf, type Prompts } from './prompts';
import { rendererDir } from './renderer';
import { startSession } from './session';

/**
 * What the team workspace's e2e need beyond one app: a PostgreSQL cluster for the worker (each
 * test makes its own database on it), and more desktops, each a whole app of its own (its own
 * browser context, data folder, keychain and main's prompt window) beside the fixture's `app`.
 */
export interface Desktop {
  page: Page;
  prompts: Prompts;
  /** Its main's core, for a test that calls main's channels straight (as its renderer would). */
  core: MainCore;
  open(): Promise<void>;
}

async function openDesktop(browser: Browser, shim: string): Promise<{ desktop: Desktop; close(): Promise<void> }> {
  // The same page settings as the config's `use` gives the fixture's page.
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  await serveAppFiles(context, rendererDir());
  const session = await startSession(page, shim, { now: PINNED_NOON });
  return {
    desktop: {
      page,
      prompts: promptsOf(session.prompts),
      core: session.core,
      async open() {
        await page.goto(HOST_ENTRY_URL);
        await expect(page.getByText('Loading…')).toHaveCount(0);
      },
    },
    async close() {
      await context.close().catch(() => undefined);
      await session.dispose();
    },
  };
}

export const teamTest = test.extend<{ desktop: () => Promise<Desktop> }, { pg: PgCluster }>({
  pg: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const cluster = await startPgCluster();
      try {
        await use(cluster);
      } finally {
        await cluster.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  desktop: async ({ browser, shim }, use) => {
    const opened: { close(): Promise<void> }[] = [];
    try {
      await use(async () => {
        const d = await openDesktop(browser, shim);
        opened.push(d);
        return d.desktop;
      });
    } finally {
      for (const d of opened) await d.close();
    }
  },
});

/**
 * A key's fingerprint computed here from the raw key the database holds (standard base64 of 32
 * bytes), apart from the app's code: SHA-256, upper-case hex, groups of four.
 */
export function fingerprintOfKey(publicKeyBase64: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').toUpperCase();
  return (hex.match(/.{4}/g) ?? []).join(' ');
}

/** The JSON body of a signed statement as stored (`treasury-team/1 <kind>\n<json>`), read here without the app's reader. */
export function statementBody(text: string): Record<string, unknown> {
  const newline = text.indexOf('\n');
  return JSON.parse(text.slice(newline + 1)) as Record<string, unknown>;
}

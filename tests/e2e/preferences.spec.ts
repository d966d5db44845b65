import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { virtualAccountView } from '../../src/sandbox/accounts/views';
import { formatCents } from '../../src/shared/money';
import { test, expect } from './fixtures';
import { draftTransfer, openSection, startDemo, syncedDemo } from './harness/flows';

/**
 * Settings → Appearance and Notifications: the theme main gives the window (before its first
 * paint), and the outbox's OS notifications, each event on or off, as main showed them.
 */

/** The page's background as painted, and whether the page is told "dark". */
async function scheme(page: Page): Promise<{ dark: boolean; background: string }> {
  return page.evaluate(() => ({
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
    background: getComputedStyle(document.documentElement).backgroundColor,
  }));
}

// The design tokens' page background (ui/tokens.css), as the browser computes it.
const LIGHT_BG = 'rgb(246, 247, 249)';
const DARK_BG = 'rgb(15, 19, 24)';

/** Records, before any of the page's own scripts run, what colour scheme the page starts with. */
async function recordStartScheme(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { startDark: boolean }).startDark = matchMedia('(prefers-color-scheme: dark)').matches;
  });
}
const startDark = (page: Page) => page.evaluate(() => (window as unknown as { startDark: boolean }).startDark);

test.describe('the theme, on a computer set to dark', () => {
  test.use({ session: { demo: { seed: 7, transactions: 100 }, systemColorScheme: 'dark' } });

  test('follows the system by default; Light and Dark hold whatever the system says, and are kept', async ({ app }) => {
    const { page } = app;
    await recordStartScheme(page);
    await app.open();
    await startDemo(page);
    await openSection(page, 'Settings');
    const theme = page.getByRole('group', { name: 'Theme' });
    await expect(theme.getByRole('radio', { name: 'Follow the system', exact: true })).toBeChecked();
    expect(await scheme(page)).toEqual({ dark: true, background: DARK_BG });

    await theme.getByRole('radio', { name: 'Light', exact: true }).check();
    await expect.poll(() => scheme(page)).toEqual({ dark: false, background: LIGHT_BG });
    expect(await app.core.handlers['settings:get'](undefined)).toMatchObject({ theme: 'light' });

    // A reload starts light from its first script on.
    await page.reload();
    expect(await startDark(page)).toBe(false);
    await openSection(page, 'Settings');
    await expect(
      page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Light', exact: true }),
    ).toBeChecked();

    await page
      .getByRole('group', { name: 'Theme' })
      .getByRole('radio', { name: 'Follow the system', exact: true })
      .check();
    await expect.poll(() => scheme(page)).toEqual({ dark: true, background: DARK_BG });
  });
});

test.describe('the theme saved at the last run', () => {
  // A computer set to light, and settings.json from a run that chose Dark.
  test.use({
    session: {
      demo: { seed: 7, transactions: 100 },
      systemColorScheme: 'light',
      beforeStart: (dir) => writeFile(join(dir, 'settings.json'), JSON.stringify({ theme: 'dark', notifications: {} })),
    },
  });

  test('is the page’s from before its first script, so nothing is ever painted in the other one', async ({ app }) => {
    const { page } = app;
    await recordStartScheme(page);
    await app.open();
    expect(await startDark(page)).toBe(true);
    await startDemo(page);
    expect(await scheme(page)).toEqual({ dark: true, background: DARK_BG });
    await openSection(page, 'Settings');
    await expect(
      page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark', exact: true }),
    ).toBeChecked();
  });
});

test.describe('notifications', () => {
  test.use({ session: { demo: { seed: 7, transactions: 300 } } });

  function accounts(sandbox: Sandbox): { from: string; to: string; balanceCents: number } {
    const world = sandbox.world;
    const source = world.virtualAccounts.get(world.primaryVirtualAccountId);
    const to = [...world.virtualAccounts.values()].find(
      (v) => v.id !== world.primaryVirtualAccountId && v.closedAt === null,
    )?.id;
    if (!source || !to) throw new Error('the seed lacks two open accounts');
    return { from: source.id, to, balanceCents: virtualAccountView(world, source).balance.amountCents };
  }

  test('each event on or off: with "sent" off, items waiting and failing are told, items sent are not', async ({
    app,
  }) => {
    const { page } = app;
    const sandbox = await syncedDemo(app);
    const { from, to, balanceCents } = accounts(sandbox);
    await openSection(page, 'Settings');
    const notifications = page.getByRole('group', { name: 'Notify me, through the operating system, about' });
    for (const label of [
      'Items sent',
      'Items that failed',
      'Items that need review',
      'Items waiting for your approval',
    ])
      await expect(notifications.getByRole('checkbox', { name: label, exact: true })).toBeChecked();
    await notifications.getByRole('checkbox', { name: 'Items sent', exact: true }).uncheck();
    await expect.poll(async () => (await app.core.handlers['settings:get'](undefined)).notifications.sent).toBe(false);

    // Waiting for approval: told. Sent: not.
    await draftTransfer(page, from, to, '5.01');
    await expect.poll(() => app.notices.length).toBe(1);
    await openSection(page, 'Transfers');
    await page.getByRole('button', { name: /^Approve: Transfer \$5\.01/ }).click();
    await expect(page.getByRole('region', { name: 'Sent' })).toContainText('Transfer $5.01');

    // More than the account holds: the service refuses it, and that is told, with its reason.
    const over = formatCents(balanceCents + 1);
    await draftTransfer(page, from, to, over);
    await expect.poll(() => app.notices.length).toBe(2);
    await openSection(page, 'Transfers');
    await page
      .getByRole('button', { name: new RegExp(`^Approve: Transfer \\$${over.replace(/[.,]/g, (c) => `\\${c}`)}`) })
      .click();
    await expect(page.getByRole('region', { name: 'Failed' })).toContainText(`Transfer $${over}`);
    await expect.poll(() => app.notices.length).toBe(3);
    // In order; the send of $5.01 happened before the last two and is in none of them.
    expect(app.notices.map((n) => n.title)).toEqual([
      'Outbox: 1 waiting for your approval',
      'Outbox: 1 waiting for your approval',
      'Outbox: 1 failed',
    ]);
    expect(app.notices[0]?.body).toBe('Open Approvals to approve or reject.');
    expect(app.notices[2]?.body).not.toBe('');
  });
});

/**
 * The Demo team's Approvals inbox, as a newcomer sees it a moment after approving Dana Kim's
 * first draft: docs/screenshots/approvals-demo-team-<light|dark>.png. `npm run screenshots:team`
 * shoots it after the workspace's own screens (and `tsx tests/e2e/screenshots-demo-team.ts`
 * alone, after `electron-vite build`). Same harness as the e2e: main's real core, its Demo team
 * on a PostgreSQL main starts, the built renderer in Chromium; main's window answered by its buttons.
 */
import { resolve } from 'node:path';
import { chromium, expect } from '@playwright/test';
import config from '../../playwright.config';
import { HOST_ENTRY_URL } from '../../src/browser-host/origin';
import { serveAppFiles } from '../../src/browser-host/serve-app';
import { buildShim } from '../../src/browser-host/shim-bundle';
import { PINNED_NOON } from './harness/clock';
import { openSection, synced } from './harness/flows';
import { promptsOf } from './harness/prompts';
import { rendererDir } from './harness/renderer';
import { startSession } from './harness/session';

const OUT = resolve(__dirname, '../../docs/screenshots');

export async function shootDemoTeam(): Promise<void> {
  const browser = await chromium.launch({ ...config.use?.launchOptions, headless: true });
  try {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, deviceScaleFactor: 1 });
      await serveAppFiles(context, rendererDir());
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const session = await startSession(page, buildShim(), {
        now: PINNED_NOON,
        demo: { seed: 42, transactions: 300, team: { reactMs: 10 * 60_000 } },
      });
      try {
        await page.goto(HOST_ENTRY_URL);
        await page.getByRole('button', { name: 'Try the Demo' }).click();
        await synced(page);
        await expect.poll(async () => (await session.core.demoTeam.status()).state, { timeout: 60_000 }).toBe('ready');
        // Dana's first draft, then two more 45 s and 2 min in on the session's clock.
        await session.clock?.advance(125_000);
        await openSection(page, 'Approvals');
        const inbox = page.getByRole('list', { name: 'Waiting for approval' });
        await inbox.getByRole('listitem', { name: /^Transfer \$20,000\.00 to / }).waitFor({ timeout: 60_000 });
        const first = inbox.getByRole('listitem', { name: /^Transfer \$12,500\.00 to / });
        await first.focus();
        await page.keyboard.press('a');
        await promptsOf(session.prompts).confirm();
        await first.getByText(/needs 1 more approver/).waitFor();
        await page.mouse.move(0, 0);
        await page.evaluate(() =>
          document.fonts.ready.then(
            () => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
          ),
        );
        await page.screenshot({ path: resolve(OUT, `approvals-demo-team-${scheme}.png`), animations: 'disabled' });
        console.log(`docs/screenshots/approvals-demo-team-${scheme}.png`);
      } finally {
        await context.close();
        await session.dispose();
      }
    }
  } finally {
    await browser.close();
  }
}

if (require.main === module)
  shootDemoTeam().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });

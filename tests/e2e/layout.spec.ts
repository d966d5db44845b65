import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openSection, syncedDemo } from './harness/flows';
import {
  columnText,
  cutLastFours,
  layoutProblems,
  rowWords,
  rowWraps,
  type LayoutFinding,
} from './harness/layout-check';
import { addLiveProfile, prepareTour, tourScreens } from './harness/screen-tour';

/**
 * Nothing clips, spills out of its box or wraps a button, on every screen and main detail, at
 * the two window sizes people use most, in both themes, with the Demo's longest names on screen.
 * Every finding is listed with where it is, so one run tells what to fix.
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const THEMES = ['Light', 'Dark'] as const;

/** Rows of controls that stay on one line from 1280 pixels wide: a second line pushes the list down. */
const ONE_LINE_ROWS: readonly { stop: RegExp; name: string; row: (page: Page) => Locator }[] = [
  { stop: /^Cards$/, name: 'the card filters', row: (page) => page.getByRole('group', { name: 'Card filters' }) },
  {
    stop: /^Approvals$/,
    name: 'the sending controls',
    row: (page) => page.getByRole('button', { name: /^(Pause|Resume) sending$/ }).locator('..'),
  },
];

/**
 * Findings in work another change is doing; each names it. Anything not here fails the test.
 */
const ALLOWED: readonly { stop: RegExp; problem: LayoutFinding['problem']; path: RegExp; because: string }[] = [];

/**
 * The list's statuses as the full list shows them (stop "Transactions"), and each one still said
 * by its row once a transaction is open and the list's columns give way (a mark with its words).
 */
async function statusesKept(page: Page, stop: string, statuses: Record<string, string>): Promise<string[]> {
  const grid = page.getByRole('grid', { name: 'Transactions' });
  if (stop === 'Transactions') Object.assign(statuses, await columnText(grid, 'Status'));
  if (stop !== 'Transactions · a transaction open') return [];
  const rows = await rowWords(grid);
  const lost = Object.keys(rows).filter((id) => statuses[id] && !rows[id]?.includes(statuses[id] ?? ''));
  return lost.map((id) => `the row ${id} no longer says its status "${statuses[id]}"`);
}

/** Settings → Appearance → Theme, as a person sets it; waits until the page is painted in it. */
async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await openSection(page, 'Settings');
  await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: theme, exact: true }).check();
  await expect
    .poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches))
    .toBe(theme === 'Dark');
}

test('no screen clips, overflows or wraps a button, at 1280x800 and 1920x1080, light and dark', async ({ app }) => {
  // Four walks through the screens and their details, on one Demo.
  test.setTimeout(600_000);
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const names = await prepareTour(page, sandbox);
  const closeLive = await addLiveProfile(app);

  const found: string[] = [];
  const stops = new Set<string>();
  const statuses: Record<string, string> = {};
  try {
    for (const theme of THEMES) {
      await useTheme(page, theme);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await tourScreens(page, names, async (stop) => {
          stops.add(stop);
          const where = `${stop} · ${size.width}x${size.height} · ${theme}`;
          for (const f of await layoutProblems(page)) {
            if (ALLOWED.some((a) => a.stop.test(stop) && a.problem === f.problem && a.path.test(f.path))) continue;
            found.push(`${where}: ${f.problem}: ${f.path} «${f.text}»`);
          }
          for (const r of ONE_LINE_ROWS.filter((r) => r.stop.test(stop))) {
            if (await rowWraps(r.row(page))) found.push(`${where}: ${r.name} take more than one line`);
          }
          for (const f of await cutLastFours(page)) found.push(`${where}: ${f.path} «${f.text}»`);
          found.push(...(await statusesKept(page, stop, statuses)).map((lost) => `${where}: ${lost}`));
        });
      }
    }
  } finally {
    await closeLive();
  }
  // The walk reached every screen (a stop it skipped would pass unseen).
  expect(stops.size).toBeGreaterThanOrEqual(18);
  expect(found, `${found.length} layout problems:\n${found.join('\n')}`).toEqual([]);
});

test('the check finds each kind of problem it names, on a page made to have them', async ({ page }) => {
  await page.setContent(`
    <div id="root" style="font: 16px sans-serif">
      <div class="spill" style="width: 100px"><span style="display: inline-block; width: 200px">wide</span></div>
      <div class="scroller" style="width: 100px; overflow-x: auto"><div style="width: 200px">scrolls</div></div>
      <button class="narrow" style="width: 60px">Save all changes</button>
      <button class="fits" style="white-space: nowrap">Save all changes</button>
      <div class="cut" style="width: 60px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">A long card name</div>
      <div class="titled" title="A long card name" style="width: 60px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">A long card name</div>
      <div class="card" style="width: 80px; overflow: hidden; white-space: nowrap">Engineering SaaS •8918</div>
    </div>`);
  const found = (await layoutProblems(page)).map((f) => `${f.problem}: ${f.path}`);
  expect(found.sort()).toEqual(
    [
      'overflows its box: div > div.spill',
      'button label wraps: div > button.narrow',
      // Its longest word is wider than the button too.
      'overflows its box: div > button.narrow',
      'cut without a title: div > div.cut',
      // Clipped without an ellipsis: the content overflows a box that does not scroll.
      'overflows its box: div > div.card',
    ].sort(),
  );
  expect((await cutLastFours(page)).map((f) => f.path)).toEqual(['div.card (last four 8918 cut)']);
  await page.setContent(`<div class="row" style="display: flex; flex-wrap: wrap; width: 200px">
    <button style="width: 120px">One</button><button style="width: 120px">Two</button></div>`);
  expect(await rowWraps(page.locator('.row'))).toBe(true);
  await page.locator('.row').evaluate((el) => (el.style.width = '300px'));
  expect(await rowWraps(page.locator('.row'))).toBe(false);
});

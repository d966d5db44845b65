import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { startEmptySandbox } from './harness/empty-sandbox';
import { draftTransfer, openSection, saveLiveProfile, synced, syncedDemo } from './harness/flows';
import { openWebhooks } from './harness/webhooks';
import { twoAccounts } from './harness/accounts';
import { openCardTab } from './harness/cards';

/**
 * axe-core (WCAG 2.1 A and AA) on every screen the sidebar reaches, the main detail panes and the
 * dialogs, in the light and the dark theme, with the Demo's data and with a live profile whose
 * service holds nothing yet: no critical and no serious violation anywhere. A failure lists each
 * node with its rule, its target and axe's summary of what to fix. Each screen is audited once its
 * data (or its empty state) is painted and nothing on it is still loading.
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
type Scheme = 'light' | 'dark';

let empty: Sandbox;
test.beforeAll(async () => {
  empty = await startEmptySandbox(PINNED_NOON);
});
test.afterAll(async () => {
  await empty.close();
});

const main = (page: Page) => page.getByRole('main');

/** Nothing on the page is still being read: no "Loading…", "Reading the saved …" or "Counting…", nothing busy. */
async function settled(page: Page): Promise<void> {
  await expect(main(page).getByText(/^(Loading|Reading|Counting|Starting)\b.*…$/)).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The audits of one run (a theme and a data set): every finding, each a line a person can act on. */
class Audits {
  readonly findings: string[] = [];
  readonly places: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly run: string,
  ) {}

  async audit(where: string): Promise<void> {
    await settled(this.page);
    // In the page itself (legacy mode): the standard mode opens a blank page of its own in the
    // context, where the harness's prompt windows also open.
    const result = await new AxeBuilder({ page: this.page }).withTags(WCAG_21_AA).setLegacyMode(true).analyze();
    // axe ran its rules here (a page it could not read would pass nothing).
    expect(result.passes.length, `axe checked nothing on ${where}`).toBeGreaterThan(0);
    this.places.push(where);
    for (const v of result.violations) {
      for (const node of v.nodes) {
        const impact = node.impact ?? v.impact;
        if (impact !== 'critical' && impact !== 'serious') continue;
        const summary = (node.failureSummary ?? v.help).replace(/\s+/g, ' ').trim();
        this.findings.push(`${where} (${this.run}): ${v.id} [${impact}] at ${node.target.join(' ')}: ${summary}`);
      }
    }
  }

  /** Opens the section from the sidebar, waits for `ready`, audits it. */
  async section(name: string, ready: () => Promise<void> = async () => undefined): Promise<void> {
    await openSection(this.page, name);
    await ready();
    await this.audit(name);
  }
}

/** The page paints in `scheme`: main gave it the theme the session's "OS" asks for. */
async function expectScheme(page: Page, scheme: Scheme): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches))
    .toBe(scheme === 'dark');
}

/** A hover's transition half-way would give axe a colour between two; with motion off there is none. */
async function withoutMotion(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

const firstRow = (grid: Locator) => grid.getByRole('row').nth(1);

/** Two open virtual accounts of the Demo, for a transfer that waits in Approvals. */
/** The palette and the shortcuts sheet, opened from the keyboard where the person is. */
async function auditKeyboardDialogs(page: Page, a: Audits): Promise<void> {
  await page.getByRole('heading', { level: 1 }).focus();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option').first()).toBeVisible();
  await a.audit('the command palette');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.getByRole('heading', { level: 1 }).focus();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('table', { name: 'Anywhere' })).toBeVisible();
  await a.audit('the keyboard shortcuts sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
}

/** The Directory's three lists, each once its rows or its empty state is there. */
async function auditDirectory(page: Page, a: Audits): Promise<void> {
  await openSection(page, 'Directory');
  for (const tab of ['Payees', 'Merchants', 'Legal entities and accounts']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await a.audit(`Directory: ${tab}`);
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    // The "OS" asks for this theme and the app follows the system by default.
    test.use({ session: { now: PINNED_NOON, demo: { seed: 7, transactions: 300 }, systemColorScheme: scheme } });

    test(`with the Demo's data: every screen, detail and dialog has no serious or critical violation (${scheme})`, async ({
      app,
    }) => {
      test.slow();
      const { page } = app;
      const a = new Audits(page, `${scheme}, Demo`);
      await withoutMotion(page);
      await app.open();
      await expectScheme(page, scheme);
      await expect(page.getByRole('button', { name: 'Try the Demo' })).toBeVisible();
      await a.audit('Welcome');

      const sandbox = await syncedDemo(app);
      await expectScheme(page, scheme);
      // A transfer waiting for approval, so the queues have a row to show.
      const { from, to } = twoAccounts(sandbox);
      await draftTransfer(page, from, to, '5.01');

      await a.section('Dashboard', () => expect(page.getByRole('region', { name: '30-day forecast' })).toBeVisible());
      const transactions = page.getByRole('grid', { name: 'Transactions' });
      await a.section('Transactions', () => expect(firstRow(transactions)).toBeVisible());
      await firstRow(transactions).click();
      await expect(page.getByRole('region', { name: 'Transaction details' })).toBeVisible();
      await a.audit('a transaction’s details');

      const cards = page.getByRole('grid', { name: 'Cards' });
      await a.section('Cards', () => expect(firstRow(cards)).toBeVisible());
      await firstRow(cards).click();
      await expect(page.getByRole('region', { name: 'Card details' }).getByRole('heading', { level: 2 })).toBeVisible();
      await a.audit('a card’s details');
      for (const tab of ['Transactions', 'Controls'] as const) {
        await openCardTab(page, tab);
        await a.audit(`a card’s ${tab} tab`);
      }

      const groups = page.getByRole('listbox', { name: 'Card groups' });
      await a.section('Card groups', () => expect(groups.getByRole('option').first()).toBeVisible());
      await groups.getByRole('option').first().click();
      await expect(
        page.getByRole('region', { name: 'Group details' }).getByRole('heading', { level: 2 }),
      ).toBeVisible();
      await a.audit('a card group’s details');

      const accounts = page.getByRole('listbox', { name: 'Virtual accounts' });
      await a.section('Accounts', () => expect(accounts.getByRole('option').first()).toBeVisible());
      await accounts.getByRole('option').first().click();
      await expect(
        page.getByRole('region', { name: 'Account details' }).getByRole('heading', { level: 2 }),
      ).toBeVisible();
      await a.audit('an account’s details');

      await a.section('Transfers');
      await a.section('Payments');
      await a.section('Approvals', () =>
        expect(
          main(page)
            .getByText(/Transfer \$5\.01/)
            .first(),
        ).toBeVisible(),
      );

      // Webhooks are Settings → Developer: audited there, on their own place in the count.
      await openWebhooks(page);
      await expect(page.getByText(/Saved list as of/)).toBeVisible();
      await a.audit('Settings → Developer → Webhooks');
      await page.getByRole('button', { name: 'New webhook' }).click();
      const newWebhook = page.getByRole('dialog', { name: 'New webhook' });
      await expect(newWebhook).toBeVisible();
      await a.audit('the new webhook dialog');
      await page.keyboard.press('Escape');
      await expect(newWebhook).toBeHidden();

      await auditDirectory(page, a);
      await a.section('Settings', () => expect(page.getByRole('group', { name: 'Theme' })).toBeVisible());
      await auditKeyboardDialogs(page, a);

      await expectScheme(page, scheme);
      expect(a.places).toHaveLength(23);
      expect(a.findings, `serious or critical WCAG 2.1 AA violations:\n${a.findings.join('\n')}`).toEqual([]);
    });

    test(`with an empty profile: every screen and its empty state has no serious or critical violation (${scheme})`, async ({
      app,
    }) => {
      test.slow();
      const { page } = app;
      const a = new Audits(page, `${scheme}, empty`);
      await withoutMotion(page);
      await app.open();
      await expectScheme(page, scheme);
      await page.getByRole('button', { name: 'Connect a live account' }).click();
      await expect(page.getByRole('form', { name: 'Add a live profile' })).toBeVisible();
      await a.audit('Connect a live account');

      await saveLiveProfile(app, {
        name: 'New company',
        baseUrl: empty.apiUrl,
        vaultUrl: empty.vaultUrl,
        apiKey: empty.apiKey,
      });
      await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText('Online');
      await synced(page);

      await a.section('Dashboard', () => expect(page.getByRole('region', { name: '30-day forecast' })).toBeVisible());
      await a.section('Transactions', () =>
        expect(page.getByRole('grid', { name: 'Transactions' }).getByRole('gridcell').first()).toBeVisible(),
      );
      await a.section('Cards', () =>
        expect(page.getByRole('grid', { name: 'Cards' }).getByText(/^No cards saved yet/)).toBeVisible(),
      );
      await a.section('Card groups', () => expect(main(page).getByText(/^No card groups saved yet/)).toBeVisible());
      await a.section('Accounts', () =>
        expect(page.getByRole('listbox', { name: 'Virtual accounts' }).getByRole('option')).toHaveCount(1),
      );
      await a.section('Transfers');
      await a.section('Payments');
      await a.section('Approvals', () => expect(main(page).getByText(/^Nothing is queued/)).toBeVisible());
      // Nothing saved yet: the screen says where webhooks come from.
      await openWebhooks(page);
      await expect(main(page).getByText(/^No webhooks yet/)).toBeVisible();
      await a.audit('Settings → Developer → Webhooks');
      await auditDirectory(page, a);
      await a.section('Settings', () => expect(page.getByRole('group', { name: 'Theme' })).toBeVisible());

      await expectScheme(page, scheme);
      expect(a.places).toHaveLength(14);
      expect(a.findings, `serious or critical WCAG 2.1 AA violations:\n${a.findings.join('\n')}`).toEqual([]);
    });
  });
}

test.describe('motion', () => {
  test.use({ session: { now: PINNED_NOON, demo: { seed: 7, transactions: 100 } } });

  /** Every element's transition and animation durations, as the browser computes them, that are not zero. */
  const moving = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('*')).flatMap((el) => {
        const style = getComputedStyle(el);
        const durations = [...style.transitionDuration.split(','), ...style.animationDuration.split(',')].map((d) =>
          d.trim(),
        );
        // 'auto' is an animation's initial duration: none runs.
        return durations.some((d) => d !== '0s' && d !== 'auto')
          ? [
              `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}: ${style.transitionDuration} / ${style.animationDuration}`,
            ]
          : [];
      }),
    );

  test('buttons and the sidebar move on hover, and nothing moves when the OS asks for reduced motion', async ({
    app,
  }) => {
    const { page } = app;
    const transition = (l: Locator) => l.evaluate((el) => getComputedStyle(el).transitionDuration);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await app.open();
    const tryDemo = page.getByRole('button', { name: 'Try the Demo' });
    await expect(tryDemo).toBeVisible();
    // The control: with no preference the button's hover does move (so the rule below has something to stop).
    expect(await transition(tryDemo)).not.toMatch(/^0s(, 0s)*$/);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => transition(tryDemo)).toBe('0s');

    await tryDemo.click();
    const dashboard = page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Dashboard/ });
    await expect(dashboard).toBeVisible();
    expect(await transition(dashboard)).toBe('0s');
    expect(await moving(page)).toEqual([]);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(() => transition(dashboard)).not.toBe('0s');
    expect((await moving(page)).length).toBeGreaterThan(0);
  });
});

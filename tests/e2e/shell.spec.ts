import { createServer, type AddressInfo } from 'node:net';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import {
  fillLiveProfile,
  newItemForm,
  saveLiveProfile,
  openSection,
  retryUntilOnline,
  startDemo,
} from './harness/flows';
import { webhooksHeading } from './harness/webhooks';

let live: Sandbox;
test.beforeAll(async () => {
  // A second service, standing in for a company's live account.
  live = await startSandbox({ seed: 11, transactions: 50, startAt: PINNED_NOON });
});
test.afterAll(async () => {
  await live.close();
});

test('first run: one click on "Try the Demo" lands in the shell, online', async ({ app }) => {
  const { page } = app;
  await app.open();
  await expect(page.getByRole('heading', { name: 'Welcome to Treasury Desktop' })).toBeVisible();
  await page.getByRole('button', { name: 'Try the Demo' }).click();
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('button', { name: /^Dashboard/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('status')).toHaveText('Online');
  await expect(page.getByRole('combobox', { name: 'Profile' })).toHaveValue('demo');
  await expect(page.getByRole('combobox', { name: 'Profile' }).locator('option:checked')).toHaveText(/Demo/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: '30-day forecast' })).toBeVisible();
});

test('every section opens its screen, with aria-current on the active item', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  const sections = [
    'Dashboard',
    'Transactions',
    'Cards',
    'Card groups',
    'Accounts',
    'Transfers',
    'Payments',
    'Approvals',
    'Directory',
    'Settings',
  ];
  for (const name of sections) {
    await openSection(page, name);
    await expect(page.getByRole('navigation').locator('[aria-current="page"]')).toHaveText(new RegExp(`^${name}`));
    if (name === 'Dashboard') await expect(page.getByRole('region', { name: 'Needs attention' })).toBeVisible();
    else if (name === 'Transactions')
      await expect(page.getByRole('searchbox', { name: /Search transactions/ })).toBeVisible();
    // Transfers and Payments open on their queue; the form waits behind "New transfer" / "New payment".
    else if (name === 'Transfers' || name === 'Payments')
      await expect(
        page.getByRole('button', { name: `New ${name.slice(0, -1).toLowerCase()}`, exact: true }),
      ).toHaveAttribute('aria-expanded', 'false');
    else if (name === 'Approvals') await expect(page.getByRole('button', { name: 'Pause sending' })).toBeVisible();
    else if (name === 'Cards') await expect(page.getByRole('group', { name: 'Card filters' })).toBeVisible();
    else if (name === 'Card groups') await expect(page.getByRole('button', { name: 'New group' })).toBeVisible();
    else if (name === 'Accounts') await expect(page.getByRole('checkbox', { name: 'Show closed' })).toBeVisible();
    else if (name === 'Directory') await expect(page.getByRole('tablist', { name: 'Directory lists' })).toBeVisible();
    else if (name === 'Settings') {
      await expect(page.getByRole('form', { name: 'Add a live profile' })).toBeVisible();
      // Webhooks are a developer's concern: a part of Settings (Developer), not a section of their own.
      await expect(webhooksHeading(page)).toBeAttached();
      await expect(page.getByRole('button', { name: 'New webhook' })).toBeAttached();
    }
    await expect(
      page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Webhooks/ }),
    ).toHaveCount(0);
    // Every section has its screen: none is a placeholder any more.
    await expect(page.getByText(/^Coming soon/)).toHaveCount(0);
  }
});

test('keyboard: Tab reaches the sidebar, Enter and Space open sections, Ctrl+digit jumps', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  await page.locator('body').focus();
  // Skip link first, then the first section.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Dashboard/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Transactions/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Cards/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeFocused();
  await expect(page.getByRole('button', { name: /^Cards/ })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: /^Accounts/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();

  await page.keyboard.press('Control+0');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Control+5');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
  // In a text field Ctrl+D edits (macOS deletes forward): the half-typed form stays.
  const amount = (await newItemForm(page, 'New transfer')).getByLabel('Amount (USD)');
  await amount.fill('12.50');
  await amount.press('Control+d');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
  await expect(amount).toHaveValue(/^12\.5/);
  await page.getByRole('heading', { level: 1, name: 'Transfers' }).focus();
  // The Dashboard came after the digits were taken: Ctrl+D.
  await page.keyboard.press('Control+d');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('live profile: a wrong key is reported as refused; the right one connects and joins the switcher', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  await openSection(page, 'Settings');
  const form = page.getByRole('form', { name: 'Add a live profile' });

  await fillLiveProfile(page, {
    name: 'Acme live',
    baseUrl: live.apiUrl,
    vaultUrl: live.vaultUrl,
    apiKey: 'wrong-key-0000000000',
  });
  await form.getByRole('button', { name: 'Test connection' }).click();
  // The typed key goes out only once the person confirmed where, in main's own window.
  await app.prompts.confirm(`Send the API key you typed to ${live.apiUrl} and ${live.vaultUrl}?`);
  const results = form.getByRole('list', { name: 'Connection test results' });
  await expect(results).toContainText(/API:.*key was refused/i);

  // Save runs the same test first: with the refused key it saves nothing and asks for a
  // deliberate "Save anyway" instead.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('button', { name: 'Save anyway' })).toBeVisible();
  await expect(results).toContainText(/API:.*key was refused/i);
  await expect(page.getByRole('row', { name: /Acme live/ })).toHaveCount(0);
  await expect(form.getByLabel('API key')).toHaveValue('wrong-key-0000000000');

  await form.getByLabel('API key').fill(live.apiKey);
  await expect(form.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(results).toHaveCount(0); // an old result is not shown for new values
  await form.getByRole('button', { name: 'Test connection' }).click();
  await app.prompts.confirm();
  await expect(results.getByRole('listitem').first()).toContainText('API:');
  await expect(results.locator('.check--fail')).toHaveCount(0);

  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Saved “Acme live”.')).toBeVisible();
  await expect(form.getByLabel('API key')).toHaveValue('');

  const switcher = page.getByRole('combobox', { name: 'Profile' });
  await expect(switcher.locator('option', { hasText: 'Acme live' })).toHaveCount(1);
  const row = page.getByRole('row', { name: /Acme live/ });
  await expect(row).toContainText('Live');
  await expect(row).toContainText(live.apiUrl);
  await expect(row).toContainText(/System keychain|This session only/);

  // Switching to it goes through profiles:select and ends online against the second sandbox.
  await switcher.selectOption({ label: 'Acme live' });
  await expect(page.getByRole('status')).toHaveText('Online');
  await expect(page.getByRole('row', { name: /Acme live/ })).toContainText('In use');
});

test('the form shows field errors next to the fields and keeps what was typed', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  await openSection(page, 'Settings');
  const form = page.getByRole('form', { name: 'Add a live profile' });
  await fillLiveProfile(page, { name: 'Typo corp', baseUrl: 'not a url', vaultUrl: live.vaultUrl, apiKey: 'short' });
  await form.getByRole('button', { name: 'Save' }).click();

  const baseUrl = form.getByLabel('Service address (base URL)');
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(baseUrl).toHaveAccessibleDescription(/absolute URL/);
  const key = form.getByLabel('API key');
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(key).toHaveAccessibleDescription(/too short/);
  await expect(form.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  // Nothing typed is lost.
  await expect(form.getByLabel('Name')).toHaveValue('Typo corp');
  await expect(baseUrl).toHaveValue('not a url');
  await expect(key).toHaveValue('short');
  // Fixing a field clears its error.
  await baseUrl.fill(live.apiUrl);
  await expect(baseUrl).not.toHaveAttribute('aria-invalid', 'true');
});

test('a live profile can be removed after a confirmation; Demo cannot', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  await openSection(page, 'Settings');
  await saveLiveProfile(app, { name: 'Temp', baseUrl: live.apiUrl, vaultUrl: live.vaultUrl, apiKey: live.apiKey });
  await expect(page.getByRole('row', { name: /Temp/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Remove Demo/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Remove Temp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove “Temp”?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /Temp/ })).toBeVisible();

  await page.getByRole('button', { name: 'Remove Temp' }).click();
  await dialog.getByRole('button', { name: 'Remove profile' }).click();
  await expect(page.getByRole('row', { name: /Temp/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Profile' }).locator('option', { hasText: 'Temp' })).toHaveCount(0);
});

test('offline: the banner appears when the service goes away and leaves when it returns', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  const sandbox = await app.demoSandbox();
  const banner = page.getByRole('alert').filter({ hasText: 'You are offline' });
  await expect(banner).toHaveCount(0);

  await sandbox.setFaults({ offline: true });
  // The core notices on its next probe or service call; ask for one now instead of waiting.
  await app.probeUntil('offline');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Showing saved data; changes will be sent when the connection returns.');
  await expect(page.getByRole('status')).toHaveText('Offline');

  // Still offline: "Retry now" probes and the banner stays.
  await banner.getByRole('button', { name: 'Retry now' }).click();
  await expect(banner.getByRole('button', { name: 'Retry now' })).toBeEnabled();
  await expect(banner).toBeVisible();

  // Back: the next probe (or any call the app makes, such as a sync retry) clears the banner.
  await sandbox.resetFaults();
  await app.probeUntil('online');
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Online');
});

test('degraded: a failing service shows the banner with the reason', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  const sandbox = await app.demoSandbox();
  await sandbox.setFaults({ errorRate: 1 });
  await app.probeUntil('degraded');
  await expect(page.getByRole('status')).toHaveText('Degraded');
  const banner = page.getByRole('alert').filter({ hasText: 'The service is having trouble' });
  await expect(banner).toContainText('503');
  await sandbox.resetFaults();
  await retryUntilOnline(page);
});

test('first run: "Connect a live account" saves a profile and opens the shell with it', async ({ app }) => {
  const { page } = app;
  await app.open();
  await page.getByRole('button', { name: 'Connect a live account' }).click();
  await saveLiveProfile(app, { name: 'Acme', baseUrl: live.apiUrl, vaultUrl: live.vaultUrl, apiKey: live.apiKey });
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Profile' }).locator('option:checked')).toHaveText('Acme');
  await expect(page.getByRole('status')).toHaveText('Online');
});

test('Test connection says which host cannot be reached', async ({ app }) => {
  const { page } = app;
  const closed = await closedPortUrl();
  await app.open();
  await startDemo(page);
  await openSection(page, 'Settings');
  const form = page.getByRole('form', { name: 'Add a live profile' });
  const results = form.getByRole('list', { name: 'Connection test results' });

  await fillLiveProfile(page, { name: 'Nowhere', baseUrl: closed, vaultUrl: closed, apiKey: live.apiKey });
  await form.getByRole('button', { name: 'Test connection' }).click();
  await app.prompts.confirm(`Send the API key you typed to ${closed}?`);
  await expect(results.getByRole('listitem').nth(0)).toContainText(/API:.*service is unreachable/);

  await form.getByLabel('Service address (base URL)').fill(live.apiUrl);
  await form.getByRole('button', { name: 'Test connection' }).click();
  await app.prompts.confirm(`Send the API key you typed to ${live.apiUrl} and ${closed}?`);
  await expect(results.getByRole('listitem').nth(0)).toContainText(/API:.*Connected/);
  await expect(results.getByRole('listitem').nth(1)).toContainText(/Vault:.*vault is unreachable/);
});

/** An address on loopback where nothing listens. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((ok) => server.close(() => ok()));
  return `http://127.0.0.1:${port}`;
}

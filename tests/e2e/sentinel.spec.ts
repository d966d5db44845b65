import { startSandbox, type Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { fillLiveProfile, openSection, retryUntilOnline, startDemo } from './harness/flows';
import { dumpDir, dumpPage, keyForms } from './harness/leaks';

/**
 * docs/security.md, "The API key": the API key exists in the OS keychain and in main's memory, nowhere else. A
 * recognizable key goes through every step the renderer has (typing, testing, a refused save,
 * saving, switching, replacing it in the key dialog, going offline) and is then searched for everywhere the page or the app
 * could have kept it.
 */
const SENTINEL = 'SENTINEL-KEY-9f3c2a7b1d';

let live: Sandbox;
test.beforeAll(async () => {
  live = await startSandbox({ seed: 5, transactions: 50, apiKey: SENTINEL, startAt: PINNED_NOON });
});
test.afterAll(async () => {
  await live.close();
});

test('the API key is nowhere in the page, its storage, the console or the profile files', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  await openSection(page, 'Settings');
  const form = page.getByRole('form', { name: 'Add a live profile' });

  // A refused save first (bad URL): the key stays in the field, so nothing is lost...
  await fillLiveProfile(page, { name: 'Sentinel', baseUrl: 'nope', vaultUrl: live.vaultUrl, apiKey: SENTINEL });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('Service address (base URL)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('API key')).toHaveValue(SENTINEL);

  // ...then a successful test and save, which wipes it from the form.
  await form.getByLabel('Service address (base URL)').fill(live.apiUrl);
  await form.getByRole('button', { name: 'Test connection' }).click();
  // main asks where the typed key goes (its own window); Save and the same key again are not asked twice.
  await app.prompts.confirm(`Send the API key you typed to ${live.apiUrl} and ${live.vaultUrl}?`);
  await expect(form.getByRole('list', { name: 'Connection test results' })).toContainText('API: Connected');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Saved “Sentinel”.')).toBeVisible();
  await expect(form.getByLabel('API key')).toHaveValue('');

  // Use the profile: the key now travels only between main and the service.
  await page.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'Sentinel' });
  await expect(page.getByRole('status')).toHaveText('Online');

  // The key dialog: typed then cancelled with Escape, then typed again and saved.
  const replace = page.getByRole('button', { name: 'Replace key for Sentinel' });
  const dialog = page.getByRole('dialog', { name: 'Replace the API key of “Sentinel”' });
  await replace.click();
  await dialog.getByLabel('API key').fill(SENTINEL);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await replace.click();
  await dialog.getByLabel('API key').fill(SENTINEL);
  await dialog.getByRole('button', { name: 'Save key' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('Online');
  await live.setFaults({ offline: true });
  await app.probeUntil('offline');
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline' })).toBeVisible();
  await live.resetFaults();
  await retryUntilOnline(page);
  await app.events.flush();

  const forms = keyForms(SENTINEL);
  const found = (haystack: string) => forms.filter((f) => haystack.includes(f));

  const pageDump = await dumpPage(page);
  expect(pageDump, 'the dump reached the DOM').toContain('Sentinel');
  expect(found(pageDump), 'key in DOM, inputs, Web Storage, cookies, Cache Storage or IndexedDB').toEqual([]);

  expect(
    app.consoleLog.filter((l) => found(l).length > 0),
    'key in console messages',
  ).toEqual([]);

  const files = await dumpDir(app.userDataDir);
  expect(files.length, 'the profile was saved under userDataDir').toBeGreaterThan(0);
  expect(
    files.filter((f) => found(f.text).length > 0).map((f) => f.path),
    'key in files under userDataDir',
  ).toEqual([]);
});

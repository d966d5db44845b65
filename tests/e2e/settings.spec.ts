import { access, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { fillLiveProfile, saveLiveProfile, openSection, startDemo } from './harness/flows';
import { escapeRegExp } from './harness/text';

let live: Sandbox;
test.beforeAll(async () => {
  // A second service, standing in for a company's live account.
  live = await startSandbox({ seed: 13, transactions: 30, startAt: PINNED_NOON });
});
test.afterAll(async () => {
  await live.close();
});
test.afterEach(async () => {
  await live.resetFaults();
});

test('Save tests the connection first; a failed test needs a deliberate "Save anyway"', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  await openSection(page, 'Settings');
  const form = page.getByRole('form', { name: 'Add a live profile' });
  const results = form.getByRole('list', { name: 'Connection test results' });
  const row = page.getByRole('row', { name: /Acme live/ });

  // While the test runs the form says so and takes no second click.
  await live.setFaults({ latencyMs: 1500 });
  await fillLiveProfile(page, {
    name: 'Acme live',
    baseUrl: live.apiUrl,
    vaultUrl: live.vaultUrl,
    apiKey: 'wrong-key-0000000000',
  });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveAttribute('aria-busy', 'true');
  await expect(form.getByRole('button', { name: 'Testing…' })).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Test connection' })).toBeDisabled();
  await expect(form.getByLabel('API key')).not.toBeEditable();
  await expect(form.getByText('Testing the connection…')).toBeVisible();
  // Nothing goes out before the person confirmed, in main's own window, where the typed key goes.
  await app.prompts.confirm(`Send the API key you typed to ${live.apiUrl} and ${live.vaultUrl}?`);

  // The key is refused: nothing saved, the results say why, the button asks for a second click.
  await expect(results).toContainText(/API:.*key was refused/i);
  await expect(form).not.toHaveAttribute('aria-busy', 'true');
  const anyway = form.getByRole('button', { name: 'Save anyway' });
  await expect(anyway).toBeEnabled();
  // Disabling the button dropped focus; it is given back, so the keyboard can go on from there.
  await expect(anyway).toBeFocused();
  await expect(row).toHaveCount(0);
  await expect(form.getByLabel('Name')).toHaveValue('Acme live');
  await expect(form.getByLabel('API key')).toHaveValue('wrong-key-0000000000');
  await live.resetFaults();

  // Changing any field (even the name) takes the permission back.
  await form.getByLabel('Name').fill('Acme live 2');
  await expect(anyway).toHaveCount(0);
  await form.getByLabel('Name').fill('Acme live');
  // The same addresses and key were confirmed a moment ago: main does not ask again.
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(anyway).toBeVisible();

  // The second, deliberate click keeps the profile as it is.
  await anyway.click();
  await expect(form.getByText('Saved “Acme live”.')).toBeVisible();
  await expect(form.getByLabel('API key')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(row).toContainText(/System keychain/);
});

test('Save with working values saves at once, after a passing test', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  await openSection(page, 'Settings');
  const form = page.getByRole('form', { name: 'Add a live profile' });
  await saveLiveProfile(app, { name: 'Works', baseUrl: live.apiUrl, vaultUrl: live.vaultUrl, apiKey: live.apiKey });
  await expect(form.getByText('Saved “Works”.')).toBeVisible();
  await expect(form.getByRole('list', { name: 'Connection test results' }).locator('.check--fail')).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Works/ })).toBeVisible();

  // A missing name is said at once, before any network test.
  await fillLiveProfile(page, { name: '', baseUrl: live.apiUrl, vaultUrl: live.vaultUrl, apiKey: live.apiKey });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByLabel('API key')).toHaveValue(live.apiKey);
});

test.describe('a profile without a key', () => {
  // A profile from an earlier run whose key is gone (kept for that session only, or removed
  // from the keychain): written before the app starts, as that run would have left it.
  test.use({
    session: {
      beforeStart: async (dir) => {
        const acme = {
          id: 'acme',
          name: 'Acme',
          kind: 'live',
          baseUrl: live.apiUrl,
          vaultUrl: live.vaultUrl,
          createdAt: new Date(PINNED_NOON - 86_400_000).toISOString(),
        };
        await writeFile(
          join(dir, 'profiles.json'),
          JSON.stringify({ version: 1, activeProfileId: null, profiles: [acme] }),
        );
      },
    },
  });

  test('says it cannot connect, and "Set key…" gives it one in a dialog', async ({ app }) => {
    const { page } = app;
    await app.open();
    await startDemo(page);
    await openSection(page, 'Settings');
    const row = page.getByRole('row', { name: /^Acme/ });
    await expect(row).toContainText('No API key: this profile cannot connect');

    const open = row.getByRole('button', { name: 'Set key for Acme' });
    await expect(open).toHaveText('Set key…');
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Set the API key of “Acme”' });
    const key = dialog.getByLabel('API key');
    await expect(key).toBeFocused();
    await expect(key).toHaveAttribute('type', 'password');

    // Escape cancels: nothing changes, the typed key is gone, focus is back on the button.
    await key.fill(live.apiKey);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await expect(row).toContainText('No API key');
    await open.click();
    await expect(key).toHaveValue('');

    // An error from main is shown next to the field, in the dialog; what was typed stays.
    await key.fill('short');
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await expect(key).toHaveAttribute('aria-invalid', 'true');
    await expect(key).toHaveAccessibleDescription(/too short/);
    await expect(key).toHaveValue('short');
    await expect(dialog).toBeVisible();

    await key.fill(live.apiKey);
    await expect(key).not.toHaveAttribute('aria-invalid', 'true');
    await key.press('Enter');
    const asked = await app.prompts.confirm('Send the API key you typed for “Acme” to');
    expect(asked.title).toBe('Save an API key');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The API key of “Acme” was saved in the system keychain.')).toBeVisible();
    await expect(row).not.toContainText('No API key');
    await expect(row).toContainText('System keychain');
    await expect(row.getByRole('button', { name: 'Replace key for Acme' })).toHaveText('Replace key…');

    // With its key the profile connects.
    await row.getByRole('button', { name: 'Use Acme' }).click();
    await expect(page.getByRole('status')).toHaveText('Online');

    // Replacing offers the same dialog; keeping the new key for this session only is a choice.
    await row.getByRole('button', { name: 'Replace key for Acme' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace the API key of “Acme”' });
    await replace.getByLabel('API key').fill(live.apiKey);
    await replace.getByLabel('Keep the key for this session only').check();
    await replace.getByRole('button', { name: 'Save key' }).click();
    await expect(replace).toBeHidden();
    await expect(row).toContainText('This session only');
  });
});

test('"Edit…" changes a live profile; field errors are shown next to the fields', async ({ app }) => {
  const { page } = app;
  await app.open();
  await startDemo(page);
  await openSection(page, 'Settings');
  await saveLiveProfile(app, { name: 'Acme', baseUrl: live.apiUrl, vaultUrl: live.vaultUrl, apiKey: live.apiKey });
  const row = page.getByRole('row', { name: /^Acme/ });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Edit Acme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit “Acme”' });
  const name = dialog.getByLabel('Name');
  const baseUrl = dialog.getByLabel('Service address (base URL)');
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('Acme');
  await expect(baseUrl).toHaveValue(live.apiUrl);

  // A look-alike host (Cyrillic а) is shown as the ASCII name it really is.
  await baseUrl.fill('https://\u0430pple.com');
  await expect(baseUrl).toHaveAccessibleDescription(/Connects to https:\/\/xn--pple-43d\.com/);

  // Main refuses plain http off this computer, and a name already taken; each error sits by its field.
  await baseUrl.fill('http://api.example.com');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(baseUrl).toHaveAccessibleDescription(/https/);
  await expect(baseUrl).toBeFocused();
  await expect(baseUrl).toHaveValue('http://api.example.com');
  await expect(row).toContainText(live.apiUrl);

  await baseUrl.fill(live.apiUrl);
  await expect(baseUrl).not.toHaveAttribute('aria-invalid', 'true');
  await name.fill('demo');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/built-in Demo/);
  await expect(name).toBeFocused();

  await name.fill('Acme Treasury');
  await baseUrl.fill(live.apiUrl);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved the changes to “Acme Treasury”.')).toBeVisible();
  const renamed = page.getByRole('row', { name: /Acme Treasury/ });
  await expect(renamed).toContainText(live.apiUrl);
  await expect(
    page.getByRole('combobox', { name: 'Profile' }).locator('option', { hasText: 'Acme Treasury' }),
  ).toHaveCount(1);

  // Escape leaves the profile as it was.
  await renamed.getByRole('button', { name: 'Edit Acme Treasury' }).click();
  await page.getByRole('dialog', { name: 'Edit “Acme Treasury”' }).getByLabel('Name').fill('Something else');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(renamed).toBeVisible();
  await expect(renamed.getByRole('button', { name: 'Edit Acme Treasury' })).toBeFocused();
});

test('changing an address asks for the key of the new address; saved without it, the old key is gone', async ({
  app,
}) => {
  const { page } = app;
  const other = await startSandbox({ seed: 14, transactions: 10, now: app.clock.now });
  try {
    await app.open();
    await startDemo(page);
    await openSection(page, 'Settings');
    await saveLiveProfile(app, { name: 'Acme', baseUrl: live.apiUrl, vaultUrl: live.vaultUrl, apiKey: live.apiKey });
    const row = page.getByRole('row', { name: /^Acme/ });
    await expect(row).toContainText('System keychain');

    await row.getByRole('button', { name: 'Edit Acme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit “Acme”' });
    await expect(dialog.getByLabel('API key for the new address')).toHaveCount(0);
    await dialog.getByLabel('Service address (base URL)').fill(other.apiUrl);
    const key = dialog.getByLabel('API key for the new address');
    await expect(key).toBeVisible();
    await expect(key).toHaveAccessibleDescription(/changing an address removes the saved key/);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    // The app connects to the new address from now on: main asks about it first.
    expect((await app.prompts.confirm(`Connect “Acme” to ${other.apiUrl} and ${live.vaultUrl}?`)).title).toBe(
      "Change a profile's addresses",
    );
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/Its API key was removed because the address changed/)).toBeVisible();
    await expect(row).toContainText('No API key');

    // With the new address's key given in the same dialog, the profile keeps working.
    await row.getByRole('button', { name: 'Edit Acme' }).click();
    await dialog.getByLabel('Vault address (vault URL)').fill(other.vaultUrl);
    await dialog.getByLabel('API key for the new address').fill(other.apiKey);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await app.prompts.confirm(`Send the API key you typed for “Acme” to ${other.apiUrl} and ${other.vaultUrl}?`);
    await expect(page.getByText('Saved the changes to “Acme”.')).toBeVisible();
    await expect(row).toContainText('System keychain');
  } finally {
    await other.close();
  }
});

test.describe('a machine without a system keychain', () => {
  test.use({ session: { secrets: 'unavailable' } });

  test('Settings says why, keys are kept for this session only, and saving still works', async ({ app }) => {
    const { page } = app;
    await app.open();
    await startDemo(page);
    await openSection(page, 'Settings');
    const form = page.getByRole('form', { name: 'Add a live profile' });
    const sessionOnly = form.getByLabel('Keep the key for this session only');
    await expect(sessionOnly).toBeChecked();
    await expect(sessionOnly).toBeDisabled();
    // The reason comes from main's keychain:status.
    const status = await app.core.handlers['keychain:status'](undefined);
    expect(status.available).toBe(false);
    await expect(sessionOnly).toHaveAccessibleDescription(new RegExp(escapeRegExp(status.reason ?? 'no reason')));
    await expect(sessionOnly).toHaveAccessibleDescription(/kept only until you quit the app/);

    await saveLiveProfile(app, { name: 'Acme', baseUrl: live.apiUrl, vaultUrl: live.vaultUrl, apiKey: live.apiKey });
    await expect(form.getByText('Saved “Acme”.')).toBeVisible();
    const row = page.getByRole('row', { name: /^Acme/ });
    await expect(row).toContainText('This session only');

    // The key dialog has no choice either.
    await row.getByRole('button', { name: 'Replace key for Acme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace the API key of “Acme”' });
    await expect(dialog.getByLabel('Keep the key for this session only')).toBeChecked();
    await expect(dialog.getByLabel('Keep the key for this session only')).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await row.getByRole('button', { name: 'Use Acme' }).click();
    await expect(page.getByRole('status')).toHaveText('Online');
  });
});

test.describe('a damaged settings file', () => {
  test.use({
    session: {
      beforeStart: async (dir) => {
        await writeFile(join(dir, 'profiles.json'), '{"version": 1, "profiles": [ this is not JSON');
      },
    },
  });

  test('is set aside with a notice, and the app still works', async ({ app }) => {
    const { page } = app;
    await app.open();
    // The first screen already says why there are no profiles.
    const notice = page.getByRole('note', { name: 'Settings were reset' });
    await expect(notice).toContainText('could not be read');
    await expect(notice).toContainText('set aside');

    await startDemo(page);
    await openSection(page, 'Settings');
    await expect(notice).toContainText(/could not be read.*set aside/);
    await expect(notice).toContainText('not valid JSON');
    const aside = (await readdir(app.userDataDir)).find((f) => f.startsWith('profiles.corrupt-'));
    expect(aside, 'the damaged file was kept').toBeDefined();
    await expect(notice).toContainText(join(app.userDataDir, aside ?? ''));
    await access(join(app.userDataDir, aside ?? ''));
    await expect(page.getByRole('row', { name: /Demo/ })).toContainText('In use');

    // And a new profile can be saved over the fresh start.
    await saveLiveProfile(app, { name: 'Fresh', baseUrl: live.apiUrl, vaultUrl: live.vaultUrl, apiKey: live.apiKey });
    await expect(page.getByRole('row', { name: /Fresh/ })).toBeVisible();
  });
});

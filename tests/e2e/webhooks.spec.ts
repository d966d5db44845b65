import { test, expect } from './fixtures';
import { syncedDemo, synced, updateButton, updateNow } from './harness/flows';
import { PINNED_NOON } from './harness/clock';
import {
  activeWebhooks,
  archiveDialog,
  archivedWebhooks,
  newWebhookDialog,
  openWebhooks,
  registerElsewhere,
  requestMark,
  webhookWrites,
} from './harness/webhooks';
import { dateTime } from '../../src/renderer/src/model/format';

/** Webhooks against the Demo's sandbox: the lists, create, bad addresses, archive, fetch, offline. */
const START = PINNED_NOON;
test.use({ session: { now: START, demo: { seed: 7, transactions: 300 } } });

test('create: bad addresses say why beside the field and send nothing; a good one is registered once and listed at once', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openWebhooks(page);
  await expect(page.getByText(/Saved list as of .* · 1 active, 1 archived$/)).toBeVisible();
  await expect(activeWebhooks(page).getByRole('row', { name: /ERP sync/ })).toContainText(
    'https://erp.acme.example/hooks/svc',
  );
  await expect(archivedWebhooks(page).getByRole('row', { name: /Old Slack bot/ })).toBeVisible();

  const mark = requestMark(sandbox);
  await page.getByRole('button', { name: 'New webhook' }).click();
  const dialog = newWebhookDialog(page);
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await dialog.getByLabel('Name').fill('Ledger');
  const address = dialog.getByLabel('Address (URL)');
  const cases: [string, string][] = [
    ['http://ledger.acme.example/hooks', "Use an https:// address: webhook payloads carry your company's data"],
    ['ledger.acme.example/hooks', 'Enter a full address beginning with https://'],
    ['not a url', 'Remove the spaces from the address'],
    ['https://ops:secret@ledger.acme.example/hooks', 'Remove the user name or password'],
  ];
  for (const [typed, message] of cases) {
    await address.fill(typed);
    await address.press('Enter');
    await expect(dialog.getByText(message)).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
  }
  // A look-alike host is shown as what it really is.
  await address.fill('https://\u0430cme.example/hooks');
  await dialog.getByRole('button', { name: 'Create webhook' }).click();
  await expect(dialog.getByText('it really is xn--cme-5cd.example')).toBeVisible();
  expect(webhookWrites(sandbox, mark), 'nothing sent for a bad address').toEqual([]);

  await dialog.getByLabel('Name').fill('');
  await address.fill('https://ledger.acme.example/hooks/svc');
  await address.press('Enter');
  await expect(dialog.getByText('Give the webhook a name')).toBeVisible();
  expect(webhookWrites(sandbox, mark)).toEqual([]);

  await dialog.getByLabel('Name').fill('Ledger');
  await address.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Created Ledger' })).toBeVisible();
  await expect(activeWebhooks(page).getByRole('row', { name: /Ledger/ })).toContainText(
    'https://ledger.acme.example/hooks/svc',
  );
  const posts = webhookWrites(sandbox, mark);
  expect(posts.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['POST /webhook 201']);
  const created = [...sandbox.world.webhooks.values()].filter((w) => w.name === 'Ledger');
  expect(created.map((w) => ({ url: w.url, archivedAt: w.archivedAt }))).toEqual([
    { url: 'https://ledger.acme.example/hooks/svc', archivedAt: null },
  ]);
  await expect(page.getByText(/· 2 active, 1 archived$/)).toBeVisible();

  // Escape closes the dialog and sends nothing.
  await page.getByRole('button', { name: 'New webhook' }).click();
  await newWebhookDialog(page).getByLabel('Name').fill('Half typed');
  await page.keyboard.press('Escape');
  await expect(newWebhookDialog(page)).toBeHidden();
  expect(webhookWrites(sandbox, mark)).toHaveLength(1);
});

test('fetch from the service: every page with the cursor replaces the saved list', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openWebhooks(page);
  // More than a page (the sandbox answers 50 a page): the update must follow the cursor.
  registerElsewhere(sandbox, 60, sandbox.world.clock.now());
  // Gone at the service (as far as this key can see): the updated list replaces the saved one, so it goes here too.
  const slack = [...sandbox.world.webhooks.values()].find((w) => w.name === 'Old Slack bot');
  if (!slack) throw new Error('no Old Slack bot webhook in the seed');
  sandbox.world.webhooks.delete(slack.id);
  const mark = requestMark(sandbox);
  await updateNow(page);
  await synced(page);
  await expect(page.getByText(/^Saved list as of .* · 61 active, 0 archived$/)).toBeVisible();
  await expect(activeWebhooks(page).getByRole('row', { name: /Elsewhere 60\b/ })).toBeVisible();
  await expect(archivedWebhooks(page).getByText('No archived webhook.')).toBeVisible();
  const gets = sandbox.requests.all({ after: mark }).filter((r) => r.method === 'GET' && r.path === '/webhook');
  expect(gets.length).toBeGreaterThanOrEqual(2);
});

test('archive: a dialog names the webhook and says it is final; a refusal in words; with a reason it moves under Archived with its date', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openWebhooks(page);
  const erp = [...sandbox.world.webhooks.values()].find((w) => w.name === 'ERP sync');
  if (!erp) throw new Error('no ERP sync webhook in the seed');

  // Keyboard only: focus the row's Archive button, open with Enter.
  await activeWebhooks(page).getByRole('button', { name: 'Archive ERP sync' }).focus();
  await page.keyboard.press('Enter');
  const dialog = archiveDialog(page, 'ERP sync');
  await expect(dialog).toContainText('Archiving is final');
  await expect(dialog).toContainText('https://erp.acme.example/hooks/svc');
  await expect(dialog.getByLabel('Reason (optional)')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Removed at the service meanwhile: the refusal is shown in the dialog, nothing changes here.
  await activeWebhooks(page).getByRole('button', { name: 'Archive ERP sync' }).click();
  sandbox.world.webhooks.delete(erp.id);
  await dialog.getByLabel('Reason (optional)').fill('Moved to the new ledger');
  await dialog.getByRole('button', { name: 'Archive webhook' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Not found (404)');
  await expect(activeWebhooks(page).getByRole('row', { name: /ERP sync/ })).toBeVisible();

  sandbox.world.webhooks.set(erp.id, erp);
  const mark = requestMark(sandbox);
  await dialog.getByLabel('Reason (optional)').press('Enter');
  await expect(dialog).toBeHidden();
  expect(erp.archivedAt).not.toBeNull();
  expect(erp.reason).toBe('Moved to the new ledger');
  expect(webhookWrites(sandbox, mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
    `PATCH /webhook/${erp.id} 200`,
  ]);
  await expect(activeWebhooks(page).getByText('No active webhook')).toBeVisible();
  await expect(archivedWebhooks(page).getByRole('row', { name: /ERP sync/ })).toContainText(
    dateTime(erp.archivedAt ?? ''),
  );
  await expect(page.getByText(/· 0 active, 2 archived$/)).toBeVisible();
});

test('offline: after a reload the saved list shows with its "as of", and creating, archiving and fetching are disabled with the reason', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await sandbox.setFaults({ offline: true });
  await page.reload();
  await app.probeUntil('offline');
  await openWebhooks(page);
  await expect(page.getByText(/^Saved list as of .* · 1 active, 1 archived · offline$/)).toBeVisible();
  await expect(activeWebhooks(page).getByRole('row', { name: /ERP sync/ })).toBeVisible();
  await expect(archivedWebhooks(page).getByRole('row', { name: /Old Slack bot/ })).toBeVisible();
  await expect(page.getByText('Offline: creating and archiving webhooks need the service.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New webhook' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Archive ERP sync' })).toBeDisabled();
  await expect(updateButton(page)).toBeDisabled();
  expect(webhookWrites(sandbox, 0)).toEqual([]);
});

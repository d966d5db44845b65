import { DEMO_PROFILE_ID } from '../../src/main/profiles/profile';
import { startSandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import {
  addServiceHandle,
  addServiceMerchant,
  handlesTable,
  merchantsTable,
  openDirectoryTab,
} from './harness/directory';
import { holdCalls } from './harness/held-calls';
import { saveLiveProfile, openSection, syncedDemo, synced, updateButton, updateNow } from './harness/flows';

/** The Directory against the Demo's sandbox: saved lists offline, paging, the merchant search, paying a handle. */
const START = PINNED_NOON;
test.use({ session: { now: START, demo: { seed: 7, transactions: 300 } } });

test('the saved lists read offline with their as-of, by keyboard, and the key owner shows here and beside the profile', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const owner = sandbox.world.legalEntity.name;
  await openDirectoryTab(page, 'Payees');
  await expect(page.getByLabel('Key owner')).toContainText(`This profile's key belongs to ${owner}`);
  await expect(handlesTable(page).getByRole('row')).toHaveCount(sandbox.world.svcHandles.size + 1);
  // The key's own handle sends from one of its accounts; a payee's does not.
  const own = sandbox.world.svcHandles.get(sandbox.world.ownSvcHandleId)?.svcHandle ?? 'missing';
  await expect(handlesTable(page).getByRole('rowheader', { name: `@${own} Yours` })).toBeVisible();
  await expect(handlesTable(page).getByRole('rowheader', { name: '@globex-corp', exact: true })).toBeVisible();

  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await expect(page.getByLabel('Payees: saved list')).toHaveText(
    /^Saved list as of .+ · 9 of 9 shown · offline: shown as last saved$/,
  );
  await page.getByRole('searchbox', { name: 'Filter handles' }).fill('@GLOB');
  await expect(page.getByLabel('Payees: saved list')).toContainText('1 of 9 shown');
  await expect(handlesTable(page).getByRole('row', { name: /@globex-corp Globex Corp/ })).toBeVisible();
  await expect(updateButton(page)).toBeDisabled();

  // The tablist by keyboard: arrows move and select, End goes to the last tab.
  await page.getByRole('tab', { name: 'Payees' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Merchants' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Merchants' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('searchbox', { name: 'Merchant name' }).fill('air');
  const airlines = [...sandbox.world.merchants.values()].filter((m) => m.name.toLowerCase().includes('air'));
  expect(airlines.length).toBeGreaterThan(1);
  await expect(merchantsTable(page).getByRole('row')).toHaveCount(airlines.length + 1);
  await expect(merchantsTable(page)).toContainText('Delta Air Lines');
  await expect(page.getByRole('button', { name: 'Search the bank' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Merchants' }).press('End');
  await expect(page.getByRole('tab', { name: 'Legal entities and accounts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Legal entities' })).toContainText(owner);
  await expect(page.getByLabel('Legal entities: saved list')).toContainText('Saved list as of');
  const accounts = page.getByRole('table', { name: 'Accounts' });
  const seeded = [...sandbox.world.accounts.values()].filter((a) => a.legalEntityId === sandbox.world.legalEntity.id);
  await expect(accounts.getByRole('row')).toHaveCount(seeded.length + 1);
  for (const a of seeded)
    await expect(accounts.getByRole('row', { name: new RegExp(`^${a.name} `) })).toContainText(a.routingNumber);
  await expect(page.getByLabel('Accounts: saved list')).toContainText('offline');

  await openSection(page, 'Settings');
  await expect(page.getByRole('row', { name: /^Demo/ }).getByRole('cell', { name: owner })).toBeVisible();
});

test('svc handles paged through with the cursor by an update land in the saved list', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openDirectoryTab(page, 'Payees');
  // The service pages by 4 and knows a handle the app has not seen: only an update brings it.
  (sandbox.world as { pageSize: number }).pageSize = 4;
  addServiceHandle(sandbox, 'zeta-logistics', 'Zeta Logistics');
  const before = sandbox.requests.all().at(-1)?.seq ?? 0;
  await expect(page.getByLabel('Payees: saved list')).toContainText('9 of 9 shown');

  await updateNow(page);
  await synced(page);
  const handlePages = () =>
    sandbox.requests.all({ after: before }).filter((r) => r.method === 'GET' && r.path === '/svc-handle');
  await expect(page.getByLabel('Payees: saved list')).toContainText('10 of 10 shown');
  await expect(handlesTable(page).getByRole('row', { name: /@zeta-logistics Zeta Logistics/ })).toBeVisible();

  // 10 handles by 4: three pages, each answered (a sync of the app's own may have run as well).
  expect(handlePages().length % 3).toBe(0);
  expect(handlePages().every((r) => r.status === 200)).toBe(true);
});

test('a merchant found by the service search is kept and found again offline', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  addServiceMerchant(sandbox, 'Zephyr Coffee Roasters');
  await openDirectoryTab(page, 'Merchants');
  const name = page.getByRole('searchbox', { name: 'Merchant name' });
  await name.fill('zephyr');
  await expect(page.getByText('No saved merchant has that in its name: search the bank for it.')).toBeVisible();
  await page.getByRole('button', { name: 'Search the bank' }).click();
  await expect(page.getByText('1 merchant found by the bank, as of the last sync.')).toBeVisible();
  const row = merchantsTable(page).getByRole('row', { name: /^Zephyr Coffee Roasters/ });
  await expect(row).toContainText('https://www.zephyrcoffeeroasters.example');
  // Its address is shown as text: the window opens nothing outside the app.
  await expect(row.getByRole('link')).toHaveCount(0);
  expect(sandbox.requests.all().filter((r) => r.method === 'GET' && r.path === '/merchant').length).toBeGreaterThan(0);

  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await openSection(page, 'Transactions');
  await openDirectoryTab(page, 'Merchants');
  await page.getByRole('searchbox', { name: 'Merchant name' }).fill('ZEPH');
  await expect(merchantsTable(page).getByRole('row', { name: /^Zephyr Coffee Roasters/ })).toBeVisible();
  await expect(page.getByLabel('Merchants: saved list')).toContainText('1 of');
});

test('"Pay this handle" prefills the payment form; queued, approved, sent once to that handle', async ({ app }) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const globex = [...sandbox.world.svcHandles.values()].find((h) => h.svcHandle === 'globex-corp');
  if (!globex) throw new Error('the seed has no globex-corp handle');
  await openDirectoryTab(page, 'Payees');
  await page.getByRole('button', { name: 'Pay @globex-corp (Globex Corp)' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New payment' });
  await expect(form.getByLabel('Pay to (payee handle)')).toHaveValue('globex-corp');
  await expect(form.getByLabel('Amount (USD)')).toBeFocused();
  // The payee by name; its ids only behind "Technical details".
  await expect(form.getByLabel('Pay to (payee handle)')).toHaveAccessibleDescription(
    'Globex Corp, saved in the directory.',
  );
  await expect(form.getByText(globex.accountId)).toBeHidden();
  await form.getByText('Technical details').click();
  await expect(form.getByText(globex.accountId)).toBeVisible();
  // A payment can come only from the key's own legal entity's handles.
  const own = sandbox.world.svcHandles.get(sandbox.world.ownSvcHandleId)?.svcHandle ?? 'missing';
  await expect(form.getByLabel('From handle').getByRole('option')).toHaveText([
    'The company’s own handle',
    new RegExp(`^@${own} `),
  ]);

  // A handle the directory does not know is allowed, with a note; back to the picked one.
  await form.getByLabel('Pay to (payee handle)').fill('someone-new');
  await expect(form.getByLabel('Pay to (payee handle)')).toHaveAccessibleDescription(/not in the saved directory/);
  await form.getByLabel('Pay to (payee handle)').fill('@Globex-Corp');
  await expect(form.getByLabel('Pay to (payee handle)')).toHaveAccessibleDescription(
    'Globex Corp, saved in the directory.',
  );

  await form.getByLabel('Amount (USD)').fill('12.34');
  await form.getByRole('button', { name: 'Queue payment' }).click();
  await expect(page.getByText('Queued for approval (Approvals).')).toBeVisible();
  expect(sandbox.requests.all().filter((r) => r.method === 'POST' && r.path === '/pay')).toEqual([]);

  await openSection(page, 'Payments');
  await page.getByRole('button', { name: /^Approve: Payment \$12\.34 to @globex-corp/ }).click();
  await expect(page.getByRole('region', { name: 'Sent' })).toContainText('Payment $12.34');
  const pays = sandbox.requests.all().filter((r) => r.method === 'POST' && r.path === '/pay');
  expect(pays.map((r) => r.status)).toEqual([200]);
  const paid = sandbox.world.ledger.filter((e) => e.kind === 'payment' && e.amountCents === 1234);
  expect(paid.map((e) => e.destination)).toEqual([globex.id]);
});

test('each profile in the list names the legal entity of its own key, unknown until its first sync', async ({
  app,
}) => {
  // A second service, standing in for another company's live account.
  const live = await startSandbox({ seed: 13, transactions: 30, now: app.clock.now });
  // Its first sync starts as soon as it is saved; main holds its calls until the row has been read
  // unknown, however fast that sync would otherwise be.
  const firstSync = holdCalls(app.core, (call) => call.profileId !== DEMO_PROFILE_ID);
  try {
    (live.world.legalEntity as { name: string }).name = 'Initech Holdings LLC';
    const sandbox = await syncedDemo(app);
    const { page } = app;
    await openSection(page, 'Settings');
    await saveLiveProfile(app, {
      name: 'Initech books',
      baseUrl: live.apiUrl,
      vaultUrl: live.vaultUrl,
      apiKey: live.apiKey,
    });
    const row = page.getByRole('row', { name: /^Initech books/ });
    await firstSync.held;
    await expect(row.getByRole('cell', { name: 'Unknown until the first sync' })).toBeVisible();
    await expect(
      page.getByRole('row', { name: /^Demo/ }).getByRole('cell', { name: sandbox.world.legalEntity.name }),
    ).toBeVisible();
    firstSync.release();

    await row.getByRole('button', { name: 'Use Initech books' }).click();
    // Its first sync fills its own cache; the row reads it from there (as slow as a sync may be).
    await expect(row.getByRole('cell', { name: 'Initech Holdings LLC' })).toBeVisible({ timeout: 90_000 });
    await expect(
      page.getByRole('row', { name: /^Demo/ }).getByRole('cell', { name: sandbox.world.legalEntity.name }),
    ).toBeVisible();
    await openSection(page, 'Directory');
    await expect(page.getByLabel('Key owner')).toContainText("This profile's key belongs to Initech Holdings LLC");
  } finally {
    firstSync.release();
    await live.close();
  }
});

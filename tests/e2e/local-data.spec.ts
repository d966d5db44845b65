import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { draftTransfer, openSection, saveLiveProfile, syncedDemo, syncUntil } from './harness/flows';
import {
  cacheDbName,
  cachedCounts,
  databaseNames,
  indexFileBytes,
  outboxDbName,
  outboxQueue,
} from './harness/local-data';
import { twoAccounts } from './harness/accounts';

/**
 * Settings → "Data on this computer": a cache is not cleared, and a profile not removed, while
 * its outbox holds items neither sent, exported nor discarded. What the cache and the outbox
 * hold is read from IndexedDB and the private file system themselves; what the service holds,
 * from the sandbox.
 */
const START = PINNED_NOON;
test.use({ session: { demo: { seed: 7, transactions: 300 } } });

/** A profile's block in Settings → Data on this computer. */
const dataRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'What each profile keeps on this computer' }).getByRole('region', { name });

/** Two open virtual accounts of the seed, the primary first. */
/** Exports the unsent items from `where` (a dialog), confirms main's question, reads the file back with csv-parse. */
async function exportUnsent(
  app: { page: Page; prompts: { confirm(m: RegExp): Promise<unknown> } },
  where: Locator,
): Promise<Record<string, string>[]> {
  await where.getByRole('button', { name: 'Export unsent items (CSV)' }).click();
  await app.prompts.confirm(/^Save “unsent-items-.+\.csv” in /);
  const saved = where.getByText(/^Saved \d+ unsent items to /);
  await expect(saved).toBeVisible();
  const path = ((await saved.textContent()) ?? '').replace(/^Saved \d+ unsent items to /, '');
  return parse(await readFile(path, 'utf8'), { columns: true }) as Record<string, string>[];
}

test('a cache is not cleared while unsent items are neither sent, exported nor discarded; then it is empty, and a sync fills it again', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const { from, to } = twoAccounts(sandbox);
  expect((await cachedCounts(page, 'demo')).transactions).toBe(sandbox.world.transactions.size);
  // The search index is saved to its file a moment after the sync.
  await expect.poll(() => indexFileBytes(page, 'demo'), { timeout: 30_000 }).toBeGreaterThan(0);
  const indexBytes = (await indexFileBytes(page, 'demo')) as number;

  await draftTransfer(page, from, to, '11.11');
  await expect(page.getByText('Queued for approval (Approvals).')).toBeVisible();
  await draftTransfer(page, from, to, '22.22');
  await expect(page.getByText('Queued for approval (Approvals).')).toBeVisible();

  await openSection(page, 'Settings');
  await expect(dataRow(page, 'Demo').getByTestId('cached-transactions')).toHaveText(
    sandbox.world.transactions.size.toLocaleString('en-US'),
  );
  await expect(dataRow(page, 'Demo').getByTestId('unsent-items')).toHaveText(
    '2 unsent items ($33.33: 2 awaiting approval)',
  );
  await dataRow(page, 'Demo').getByRole('button', { name: 'Clear the cache of Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear the cache of “Demo”?' });
  const clear = dialog.getByRole('button', { name: 'Clear the cache', exact: true });
  await expect(dialog.getByRole('group', { name: 'Unsent items' })).toContainText(
    '2 unsent items ($33.33: 2 awaiting approval).',
  );
  await expect(clear).toBeDisabled();
  await expect(clear).toHaveAccessibleDescription('Send, export or discard the unsent items first.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Sent through the service: one item leaves the queue; one is left, so still no.
  await openSection(page, 'Transfers');
  await page.getByRole('button', { name: /^Approve: Transfer \$11\.11/ }).click();
  await expect(page.getByRole('region', { name: 'Sent' })).toContainText('Transfer $11.11');
  expect(sandbox.world.ledger.filter((e) => e.amountCents === 1_111)).toHaveLength(1);
  await openSection(page, 'Settings');
  await expect(dataRow(page, 'Demo').getByTestId('unsent-items')).toHaveText(
    '1 unsent item ($22.22: 1 awaiting approval)',
  );
  await dataRow(page, 'Demo').getByRole('button', { name: 'Clear the cache of Demo' }).click();
  await expect(clear).toBeDisabled();

  // Exported: the file holds the item as it waits, with its key; then the cache may go.
  const [waiting] = await outboxQueue(page, 'demo');
  const exported = await exportUnsent(app, dialog);
  expect(exported).toHaveLength(1);
  expect(exported[0]).toMatchObject({
    item: waiting?.id,
    kind: 'transfer',
    state: 'Awaiting approval',
    amount_cents: '2222',
    amount: '22.22',
    idempotency_key: waiting?.idempotencyKey,
  });
  expect(JSON.parse(exported[0]?.['payload_json'] ?? '')).toEqual({
    amountCents: 2_222,
    destination: to,
    source: from,
  });
  await expect(dialog.getByText(/^1 item exported on .+ and unchanged since\.$/)).toBeVisible();
  await expect(clear).toBeEnabled();
  await page.keyboard.press('Escape');

  // An item changed after the export (approved, while sending is paused) is no longer what the
  // file says: no again, until it is exported again.
  await openSection(page, 'Approvals');
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await openSection(page, 'Transfers');
  await page.getByRole('button', { name: /^Approve: Transfer \$22\.22/ }).click();
  await expect(page.getByRole('region', { name: 'Approved, to send' })).toContainText('Transfer $22.22');
  await openSection(page, 'Settings');
  await dataRow(page, 'Demo').getByRole('button', { name: 'Clear the cache of Demo' }).click();
  await expect(dialog.getByRole('group', { name: 'Unsent items' })).toContainText(
    '1 unsent item ($22.22: 1 approved, to send).',
  );
  await expect(clear).toBeDisabled();
  expect((await exportUnsent(app, dialog))[0]).toMatchObject({ state: 'Approved, to send', amount_cents: '2222' });
  await clear.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The cache of “Demo” was cleared.', { exact: false })).toBeVisible();

  // Empty, as IndexedDB holds it; the outbox untouched; the index file gone (or, saved again
  // since, an empty index's).
  expect(await cachedCounts(page, 'demo')).toEqual({ transactions: 0, entities: 0, savedSearches: 0 });
  expect((await outboxQueue(page, 'demo')).map((r) => [r.state, r.amountCents])).toEqual([['approved', 2_222]]);
  expect((await indexFileBytes(page, 'demo')) ?? 0).toBeLessThan(indexBytes);
  await expect(dataRow(page, 'Demo').getByTestId('cached-transactions')).toHaveText('0');

  // A sync fills it again with everything the service has, the transfer sent above included.
  await openSection(page, 'Transactions');
  await syncUntil(page, async () =>
    expect((await cachedCounts(page, 'demo')).transactions).toBe(sandbox.world.transactions.size),
  );
  expect((await cachedCounts(page, 'demo')).entities).toBeGreaterThan(0);
  await openSection(page, 'Settings');
  await expect(dataRow(page, 'Demo').getByTestId('cached-transactions')).toHaveText(
    sandbox.world.transactions.size.toLocaleString('en-US'),
  );
});

test.describe('removing a live profile', () => {
  let live: Sandbox;
  test.beforeAll(async () => {
    live = await startSandbox({ seed: 13, transactions: 30, startAt: START });
  });
  test.afterAll(async () => {
    await live.close();
  });

  test('is refused while it has unsent items; once they are discarded it goes with its databases and index file', async ({
    app,
  }) => {
    test.slow();
    const { page } = app;
    await syncedDemo(app);
    await openSection(page, 'Settings');
    await saveLiveProfile(app, { name: 'Acme', baseUrl: live.apiUrl, vaultUrl: live.vaultUrl, apiKey: live.apiKey });
    await expect(page.getByText('Saved “Acme”.')).toBeVisible();
    const id = (await app.core.handlers['profiles:list'](undefined)).profiles.find((p) => p.name === 'Acme')
      ?.id as string;

    // On Acme: its sync fills its cache, and a transfer waits for approval in its outbox.
    await page.getByRole('button', { name: 'Use Acme' }).click();
    await openSection(page, 'Transactions');
    await syncUntil(page, async () =>
      expect((await cachedCounts(page, id)).transactions).toBe(live.world.transactions.size),
    );
    const { from, to } = twoAccounts(live);
    await draftTransfer(page, from, to, '44.44');
    await expect(page.getByText('Queued for approval (Approvals).')).toBeVisible();
    await expect.poll(() => indexFileBytes(page, id), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'Demo (Demo, sample data)' });
    await expect(page.getByRole('combobox', { name: 'Profile' })).toHaveValue('demo');

    await openSection(page, 'Settings');
    await page.getByRole('button', { name: 'Remove Acme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove “Acme”?' });
    const remove = dialog.getByRole('button', { name: 'Remove profile' });
    await expect(dialog.getByRole('group', { name: 'Unsent items' })).toContainText(
      '1 unsent item ($44.44: 1 awaiting approval).',
    );
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription('Send, export or discard the unsent items first.');

    // Discarded on purpose, in the app's own dialog that names how many and their total.
    await dialog.getByRole('button', { name: 'Discard…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard 1 item?' });
    await expect(confirm).toContainText(
      '1 item totalling $44.44 (1 awaiting approval) will be canceled and never sent.',
    );
    await confirm.getByRole('button', { name: 'Discard 1 item' }).click();
    await expect(dialog.getByRole('group', { name: 'Unsent items' })).toContainText('No unsent items.');
    await expect(dialog.getByText(/^Discarded 1 item; the outbox’s audit log keeps the record\.$/)).toBeVisible();
    expect(await outboxQueue(page, id)).toEqual([]);
    await expect(remove).toBeEnabled();
    await remove.click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText('“Acme” was removed: its key, cache, search index and outbox are gone from this computer.'),
    ).toBeVisible();

    // Gone from main (with its key), from IndexedDB and from the private file system; the
    // Demo's data stays.
    expect((await app.core.handlers['profiles:list'](undefined)).profiles.map((p) => p.name)).toEqual(['Demo']);
    await expect.poll(() => databaseNames(page)).not.toContain(cacheDbName(id));
    const names = await databaseNames(page);
    expect(names).not.toContain(outboxDbName(id));
    expect(names).toEqual(expect.arrayContaining([cacheDbName('demo'), outboxDbName('demo')]));
    expect(await indexFileBytes(page, id)).toBeNull();
    await expect(page.getByRole('row', { name: /^Acme/ })).toHaveCount(0);
  });
});

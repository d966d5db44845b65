import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { IDEMPOTENCY_HEADER } from '../../src/shared/service';
import { test, expect, type App } from './fixtures';
import { draftTransfer, saveLiveProfile, openSection, synced } from './harness/flows';
import { twoAccounts } from './harness/accounts';

// Servers forget idempotency keys (this sandbox after 24 h of its own clock): a transfer whose
// answer was lost must not be resent a day later, when the same key would move the money again.
// Both clocks are pinned and moved by the test: the page's with Playwright's clock, the sandbox's
// through its admin route; any instant and time zone would do, these are awkward on purpose
// (a day, month and half year boundary, a zone 5:45 ahead of UTC). The page's date stands still
// (setFixedTime, timers still running) so that a retried send does not fall due on its own; main's
// clock starts at T0 too.

const T0 = Date.UTC(2031, 5, 30, 23, 45);
const HOUR = 3_600_000;
const LATER = T0 + 25 * HOUR;

test.use({ timezoneId: 'Asia/Kathmandu', session: { now: T0 } });

let service: Sandbox;
test.beforeEach(async () => {
  // Time stands still in the sandbox unless the test moves it; the admin listener answers while the API is offline.
  service = await startSandbox({
    seed: 7,
    transactions: 300,
    now: () => T0,
    adminPort: 0,
    idempotencyTtlMs: 24 * HOUR,
  });
});
test.afterEach(() => service.close());

async function admin(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${service.adminUrl}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': service.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path} answered ${res.status}`).toBe(200);
  return res.json();
}

const ledgerOf = (key: string) => service.world.ledger.filter((e) => e.idempotencyKey === key);

/** The app at T0 on its clock, connected to this sandbox as a live profile, its first sync done. */
async function connected(app: App): Promise<void> {
  const { page } = app;
  await page.clock.setFixedTime(T0);
  await app.open();
  await page.getByRole('button', { name: 'Connect a live account' }).click();
  await saveLiveProfile(app, {
    name: 'Acme',
    baseUrl: service.apiUrl,
    vaultUrl: service.vaultUrl,
    apiKey: service.apiKey,
  });
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Online');
  await synced(page);
}

/** Drafts and approves a transfer of `amount` with the sandbox answering per `faults`; returns the row's key. */
async function approveTransfer(
  page: Page,
  amount: string,
  faults: Parameters<Sandbox['setFaults']>[0],
): Promise<string> {
  const { from, to } = twoAccounts(service);
  await draftTransfer(page, from, to, amount);
  await openSection(page, 'Transfers');
  // The key is there for support, behind the item's "Technical details".
  await page.getByRole('region', { name: 'Awaiting approval' }).getByText('Technical details').click();
  const key = await page
    .getByRole('definition')
    .filter({ hasText: /^[0-9a-f-]{36}$/ })
    .textContent();
  if (!key) throw new Error('the row shows no idempotency key');
  await service.setFaults(faults);
  await page.getByRole('button', { name: new RegExp(`^Approve: Transfer \\$${amount.replace('.', '\\.')}`) }).click();
  // Its send failed in a way that is retried with the same key; the app's clock stands still, so it is not due again yet.
  await expect(page.getByRole('region', { name: 'Approved, to send' })).toContainText(
    'sent again automatically, with the same key',
  );
  return key;
}

/**
 * The machine is off the network for a day: the sandbox goes offline (nothing can reach it in
 * between), both clocks move 25 hours, past the 24 hours the sandbox keeps keys, and it comes back.
 */
async function aDayOffline(app: App): Promise<void> {
  await service.setFaults({ offline: true, dropAfterRate: 0, errorRate: 0 });
  await app.probeUntil('offline');
  expect(await admin('/__sandbox/clock', { advanceMs: LATER - T0 })).toMatchObject({
    now: new Date(LATER).toISOString(),
  });
  await app.page.clock.setFixedTime(LATER);
  await service.resetFaults();
  await app.probeUntil('online');
}

test('a transfer processed but unanswered is not resent a day later: found in the transactions, one transfer', async ({
  app,
}) => {
  const { page } = app;
  await connected(app);
  const key = await approveTransfer(page, '12.34', { dropAfterRate: 1 });
  const [first] = ledgerOf(key);
  expect(ledgerOf(key)).toHaveLength(1);
  expect(first).toMatchObject({ amountCents: 1_234, at: new Date(T0).toISOString() });

  await aDayOffline(app);
  const sent = page.getByRole('region', { name: 'Sent' });
  await expect(sent).toContainText('Transfer $12.34', { timeout: 90_000 });
  expect(ledgerOf(key)).toHaveLength(1);
  await sent.getByText(/^History/).click();
  await expect(sent).toContainText('key too old to resend');
  await expect(sent).toContainText(/found in the transactions \(txn_/);
  await expect(sent).toContainText('1 attempt to send it');

  // The control: the sandbox really forgot the key, so a blind resend would have moved the money again.
  if (!first) throw new Error('no ledger entry');
  const again = await fetch(`${service.apiUrl}/transfer/virtual-account`, {
    method: 'POST',
    headers: { 'x-api-key': service.apiKey, 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
    body: JSON.stringify({ source: first.source, destination: first.destination, amountCents: first.amountCents }),
  });
  expect(again.status).toBe(200);
  expect(((await again.json()) as { transferId: string }).transferId).not.toBe(first.id);
  expect(ledgerOf(key)).toHaveLength(2);
});

test('a transfer never processed is not resent a day later either: a person is told the key may be forgotten, and sends it again', async ({
  app,
}) => {
  const { page } = app;
  await connected(app);
  const key = await approveTransfer(page, '56.78', { errorRate: 1 });
  expect(ledgerOf(key)).toHaveLength(0);

  await aDayOffline(app);
  const review = page.getByRole('region', { name: 'Needs review' });
  await expect(review).toContainText('Transfer $56.78', { timeout: 90_000 });
  await expect(review).toContainText(/may have forgotten its key.+Mark as sent.+Send again/, { timeout: 90_000 });
  expect(ledgerOf(key)).toHaveLength(0);

  await review.getByRole('button', { name: /^Send again/ }).click();
  await page
    .getByRole('dialog', { name: 'Send this transfer again?' })
    .getByRole('button', { name: 'Send again' })
    .click();
  await expect(page.getByRole('region', { name: 'Sent' })).toContainText('Transfer $56.78', { timeout: 90_000 });
  const moved = service.world.ledger.filter((e) => e.amountCents === 5_678);
  expect(moved).toHaveLength(1);
  expect(moved[0]?.idempotencyKey).not.toBe(key);
});

import type { Locator, Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { openSection, syncedDemo } from './harness/flows';
import { PINNED_NOON } from './harness/clock';
import { decodePath, qrGeometry } from './harness/offramp-qr';
import { offrampWallets as panel, openAccount, vaNamed } from './harness/accounts';

/** Off-ramp wallets in an account's details, against the Demo's sandbox with its clock pinned. */
const START = PINNED_NOON;
test.use({ session: { now: START, demo: { seed: 7, transactions: 100 } } });

const createForm = (page: Page) => panel(page).getByRole('form', { name: 'Create a wallet' });

const offrampPosts = (sandbox: Sandbox) =>
  sandbox.requests.all().filter((r) => r.method === 'POST' && r.path === '/crypto/offramp');

/** The text the QR code beside `address` holds, read off the drawn path. */
async function qrText(qr: Locator): Promise<string | undefined> {
  const d = await qr.locator('path').getAttribute('d');
  const viewBox = await qr.getAttribute('viewBox');
  if (!d || !viewBox) throw new Error('the QR code has no path or viewBox');
  const { size, quiet } = qrGeometry(viewBox);
  return decodePath(d, size, quiet);
}

test('create a wire/USDC wallet: shown at once with its addresses, copy and QR; kept offline after a reload; create off offline', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  const payroll = vaNamed(sandbox, 'Payroll').id;
  await openSection(page, 'Accounts');
  await openAccount(page, 'Payroll');
  await expect(panel(page)).toContainText('No wallet created from this computer for this account yet.');

  const form = createForm(page);
  await form.getByRole('group', { name: 'Payout rail into the account' }).getByLabel('Wire').check();
  await form.getByRole('group', { name: 'Stablecoin to receive' }).getByLabel('USDC').check();
  await form.getByRole('button', { name: 'Create wallet…' }).click();
  // The confirm step names the account; nothing is sent before it is confirmed.
  const confirm = form.getByRole('group', { name: 'Confirm the new wallet' });
  await expect(confirm).toContainText('Create a USDC wallet paid out by Wire into Payroll?');
  expect(offrampPosts(sandbox)).toEqual([]);
  await confirm.getByRole('button', { name: 'Create it for Payroll' }).click();
  await expect(form.getByRole('status')).toContainText('a USDC wallet paid out by Wire into Payroll.');

  // Exactly one POST, and the sandbox made the wallet from that body: this account, wire, USDC.
  expect(offrampPosts(sandbox).map((r) => r.status)).toEqual([200]);
  const [wallet] = [...sandbox.world.wallets.values()];
  expect(sandbox.world.wallets.size).toBe(1);
  if (!wallet) throw new Error('no wallet in the sandbox');
  expect(wallet.subaccountId).toBe(payroll);
  const addresses = sandbox.world.walletAddresses.get(wallet.id) ?? [];
  expect(addresses.length).toBeGreaterThan(0);
  expect(addresses.every((a) => a.currency === 'usdc' && a.method === 'wire')).toBe(true);

  const shown = panel(page).getByRole('listitem', { name: `Wallet ${wallet.id}` });
  await expect(shown).toContainText(wallet.id);
  await expect(shown).toContainText('Off-ramp');
  await expect(shown).toContainText('Pending activation');
  await expect(shown).toContainText(wallet.svcAccountGroupId);
  const items = shown.getByRole('list', { name: `Deposit addresses of ${wallet.id}` }).getByRole('listitem');
  await expect(items).toHaveCount(addresses.length);
  const first = addresses[0];
  if (!first) throw new Error('no address');
  const chain = first.chain.charAt(0).toUpperCase() + first.chain.slice(1);
  const item = shown.getByRole('listitem', { name: `USDC on ${chain} address` });
  await expect(item.getByLabel(`USDC on ${chain} deposit address`, { exact: true })).toHaveText(first.address);
  await expect(item).toContainText('Wire');
  await expect(item).toContainText(first.blockchainMemo ?? 'no memo needed');
  const qr = item.getByRole('img', { name: `QR code of the USDC on ${chain} deposit address` });
  expect(await qrText(qr)).toBe(first.address);

  await item.getByRole('button', { name: `Copy the USDC on ${chain} address` }).click();
  await expect(item.getByRole('status')).toHaveText('Address copied.');
  expect(app.clipboard.writes.at(-1)).toBe(first.address);
  expect(await app.clipboard.readText()).toBe(first.address);

  // Offline and reloaded: the wallet comes back from the cache; creating is off, with the reason.
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await page.reload();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await openSection(page, 'Accounts');
  await openAccount(page, 'Payroll');
  await expect(panel(page).getByRole('listitem', { name: `Wallet ${wallet.id}` })).toContainText('Pending activation');
  await expect(panel(page).getByLabel(`USDC on ${chain} deposit address`, { exact: true })).toHaveText(first.address);
  await expect(createForm(page)).toContainText('Offline: creating a wallet needs the service.');
  await expect(createForm(page).getByRole('button', { name: 'Create wallet…' })).toBeDisabled();
  // Another account has none of it.
  await openAccount(page, 'Marketing');
  await expect(panel(page)).toContainText('No wallet created from this computer for this account yet.');
  expect(offrampPosts(sandbox)).toHaveLength(1);
});

test('a closed account cannot create a wallet; one closed behind the app is refused by the service in words, nothing cached', async ({
  app,
}) => {
  const sandbox = await syncedDemo(app);
  const { page } = app;
  await openSection(page, 'Accounts');
  await page.getByRole('checkbox', { name: 'Show closed' }).check();
  await openAccount(page, 'Old Project Fund');
  await expect(createForm(page)).toContainText('This account is closed');
  await expect(createForm(page).getByRole('button', { name: 'Create wallet…' })).toBeDisabled();
  await expect(createForm(page).getByLabel('Wire')).toBeDisabled();

  // Closed at the service after the last sync: the app still thinks it open, the service says no.
  const marketing = sandbox.world.virtualAccounts.get(vaNamed(sandbox, 'Marketing').id);
  if (!marketing) throw new Error('no Marketing account');
  marketing.closedAt = new Date(START).toISOString();
  await openAccount(page, 'Marketing');
  // By keyboard: the confirm step takes focus, Enter confirms, and focus comes back to where it began.
  await createForm(page).getByRole('button', { name: 'Create wallet…' }).click();
  await expect(createForm(page).getByRole('button', { name: 'Create it for Marketing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(createForm(page).getByRole('alert')).toContainText(/^The wallet was not created: .*was closed/);
  await expect(createForm(page).getByRole('button', { name: 'Create wallet…' })).toBeFocused();
  await expect(panel(page)).toContainText('No wallet created from this computer for this account yet.');
  expect(offrampPosts(sandbox).map((r) => r.status)).toEqual([409]);
  expect(sandbox.world.wallets.size).toBe(0);
});

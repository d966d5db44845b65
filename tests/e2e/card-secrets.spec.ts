import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sandbox } from '../../src/sandbox';
import { test, expect, type App } from './fixtures';
import { openSection, syncedDemo } from './harness/flows';
import { dumpDir, dumpPage, keyForms } from './harness/leaks';
import { openCard, openCardTab } from './harness/cards';
import { cardFromVault as fromVault } from '../support/vault';

/**
 * docs/features/card-numbers.md, "The reveal": a card's number and code come only from main's reveal channel, are
 * shown for 30 s and then dropped; copy goes through main, which clears the clipboard. After the
 * flows, the number and code (read as the oracle straight from the sandbox's vault) are nowhere:
 * not in IndexedDB, Web Storage, the DOM, the console or the app's files.
 */

// Main keeps a copied secret 30 s in the app; here 2 s, and the test waits for the clipboard to be empty.
test.use({ session: { clipboardClearMs: 2_000 } });

interface Secrets {
  id: string;
  name: string;
  last4: string;
  pan: string;
  cvv: string;
}

const grouped = (pan: string) => pan.replace(/(.{4})(?=.)/g, '$1 ');

/** How a number could appear: plain, grouped as on screen, base64, URL-encoded, JSON-escaped. */
const panForms = (pan: string) => [...keyForms(pan), grouped(pan)];
/**
 * A code is 3 or 4 digits: a bare search would hit amounts and ids. It is looked for as a value
 * on its own: a JSON string or number, a DOM text node, a whole word in a console line.
 */
const cvvForms = (cvv: string) => [`"${cvv}"`, `>${cvv}<`, `:${cvv},`, `:${cvv}}`, `'${cvv}'`];

/** Everything the page, the console and the app's files hold, as named texts. */
async function everything(app: App): Promise<{ where: string; text: string }[]> {
  await app.events.flush();
  const page = JSON.parse(await dumpPage(app.page)) as Record<string, unknown>;
  const out: { where: string; text: string }[] = [];
  // Every value on its own (a code stored as a bare string or number is then a whole text), and
  // each place as JSON too (a code inside a serialized record).
  const leaves = (where: string, v: unknown): void => {
    if (typeof v === 'string' || typeof v === 'number') out.push({ where, text: `"${String(v)}"` });
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) leaves(`${where}.${k}`, x);
  };
  for (const [where, v] of Object.entries(page)) {
    out.push({ where: `page ${where}`, text: typeof v === 'string' ? v : JSON.stringify(v) });
    leaves(`page ${where}`, v);
  }
  out.push(...app.consoleLog.map((text, i) => ({ where: `console #${i}`, text: ` ${text} ` })));
  out.push(...(await dumpDir(app.userDataDir)).map((f) => ({ where: `file ${f.path}`, text: f.text })));
  return out;
}

/** Where any of the secret's forms occur (a console line also by whole word, for the code). */
function findSecret(all: { where: string; text: string }[], s: { pan: string; cvv: string }): string[] {
  const hits: string[] = [];
  for (const { where, text } of all) {
    for (const f of panForms(s.pan)) if (text.includes(f)) hits.push(`${where}: number as ${JSON.stringify(f)}`);
    for (const f of cvvForms(s.cvv)) if (text.includes(f)) hits.push(`${where}: code as ${JSON.stringify(f)}`);
    if (where.startsWith('console') && new RegExp(`\\b${s.cvv}\\b`).test(text)) hits.push(`${where}: code as a word`);
  }
  return hits;
}

/** A name no other card's name contains, so its row is found by that text alone. */
function uniquelyNamed(s: Sandbox, name: string): boolean {
  return [...s.world.cards.values()].filter((c) => c.name.includes(name)).length === 1;
}

/**
 * Opens a card from the Cards screen by its name (a click on its row); returns its details panel
 * and, inside it, CardSecrets' own region (assertions stay there, whatever else the panel shows).
 */

/** The Demo synced and the Cards screen open on an active card whose name no other card's contains. */
async function onACard(app: App) {
  const sandbox = await syncedDemo(app);
  const card = [...sandbox.world.cards.values()].find((c) => c.status === 'active' && uniquelyNamed(sandbox, c.name));
  if (!card) throw new Error('the Demo has no active card');
  await openSection(app.page, 'Cards');
  const { secrets } = await openCard(app.page, card.name);
  return { sandbox, card, secrets };
}

test('a reveal hides itself after 30 s, a copy leaves the clipboard empty, and the number and code are left nowhere', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  // Playwright's clock (installed by the fixture) drives the page's timers and Date: the countdown is waited on, not slept through.
  const sandbox = await syncedDemo(app);

  // Choose two active cards whose codes appear nowhere yet, so that finding none later means something.
  const before = await everything(app);
  const chosen: Secrets[] = [];
  for (const c of sandbox.world.cards.values()) {
    if (c.status !== 'active' || !uniquelyNamed(sandbox, c.name)) continue;
    const v = await fromVault(sandbox, c.id);
    if (findSecret(before, v).length === 0) chosen.push({ id: c.id, name: c.name, ...v });
    if (chosen.length === 2) break;
  }
  const [card, other] = chosen;
  if (!card || !other) throw new Error('the Demo has no two active cards to try');
  expect(card.pan.endsWith(card.last4)).toBe(true);

  // The scanner can fail: a value planted in each place is found there.
  const CANARY = { pan: '4000056655665556', cvv: '918' };
  await page.evaluate((c) => {
    localStorage.setItem('scan-canary', c.pan);
    sessionStorage.setItem('scan-canary', JSON.stringify({ cvv: c.cvv }));
    console.log(`canary ${c.cvv}`);
    return new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('scan-canary');
      open.onupgradeneeded = () => open.result.createObjectStore('s');
      open.onsuccess = () => {
        const tx = open.result.transaction('s', 'readwrite');
        tx.objectStore('s').put({ n: grouped(c.pan) }, 1);
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
      function grouped(p: string) {
        return p.replace(/(.{4})(?=.)/g, '$1 ');
      }
    });
  }, CANARY);
  await writeFile(`${app.userDataDir}/canary.json`, JSON.stringify({ cvv: CANARY.cvv }));
  await expect.poll(() => app.consoleLog.some((l) => l.includes('canary'))).toBe(true);
  const planted = findSecret(await everything(app), CANARY).join('\n');
  for (const where of ['page localStorage', 'page sessionStorage', 'page idb', 'console', 'canary.json'])
    expect(planted, `the scanner finds the canary in ${where}`).toContain(where);

  await openSection(page, 'Cards');
  let { secrets } = await openCard(page, card.name);
  await expect(secrets).toContainText(`•••• ${card.last4}`);
  const revealButton = secrets.getByRole('button', { name: 'Reveal number and code' });

  // Reveal, with the clock paused so the countdown moves only when the test moves it. Main asks
  // first, in its own window (not the page), naming the card as the service named it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await revealButton.click();
  await app.prompts.confirm(`Show the number and security code of “${card.name}” •••• ${card.last4}?`);
  await expect(secrets.getByText(grouped(card.pan), { exact: true })).toBeVisible();
  await expect(secrets.getByText(card.cvv, { exact: true })).toBeVisible();
  const timer = secrets.getByRole('timer');
  await expect(timer).toHaveText('Hides in 30 s');
  await expect(secrets.getByRole('list', { name: 'Latest reveals of this card' })).toContainText(
    /Revealed by .+ at .+ \(Demo\): number and code/,
  );
  await page.clock.fastForward(10_000);
  await expect(timer).toHaveText('Hides in 20 s');
  await page.clock.fastForward(20_000);
  await expect(timer).toHaveCount(0);
  await expect(secrets.getByText(grouped(card.pan))).toHaveCount(0);
  await expect(secrets.getByText(card.cvv, { exact: true })).toHaveCount(0);
  await expect(secrets).toContainText(`•••• ${card.last4}`);
  await page.clock.resume();

  // Copy: main writes the value, then empties the clipboard once its time is up.
  await revealButton.click();
  await app.prompts.confirm();
  await secrets.getByRole('button', { name: 'Copy number' }).click();
  await expect(secrets.getByRole('status').filter({ hasText: 'Copied' })).toHaveText(
    'Copied; the clipboard clears in 2 s',
  );
  expect(app.clipboard.writes).toContain(card.pan);
  await expect.poll(() => app.clipboard.readText(), { message: 'the clipboard is emptied' }).toBe('');
  await secrets.getByRole('button', { name: 'Copy code' }).click();
  await expect.poll(() => app.clipboard.writes.at(-1)).toBe(card.cvv);
  await expect.poll(() => app.clipboard.readText(), { message: 'the clipboard is emptied' }).toBe('');

  // "Hide" drops them at once. By keyboard alone: focus follows to the button that took the place of the one pressed.
  await secrets.getByRole('button', { name: 'Hide' }).focus();
  await page.keyboard.press('Enter');
  await expect(secrets.getByText(grouped(card.pan))).toHaveCount(0);
  await expect(revealButton).toBeFocused();

  // So does opening another card: nothing of the first one survives the change.
  await page.keyboard.press('Enter');
  await app.prompts.confirm();
  await expect(secrets.getByText(grouped(card.pan), { exact: true })).toBeVisible();
  await expect(secrets.getByRole('button', { name: 'Hide' })).toBeFocused();
  ({ secrets } = await openCard(page, other.name));
  await expect(secrets).toContainText(`•••• ${other.last4}`);
  await expect(page.getByText(grouped(card.pan))).toHaveCount(0);
  await expect(secrets.getByRole('list', { name: 'Latest reveals of this card' })).toHaveCount(0);
  await expect(secrets.getByText("Nobody has revealed this card's number on this computer.")).toBeVisible();

  // Offline, the button says why it cannot reveal.
  await sandbox.setFaults({ offline: true });
  await app.probeUntil('offline');
  await expect(secrets.getByRole('button', { name: 'Reveal number and code' })).toBeDisabled();
  await expect(secrets.getByText(/you are offline/)).toBeVisible();
  await sandbox.resetFaults();
  await app.probeUntil('online');

  // Leave the screen, then look everywhere.
  await openSection(page, 'Transactions');
  const hits = findSecret(await everything(app), card);
  expect(hits, 'the number or code of the revealed card, anywhere').toEqual([]);
});

test('main asks in its own window before a reveal: a "no" shows nothing and is audited; shown values cannot be selected or copied from the page', async ({
  app,
}) => {
  const { page } = app;
  const { sandbox, card, secrets } = await onACard(app);
  const truth = await fromVault(sandbox, card.id);
  const before = sandbox.requests.page({ limit: 1 }).lastSeq;
  const vaultCalls = () => sandbox.requests.all({ after: before }).filter((r) => r.host === 'vault');

  await secrets.getByRole('button', { name: 'Reveal number and code' }).click();
  const asked = await app.prompts.decline();
  expect(asked).toMatchObject({
    title: 'Reveal a card number',
    message: `Show the number and security code of “${card.name}” •••• ${card.last4}?`,
  });
  expect(asked.detail).toEqual([
    `Card: ${card.name} •••• ${card.last4} (id ${card.id})`,
    'Shows: the number and security code, for 30 seconds',
    'Profile: Demo (the Demo, on this computer)',
    expect.stringMatching(/^The reveal is written to this profile's audit as asked by .+\.$/),
  ]);
  await expect(secrets.getByRole('alert')).toHaveText(
    'The card was not revealed: you chose not to in the confirmation.',
  );
  await expect(secrets.getByRole('list', { name: 'Latest reveals of this card' })).toContainText(
    /asked to reveal the number and code at .+ \(Demo\); not confirmed \(you chose not to in the confirmation\)/,
  );
  await expect(secrets.getByText(/Checked just now: 1 line/)).toBeVisible();
  expect(vaultCalls()).toEqual([]);

  await secrets.getByRole('button', { name: 'Reveal number and code' }).click();
  await app.prompts.confirm();
  const values = secrets.getByRole('definition').first();
  await expect(values).toHaveText(grouped(truth.pan));
  expect(vaultCalls()).toHaveLength(1);
  // Select everything on the page: the number is not part of the selection.
  const selected = await page.evaluate(() => {
    const selection = document.getSelection();
    selection?.selectAllChildren(document.body);
    return selection?.toString() ?? '';
  });
  expect(selected).not.toContain(grouped(truth.pan));
  expect(selected).not.toContain(truth.pan);
  // And a copy over it is refused (the page's own listener sees it prevented), with a word on how to copy.
  await page.evaluate(() => {
    document.addEventListener(
      'copy',
      (e) => ((window as unknown as { copyPrevented?: boolean }).copyPrevented = e.defaultPrevented),
    );
  });
  await page.keyboard.press('Control+C');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { copyPrevented?: boolean }).copyPrevented))
    .toBe(true);
  await expect(secrets.getByRole('alert')).toContainText('use “Copy number” or “Copy code”');
  expect(app.clipboard.writes).toEqual([]);
});

test('an audit line changed on disk is shown on the card’s list with where it broke, and new reveals still go in', async ({
  app,
}) => {
  const { page } = app;
  const { card, secrets: first } = await onACard(app);
  let secrets = first;
  for (let i = 0; i < 2; i++) {
    await secrets.getByRole('button', { name: 'Reveal number and code' }).click();
    await app.prompts.confirm();
    await secrets.getByRole('button', { name: 'Hide' }).click();
  }
  await expect(secrets.getByText(/Checked just now: 2 lines/)).toBeVisible();

  // Someone edits the first line in the file: the reveal now says another user.
  const file = join(app.userDataDir, 'audit', 'reveals', 'demo.jsonl');
  const lines = (await readFile(file, 'utf8')).split('\n');
  lines[0] = (lines[0] ?? '').replace(/"user":"[^"]*"/, '"user":"somebody-else"');
  await writeFile(file, lines.join('\n'));
  await openSection(page, 'Transactions');
  await openSection(page, 'Cards');
  ({ secrets } = await openCard(page, card.name));
  const broken = secrets.getByRole('alert', { name: 'The reveal audit was altered' });
  await expect(broken).toContainText("This profile's reveal audit was altered or damaged since it was written:");
  await expect(broken).toContainText(/Line 1 \(the entry of .+\): line 1 was changed after it was written\./);
  await expect(secrets.getByRole('list', { name: 'Latest reveals of this card' })).toContainText(
    '[this line was changed after it was written]',
  );

  await secrets.getByRole('button', { name: 'Reveal number and code' }).click();
  await app.prompts.confirm();
  await expect(secrets.getByRole('list', { name: 'Latest reveals of this card' }).getByRole('listitem')).toHaveCount(3);
  await expect(broken).toContainText('Line 1');
});

test.describe('without a system keychain', () => {
  test.use({ session: { secrets: 'unavailable' } });

  test('the card’s audit says it is only hash-chained, and why', async ({ app }) => {
    const { secrets } = await onACard(app);
    await secrets.getByRole('button', { name: 'Reveal number and code' }).click();
    await app.prompts.confirm();
    await expect(secrets.getByRole('timer')).toBeVisible();
    await expect(
      secrets.getByText(
        /^The system keychain is not available \(.+\), so this audit is only hash-chained: it shows a line edited by hand, but not a file rewritten/,
      ),
    ).toBeVisible();
  });
});

test('Demo: "Try it in the sandbox" sends the purchase to the sandbox authorization route and says how it went', async ({
  app,
}) => {
  const { page } = app;
  const sandbox = await syncedDemo(app);
  const card = [...sandbox.world.cards.values()].find(
    (c) => c.status === 'active' && !c.isSingleUse && uniquelyNamed(sandbox, c.name),
  );
  if (!card) throw new Error('the Demo has no active reusable card');
  await openSection(page, 'Cards');
  const { details } = await openCard(page, card.name);
  await openCardTab(page, 'Controls');
  const form = details.getByRole('form', { name: 'Would this purchase go through?' });

  const events = () => sandbox.world.cardEvents.get(card.id)?.length ?? 0;
  const before = events();
  await form.getByLabel('Merchant', { exact: true }).fill('Corner Cafe');
  await form.getByLabel('Merchant category code').fill('5812');
  await form.getByLabel('Amount (USD)').fill('12.34');
  await form.getByRole('button', { name: 'Check' }).click();
  await form.getByRole('button', { name: 'Try it in the sandbox' }).click();
  await expect(form.getByText(/^The sandbox (approved it|declined it \(.+\)):/)).toBeVisible();
  expect(events()).toBe(before + 1);
  expect(sandbox.world.cardEvents.get(card.id)?.at(-1)).toMatchObject({
    amountCents: 1_234,
    merchantName: 'Corner Cafe',
    merchantCategoryCode: '5812',
    country: 'US',
  });
});

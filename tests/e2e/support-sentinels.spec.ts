import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { test, expect } from './fixtures';
import { PINNED_NOON } from './harness/clock';
import { openCard } from './harness/cards';
import { openSection, saveLiveProfile, syncedDemo } from './harness/flows';
import { dumpDir, keyForms } from './harness/leaks';
import { openJoinForm, workspacePanel } from './harness/team';
import { unzipped } from '../support/unzip';
import { cardFromVault } from '../support/vault';

/**
 * issue 32, Proof: a run of the app with every secret it handles (the Demo's card number and
 * code, revealed; a live profile's API key; a workspace password) and failures along the way
 * (a sync the service refuses, a workspace that is not there, a page that logs a card number)
 * leaves none of them in any log file, nor in the support bundle saved from Settings → Help and
 * read back with Info-ZIP's unzip. The log is bounded small here, so it rotates during the run.
 */
const API_KEY = 'SENTINEL-KEY-77e0c4d2b9';
const WORKSPACE_PASSWORD = 'SENTINEL-PW-5a1f93c0e8';
/** Small enough to rotate several times in this run; enough files that nothing rotates away unscanned. */
const BOUNDS = { maxBytes: 4 * 1024, files: 20, keepDays: 7 };

test.use({ session: { logBounds: BOUNDS } });

let live: Sandbox;
test.beforeAll(async () => {
  live = await startSandbox({ seed: 11, transactions: 40, apiKey: API_KEY, startAt: PINNED_NOON });
});
test.afterAll(async () => {
  await live.close();
});

const grouped = (pan: string) => pan.replace(/(.{4})(?=.)/g, '$1 ');

test('no secret of a whole session reaches the logs or the support bundle, and the logs rotate at their bound', async ({
  app,
}) => {
  test.slow();
  const { page } = app;
  const logDir = join(app.userDataDir, 'logs');

  // The Demo, and a card's number and code shown (main asks first, in its own window).
  const sandbox = await syncedDemo(app);
  const card = [...sandbox.world.cards.values()].find(
    (c) =>
      c.status === 'active' && [...sandbox.world.cards.values()].filter((o) => o.name.includes(c.name)).length === 1,
  );
  if (!card) throw new Error('the Demo has no active card');
  const truth = await cardFromVault(sandbox, card.id);
  await openSection(page, 'Cards');
  const { secrets } = await openCard(page, card.name);
  await secrets.getByRole('button', { name: 'Reveal number and code' }).click();
  await app.prompts.confirm();
  await expect(secrets.getByText(grouped(truth.pan), { exact: true })).toBeVisible();

  // A page gone wrong writes the number it shows into its own log line.
  const written = await page.evaluate(
    (pan) =>
      window.treasury!.support.log({
        lines: [{ level: 'error', source: 'page', event: 'error.seen', message: `copy failed for ${pan}` }],
      }),
    truth.pan,
  );
  expect(written).toEqual({ ok: true, value: { written: 1, dropped: 0 } });

  // A live profile with the sentinel key (saved after main tested it), then a sync that fails.
  await openSection(page, 'Settings');
  await saveLiveProfile(app, { name: 'Sentinel', baseUrl: live.apiUrl, vaultUrl: live.vaultUrl, apiKey: API_KEY });
  await expect(page.getByText('Saved “Sentinel”.')).toBeVisible();
  // Its service drops every connection before the profile is chosen: the sync that starts with it fails.
  await live.setFaults({ dropBeforeRate: 1 });
  await page.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'Sentinel' });
  const logged = async () => (await dumpDir(logDir)).map((f) => f.text).join('\n');
  await expect
    .poll(async () => /\[warn\] \[page\] sync\.run profile=\S+ .*failed: /.test(await logged()), {
      message: 'the failed sync is logged',
      timeout: 30_000,
    })
    .toBe(true);
  await live.resetFaults();

  // A workspace password, typed to join a workspace that is not there.
  const panel = await workspacePanel(page);
  const join_ = await openJoinForm(
    panel,
    { host: '127.0.0.1', port: 9, database: 'ws' },
    { login: 'ws_m_00000000', password: WORKSPACE_PASSWORD },
    'Sam',
  );
  await join_.getByRole('button', { name: 'Join the workspace' }).click();
  await app.prompts.confirm();
  await expect(join_.getByRole('alert')).toBeVisible();

  // Settings → Help: the summary first, then main's own question where it saves (this host has no save dialog).
  const help = page.getByRole('region', { name: 'Help' });
  // This host has no file manager to open: Help says where the folder is. Diagnostics go to main's clipboard.
  await help.getByRole('button', { name: 'Open the log folder' }).click();
  await expect(help.getByRole('status')).toHaveText(`The logs are in ${logDir}.`);
  await help.getByRole('button', { name: 'Copy diagnostics' }).click();
  await expect(help.getByRole('status')).toHaveText('Copied the diagnostics: paste them into your message.');
  const diagnostics = await app.clipboard.readText();
  expect(diagnostics).toMatch(/^Treasury Desktop e2e \(chromium\)\n/);
  expect(diagnostics).toMatch(/\n- Sentinel \(on screen\): /);
  await expect(help.getByLabel('Diagnostics')).toHaveText(diagnostics);
  await help.getByRole('button', { name: 'Save a support bundle…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save a support bundle' });
  await expect(dialog.getByRole('cell', { name: 'profiles.json' })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Never in the bundle' })).toContainText('card numbers and codes');
  await dialog.getByRole('button', { name: 'Save…' }).click();
  await app.prompts.confirm(/^Save “treasury-support-.+\.zip” in /);
  const saved = help.getByRole('status').filter({ hasText: 'Saved the support bundle' });
  await expect(saved).toBeVisible();
  const zipPath = /as (.+\.zip)\.$/.exec((await saved.textContent()) ?? '')?.[1];
  if (!zipPath) throw new Error('the note does not say where the bundle went');
  await app.events.flush();

  // The logs rotated at their bound: several files, each within it but for its last line, none dropped unread.
  const logs = (await dumpDir(logDir)).filter((f) => /treasury(\.\d+)?\.log$/.test(f.path));
  expect(logs.length, 'the log rotated').toBeGreaterThan(1);
  expect(logs.length, 'nothing was rotated away before this scan').toBeLessThan(BOUNDS.files);
  for (const f of logs) {
    const lines = f.text.trimEnd().split('\n');
    const beforeLast = Buffer.byteLength(f.text, 'latin1') - Buffer.byteLength(`${lines.at(-1) ?? ''}\n`, 'latin1');
    expect(beforeLast, `${f.path} was within its bound before its last line`).toBeLessThanOrEqual(BOUNDS.maxBytes);
  }
  const all = logs.map((f) => f.text).join('\n');
  // What the run was: the person's errors and the page's line came through main, naming the profile.
  expect(all).toMatch(/\[error\] \[page\] error\.seen \{"message":"copy failed for \[redacted\]"\}/);
  expect(all).toMatch(/\[info\] \[page\] sync\.run profile=demo \{"message":"\d+ pages, \d+ rows in \d+ ms; done"\}/);
  expect(all).toMatch(/\[info\] \[main\] sync\.pages profile=demo /);
  expect(all).toMatch(/\[warn\] \[main\] call\.failed \{"channel":"workspace:join"/);
  // The alert the join form showed is in the log as the person saw it (the window's alerts are watched, not each screen).
  expect(all).toMatch(
    /\[error\] \[page\] error\.seen (?:profile=\S+ )?\{"message":"[^"]*The workspace at 127\.0\.0\.1:9\/ws cannot be reached/,
  );

  const dir = await unzipped(zipPath);
  try {
    const bundle = await dumpDir(dir);
    expect(bundle.map((f) => f.path.slice(dir.length + 1))).toEqual(
      expect.arrayContaining(['treasury-support/profiles.json', 'treasury-support/logs/treasury.log']),
    );
    const sentinels = [
      ...keyForms(API_KEY),
      ...keyForms(WORKSPACE_PASSWORD),
      ...keyForms(truth.pan),
      grouped(truth.pan),
      `"${truth.cvv}"`,
      `:${truth.cvv},`,
      `:${truth.cvv}}`,
    ];
    const found = [...logs, ...bundle, { path: 'diagnostics', text: diagnostics }].flatMap((f) =>
      sentinels.filter((s) => f.text.includes(s)).map((s) => `${JSON.stringify(s)} in ${f.path}`),
    );
    expect(found, 'sentinels in the logs or the bundle').toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

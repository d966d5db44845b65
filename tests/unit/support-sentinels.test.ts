import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILE_ID } from '../../src/main/core';
import { OUTBOX_STATES } from '../../src/shared/ipc';
import type { OutboxState } from '../../src/shared/outbox';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { startCore, type CoreHarness } from '../support/core-helpers';
import { dumpDir } from '../support/dump-dir';
import { unzipped } from '../support/unzip';

/**
 * issue 32, Proof: a session that handles every kind of secret the app has (an API key, a card's
 * number and code, a workspace password) and fails along the way, then saves a support bundle.
 * None of the secrets may be in any log file or in the bundle, read back with Info-ZIP's unzip.
 * The key is not shaped like a key on purpose: it proves main never hands it to the log, not
 * only that the redaction would catch it.
 */
const API_KEY = 'SENTINEL-KEY-4c8e1f0a9b';
const WORKSPACE_PASSWORD = 'SENTINEL-PW-d93b7a61';
const MEMO = 'SENTINEL-MEMO rent for the flat on Elm Street';

let live: Sandbox;
let h: CoreHarness;
let zipPath: string;
const sentinels: string[] = [API_KEY, WORKSPACE_PASSWORD, MEMO];
let paymentRow: string;

beforeAll(async () => {
  live = await startSandbox({ seed: 3, transactions: 60, apiKey: API_KEY });
  h = await startCore({
    saveDialog: async ({ suggestedName }) => (zipPath = join(h.dir, 'saved', suggestedName)),
  });
  await mkdir(join(h.dir, 'saved'));

  // The Demo: a sync and a card's number and code shown.
  await h.ok('profiles:select', { id: DEMO_PROFILE_ID });
  const synced = await h.ok('sync:transactionPages', {
    profileId: DEMO_PROFILE_ID,
    requestId: 'demo-sync',
    maxPages: 2,
  });
  const sandbox = await h.core.demo.running();
  const world = sandbox?.world;
  const payee = [...(world?.svcHandles.values() ?? [])].find((x) => x.id !== world?.ownSvcHandleId);
  const transactionId = synced.pages[0]?.items[0]?.id;
  if (!payee || !transactionId) throw new Error('the Demo has no payee or no transaction');
  // A payment sent, and a note with a memo's text.
  paymentRow = randomUUID();
  await h.ok('outbox:send', {
    profileId: DEMO_PROFILE_ID,
    rowId: paymentRow,
    kind: 'payment',
    payload: { amountCents: 12_34, svcHandle: payee.svcHandle },
    idempotencyKey: randomUUID(),
  });
  await h.ok('outbox:send', {
    profileId: DEMO_PROFILE_ID,
    rowId: randomUUID(),
    kind: 'note',
    payload: { transactionId, note: MEMO },
    idempotencyKey: randomUUID(),
  });
  const card = [...(sandbox?.world.cards.values() ?? [])].find((c) => c.status === 'active');
  if (!card) throw new Error('the Demo has no active card');
  const shown = await h.ok('cards:reveal', { profileId: DEMO_PROFILE_ID, cardId: card.id, pan: true, cvv: true });
  if (!shown.pan || !shown.cvv) throw new Error('the reveal showed no number');
  sentinels.push(shown.pan, `cvv":"${shown.cvv}`, `cvv=${shown.cvv}`);

  // A live profile with the sentinel key: saved, synced, then its service goes away mid-session.
  const view = await h.ok('profiles:create', {
    name: 'Sentinel',
    baseUrl: live.apiUrl,
    vaultUrl: live.vaultUrl,
    apiKey: API_KEY,
  });
  await h.ok('profiles:select', { id: view.id });
  await h.ok('sync:transactionPages', { profileId: view.id, requestId: 'live-sync', maxPages: 1 });
  await live.setFaults({ offline: true });
  const failed = await h.invoke('sync:transactionPages', { profileId: view.id, requestId: 'live-fail', maxPages: 1 });
  expect(failed.ok, 'the sync failed').toBe(false);
  await live.resetFaults();

  // A workspace password, typed to join a workspace that is not there.
  const joined = await h.invoke('workspace:join', {
    host: '127.0.0.1',
    port: 9,
    database: 'ws',
    user: 'ws_m_00000000',
    password: WORKSPACE_PASSWORD,
    name: 'Me',
  });
  expect(joined.ok, 'the join failed').toBe(false);

  // A page that writes the card number it showed into its own log line.
  await h.ok('support:log', {
    lines: [{ level: 'error', source: 'page', event: 'error.seen', message: `Could not copy ${shown.pan}` }],
  });

  const saved = await h.ok('support:saveBundle', {
    outbox: [{ profileId: DEMO_PROFILE_ID, counts: { draft: 2, sent: 5 } }],
  });
  expect(saved.path).toBe(zipPath);
}, 120_000);

afterAll(async () => {
  await h?.close();
  await live?.close();
});

describe('a session with every kind of secret, then a support bundle', () => {
  it('logged the session: start, syncs with their figures, the failure, the errors seen', async () => {
    const log = await readFile(join(h.dir, 'logs', 'treasury.log'), 'utf8');
    expect(log).toMatch(/\[info\] \[main\] app\.start /);
    expect(log).toContain(
      `[info] [main] send.attempt profile=demo {"rowId":"${paymentRow}","kind":"payment","origin":"solo","answer":"ok","ms":`,
    );
    expect(log).toMatch(
      /\[info\] \[main\] send\.attempt profile=demo \{"rowId":"[^"]+","kind":"note","origin":"solo","answer":"ok"/,
    );
    expect(log).toMatch(/\[info\] \[main\] sync\.pages profile=demo \{"at":"[^"]+","pages":2,"rows":\d+/);
    expect(log).toMatch(/\[warn\] \[main\] sync\.pages profile=\S+ \{.*"pages":0,"rows":0/);
    expect(log).toMatch(/\[warn\] \[main\] call\.failed \{"channel":"workspace:join"/);
    expect(log).toMatch(/\[error\] \[page\] error\.seen \{"message":"Could not copy \[redacted\]"\}/);
  });

  it('leaves no sentinel in any file of the data folder, the logs among them', async () => {
    const files = await dumpDir(join(h.dir, 'logs'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) for (const s of sentinels) expect(f.text.includes(s), `${s} in ${f.path}`).toBe(false);
  });

  it('saves a zip that unzip reads, holding the facts and the logs and no sentinel', async () => {
    const dir = await unzipped(zipPath);
    try {
      const files = await dumpDir(dir);
      const names = files.map((f) => f.path.slice(dir.length + 1)).sort();
      expect(names).toEqual(
        [
          'README.txt',
          'about.json',
          'logs/treasury.log',
          'outbox.json',
          'profiles.json',
          'sync.json',
          'workspaces.json',
        ].map((n) => `treasury-support/${n}`),
      );
      for (const f of files) for (const s of sentinels) expect(f.text.includes(s), `${s} in ${f.path}`).toBe(false);
      const read = (n: string) => JSON.parse(files.find((f) => f.path.endsWith(n))?.text ?? 'null') as unknown;
      expect(read('profiles.json')).toMatchObject({
        profiles: [
          { id: DEMO_PROFILE_ID, name: 'Demo', kind: 'demo', active: false },
          { name: 'Sentinel', kind: 'live', apiAddress: live.apiUrl, vaultAddress: live.vaultUrl, active: true },
        ],
      });
      expect(read('outbox.json')).toEqual([{ profileId: DEMO_PROFILE_ID, counts: { draft: 2, sent: 5 } }]);
      const sync = read('sync.json') as Record<string, { last: { pages: number }; lastFailed?: { error: string } }>;
      expect(sync[DEMO_PROFILE_ID]?.last.pages).toBe(2);
      const liveSync = Object.entries(sync).find(([id]) => id !== DEMO_PROFILE_ID)?.[1];
      expect(liveSync?.lastFailed?.error).toMatch(/network/);
      expect(read('about.json')).toMatchObject({ version: '0.0.0-test', node: process.versions.node });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('copies diagnostics as text with the versions and each profile’s state', async () => {
    const { text } = await h.ok('support:copyDiagnostics');
    expect(text).toContain('Treasury Desktop 0.0.0-test');
    expect(text).toMatch(/- Sentinel \(on screen\): /);
    expect(text).toContain(join(h.dir, 'logs'));
    expect(await h.core.clipboard.readText()).toBe(text);
    for (const s of sentinels) expect(text).not.toContain(s);
  });
});

describe("the bundle's outbox census", () => {
  it('names every state of the outbox, and only those', () => {
    // Both directions, checked by the compiler: a state added to the outbox must be added to the census.
    const missing: Exclude<OutboxState, (typeof OUTBOX_STATES)[number]> extends never ? true : never = true;
    const extra: Exclude<(typeof OUTBOX_STATES)[number], OutboxState> extends never ? true : never = true;
    expect([missing, extra]).toEqual([true, true]);
    expect(new Set(OUTBOX_STATES).size).toBe(OUTBOX_STATES.length);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MainCoreOptions } from '../../src/main/core';
import { SENDING } from '../../src/main/money/money-gate';
import { pageWorkOf } from '../../src/main/updates/page-work';
import { payeeOf, paymentsOf, startClient, type Client } from '../support/sandbox-harness';
import { startCore, type CoreHarness } from '../support/core-helpers';
import { feedKeys, startFeedServer, type FeedServer, type Release } from '../support/update-feed';

// "Restart to update" through main's core, with a payment in flight to the sandbox over HTTP:
// the restart waits, says for what, and installs once the payment's answer is recorded.

const NOW = Date.parse('2026-11-29T08:00:00.000Z');
const keys = feedKeys();
let svc: Client;
let feed: FeedServer;
const held: (() => void)[] = [];

beforeAll(async () => {
  svc = await startClient({
    seed: 53,
    now: () => NOW,
    latencyHold: () => new Promise<void>((release) => held.push(release)),
  });
  feed = await startFeedServer();
});
afterAll(async () => {
  await feed?.close();
  await svc?.close();
});

const paid = (amountCents: number) => paymentsOf(svc, amountCents);

/** main's core at version 1.9.0, reading a feed (signed by the test's key) that offers `release`. */
async function coreOffering(
  release: Omit<Release, 'bytes'>,
  updates: NonNullable<MainCoreOptions['updates']>,
): Promise<{ h: CoreHarness; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'treasury-restart-'));
  feed.publish({ ...release, bytes: new Uint8Array(randomBytes(4096)) }, keys);
  await writeFile(join(dir, 'update-feed.json'), JSON.stringify({ url: feed.url }));
  const h = await startCore({
    userDataDir: dir,
    version: '1.9.0',
    now: () => NOW,
    updates: { publicKey: keys.publicKeyPem, ...updates },
  });
  return {
    h,
    close: async () => {
      await h.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe('Restart to update', () => {
  it('waits while a row is being sent, says so, and installs once its answer is recorded', async () => {
    const installs: { version: string; paidAtInstall: number }[] = [];
    const amount = 93_07;
    const { h, close } = await coreOffering(
      { version: '2.0.0', fileName: 'Treasury-2.0.0.AppImage', releaseNotes: 'Approvals that hold.' },
      { installer: { install: async (u) => void installs.push({ version: u.version, paidAtInstall: paid(amount) }) } },
    );
    try {
      expect((await h.ok('updates:check')).status).toMatchObject({ kind: 'downloaded', version: '2.0.0' });
      const profile = await h.ok('profiles:create', {
        name: 'Acme',
        baseUrl: svc.sandbox.apiUrl,
        vaultUrl: svc.sandbox.vaultUrl,
        apiKey: svc.sandbox.apiKey,
      });
      // From here the sandbox holds every request until the test lets it go.
      svc.sandbox.faults.set({ latencyMs: 1 });
      const sending = h.invoke('outbox:send', {
        profileId: profile.id,
        rowId: randomUUID(),
        kind: 'payment',
        payload: { amountCents: amount, svcHandle: payeeOf(svc) },
        idempotencyKey: randomUUID(),
      });
      await vi.waitFor(() => expect(h.core.busy.current()).toContain(SENDING));
      await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));

      const asked = await h.ok('updates:restart');
      expect(asked.status).toEqual({
        kind: 'waiting',
        version: '2.0.0',
        notes: 'Approvals that hold.',
        wayBack: false,
        waitingFor: [SENDING],
      });
      expect((await h.ok('updates:state')).status.kind).toBe('waiting');
      expect(installs).toEqual([]);
      const told = h.events
        .filter((e) => e.event === 'updates:changed')
        .map((e) => (e.payload as { status: { kind: string } }).status.kind);
      expect(told.at(-1)).toBe('waiting');

      svc.sandbox.faults.set({ latencyMs: 0 });
      for (const release of held.splice(0)) release();
      expect((await sending).ok).toBe(true);
      await vi.waitFor(() => expect(installs).toHaveLength(1));
      // The payment had been answered and recorded before the install began.
      expect(installs).toEqual([{ version: '2.0.0', paidAtInstall: 1 }]);
      expect((await h.ok('updates:state')).status).toEqual({ kind: 'restarting', version: '2.0.0' });
    } finally {
      svc.sandbox.faults.set({ latencyMs: 0 });
      for (const release of held.splice(0)) release();
      await close();
    }
  });

  it('with nothing under way, installs at once', async () => {
    const installs: string[] = [];
    const { h, close } = await coreOffering(
      { version: '2.0.1', fileName: 'Treasury-2.0.1.AppImage' },
      { installer: { install: async (u) => void installs.push(u.version) } },
    );
    try {
      await h.ok('updates:check');
      expect((await h.ok('updates:restart')).status).toEqual({ kind: 'restarting', version: '2.0.1' });
      expect(installs).toEqual(['2.0.1']);
    } finally {
      await close();
    }
  });

  it('where the app cannot install (the Chromium window), reads no feed and says updates come from the installer', async () => {
    const h = await startCore({ version: '1.9.0' });
    try {
      expect(await h.ok('updates:check')).toEqual({
        version: '1.9.0',
        mode: 'installer',
        feed: null,
        lastChecked: null,
        status: { kind: 'none' },
      });
      expect((await h.ok('updates:restart')).status).toEqual({ kind: 'none' });
    } finally {
      await h.close();
    }
  });
});

describe('what the windows are writing', () => {
  it('reads the locks a sync and the outbox’s sender hold, and nothing else a page could name', () => {
    expect(
      pageWorkOf([
        'sync:p1',
        'sync:p2',
        'outbox-sender:p1',
        'outbox-notices',
        'compact-chunks:p1',
        42,
        { name: 'sync:x' },
      ]),
    ).toEqual(['a sync writing its pages (2)', 'the outbox sending its rows']);
    expect(pageWorkOf([])).toEqual([]);
  });

  it('a restart waits for a window’s sync, looking again until it ends', async () => {
    let locks: string[] = ['sync:acme'];
    let look: (() => void) | null = null;
    const installs: string[] = [];
    const { h, close } = await coreOffering(
      { version: '2.0.2', fileName: 'Treasury-2.0.2.AppImage' },
      {
        installer: { install: async (u) => void installs.push(u.version) },
        pageLocks: async () => locks,
        scheduler: {
          every: (_ms, tick) => {
            look = tick;
            return () => (look = null);
          },
        },
      },
    );
    try {
      expect((await h.ok('updates:check')).status.kind).toBe('downloaded');
      expect((await h.ok('updates:restart')).status).toMatchObject({
        kind: 'waiting',
        waitingFor: ['a sync writing its pages'],
      });
      look!();
      await vi.waitFor(async () => expect((await h.ok('updates:state')).status.kind).toBe('waiting'));
      expect(installs).toEqual([]);
      locks = [];
      look!();
      await vi.waitFor(() => expect(installs).toEqual(['2.0.2']));
      // Looking stops once the restart has begun.
      expect(look).toBeNull();
    } finally {
      await close();
    }
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SENDING } from '../../src/main/money/money-gate';
import type { VerifiedUpdate } from '../../src/main/updates/updates';
import { payeeOf, paymentsOf, startClient, type Client } from '../support/sandbox-harness';
import { startCore } from '../support/core-helpers';
import { feedKeys, startFeedServer, type FeedServer } from '../support/update-feed';

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

const payee = () => payeeOf(svc);
const paid = (amountCents: number) => paymentsOf(svc, amountCents);

describe('Restart to update', () => {
  it('waits while a row is being sent, says so, and installs once its answer is recorded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'treasury-restart-'));
    feed.publish(
      {
        version: '2.0.0',
        fileName: 'Treasury-2.0.0.AppImage',
        bytes: new Uint8Array(randomBytes(4096)),
        releaseNotes: 'Approvals that hold.',
      },
      keys,
    );
    await writeFile(join(dir, 'update-feed.json'), JSON.stringify({ url: feed.url }));
    const installs: { version: string; paidAtInstall: number }[] = [];
    const amount = 93_07;
    const h = await startCore({
      userDataDir: dir,
      version: '1.9.0',
      now: () => NOW,
      updates: {
        publicKey: keys.publicKeyPem,
        installer: {
          install: async (u: VerifiedUpdate) => void installs.push({ version: u.version, paidAtInstall: paid(amount) }),
        },
      },
    });
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
        payload: { amountCents: amount, svcHandle: payee() },
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
      await h.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with nothing under way, installs at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'treasury-restart-'));
    feed.publish(
      { version: '2.0.1', fileName: 'Treasury-2.0.1.AppImage', bytes: new Uint8Array(randomBytes(512)) },
      keys,
    );
    await writeFile(join(dir, 'update-feed.json'), JSON.stringify({ url: feed.url }));
    const installs: string[] = [];
    const h = await startCore({
      userDataDir: dir,
      version: '1.9.0',
      now: () => NOW,
      updates: { publicKey: keys.publicKeyPem, installer: { install: async (u) => void installs.push(u.version) } },
    });
    try {
      await h.ok('updates:check');
      expect((await h.ok('updates:restart')).status).toEqual({ kind: 'restarting', version: '2.0.1' });
      expect(installs).toEqual(['2.0.1']);
    } finally {
      await h.close();
      await rm(dir, { recursive: true, force: true });
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

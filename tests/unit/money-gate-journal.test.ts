import { createHash, randomUUID } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendJournal } from '../../src/main/money/send-journal';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import { serviceOf } from '../../src/shared/service-address';
import { payeeOf, paymentsOf, startClient, type Client } from '../support/sandbox-harness';
import { startCaptureServer } from '../support/capture-server';
import { startCore, type CoreHarness } from '../support/core-helpers';

// main's send journal outlives the profile that sent: what a page (or a person it tricked) can do
// with profiles, and what a journal line must be to be read back, read on the sandbox's ledger.

const NOW = Date.parse('2025-06-15T12:40:00.000Z');
let svc: Client;

beforeAll(async () => {
  svc = await startClient({ seed: 47, now: () => NOW });
});
afterAll(() => svc?.close());

const payee = () => payeeOf(svc);
const paid = (amountCents: number) => paymentsOf(svc, amountCents);
const addProfile = (h: CoreHarness, name: string) =>
  h.ok('profiles:create', {
    name,
    baseUrl: svc.sandbox.apiUrl,
    vaultUrl: svc.sandbox.vaultUrl,
    apiKey: svc.sandbox.apiKey,
  });

describe('a profile deleted and added again', () => {
  it('finds the payments main sent for the one before: a rewound row is not paid again', async () => {
    const h = await startCore({ now: () => NOW });
    try {
      const row = {
        rowId: randomUUID(),
        kind: 'payment' as const,
        payload: { amountCents: 81_01, svcHandle: payee() },
        idempotencyKey: randomUUID(),
      };
      const first = await addProfile(h, 'Acme');
      expect((await h.invoke('outbox:send', { profileId: first.id, ...row })).ok).toBe(true);
      // The page deletes the profile (no question asks), the person adds it again with the same key.
      await h.ok('profiles:delete', { id: first.id });
      const again = await addProfile(h, 'Acme again');
      expect(again.id).not.toBe(first.id);
      // The new profile's outbox, rewound, holds the paid row as approved and sends it.
      const r = await h.invoke('outbox:send', { profileId: again.id, ...row });
      expect(r.ok ? null : r.error).toMatchObject({ code: 'money-refused', money: { reason: 'sent-before' } });
      expect(paid(81_01)).toBe(1);
    } finally {
      await h.close();
    }
  });

  it('a journal kept per profile before, even of a profile since deleted, moves to its service', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'treasury-journal-'));
    try {
      const key = randomUUID();
      const service = serviceOf({ kind: 'live', baseUrl: svc.sandbox.apiUrl });
      const old = `${createHash('sha256').update('a-deleted-profile').digest('hex').slice(0, 32)}.jsonl`;
      await mkdir(join(dir, 'send-journal'), { recursive: true });
      await writeFile(
        join(dir, 'send-journal', old),
        [
          {
            v: 1,
            t: 'send',
            key,
            rowId: randomUUID(),
            kind: 'payment',
            hash: 'a'.repeat(64),
            service,
            origin: 'solo',
            at: NOW - 60_000,
          },
          { v: 1, t: 'answer', key, answer: 'ok', status: 200, at: NOW - 59_000 },
        ]
          .map((l) => `${JSON.stringify(l)}\n`)
          .join(''),
      );
      const h = await startCore({ now: () => NOW, userDataDir: dir });
      try {
        const profile = await addProfile(h, 'Acme');
        const r = await h.invoke('outbox:send', {
          profileId: profile.id,
          rowId: randomUUID(),
          kind: 'payment',
          payload: { amountCents: 81_02, svcHandle: payee() },
          idempotencyKey: key,
        });
        expect(r.ok ? null : r.error).toMatchObject({ code: 'money-refused' });
        expect(paid(81_02)).toBe(0);
      } finally {
        await h.core.dispose();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a send whose journal line could not be read back', () => {
  it('is refused before it leaves, rather than journaled in a line a restart would skip', async () => {
    const server = await startCaptureServer();
    const h = await startCore({ now: () => NOW, secrets: new MemorySecretStore() });
    try {
      // Under the 2048 characters a profile's address may have, but each é is six once the URL encodes it.
      const profile = await h.ok('profiles:create', {
        name: 'Long',
        baseUrl: `${server.url}/${'é'.repeat(400)}`,
        vaultUrl: server.url,
        apiKey: 'test-api-key-0001',
      });
      const r = await h.invoke('outbox:send', {
        profileId: profile.id,
        rowId: randomUUID(),
        kind: 'payment',
        payload: { amountCents: 81_03, svcHandle: payee() },
        idempotencyKey: randomUUID(),
      });
      expect(r.ok ? null : r.error).toMatchObject({ code: 'money-refused', money: { reason: 'not-journaled' } });
      expect(server.seen.filter((req) => req.method === 'POST')).toEqual([]);
    } finally {
      await h.close();
      await server.close();
    }
  });

  it('a torn last line (the app stopped mid-write) does not swallow the next one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'treasury-journal-'));
    try {
      const path = join(dir, 'j.jsonl');
      const line = (key: string) => ({
        key,
        rowId: 'r',
        kind: 'payment' as const,
        hash: 'a'.repeat(64),
        service: 'https://s',
        origin: 'solo' as const,
        at: NOW,
      });
      const j = await SendJournal.open(path);
      await j.sending(line('k1'));
      await j.close();
      await appendFile(path, '{"v":1,"t":"send","key":"k2","rowId":');
      const again = await SendJournal.open(path);
      await again.sending(line('k3'));
      await again.close();
      const third = await SendJournal.open(path);
      expect(third.all().map((r) => r.key)).toEqual(['k1', 'k3']);
      await third.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILE_ID } from '../../src/main/core';
import type { Sandbox } from '../../src/sandbox';
import { endpoints, type EndpointName } from '../../src/shared/service';
import { startCaptureServer, type CaptureServer } from '../support/capture-server';
import { startCore, type CoreHarness } from '../support/core-helpers';
import { json, startStub } from '../support/service-client-helpers';
import { cardFromVault as fromVault } from '../support/vault';

// docs/features/card-numbers.md, "The reveal": only the reveal channel reaches {vault_url} with include_pan /
// include_cvv, every reveal is audited (never the number), and no error carries the number.

let h: CoreHarness;
afterEach(async () => {
  await h?.close();
});

const AUDIT_FILE = (dir: string, profileId: string) => join(dir, 'audit', 'reveals', `${profileId}.jsonl`);

async function demo(): Promise<{ sandbox: Sandbox; cardId: string }> {
  // The first call starts the Demo's sandbox.
  await h.ok('profiles:select', { id: DEMO_PROFILE_ID });
  await h.ok('service:call', { profileId: DEMO_PROFILE_ID, requestId: 'warm', endpoint: 'listLegalEntities' });
  const sandbox = await h.core.demo.running();
  if (!sandbox) throw new Error('the Demo sandbox did not start');
  const card = [...sandbox.world.cards.values()].find((c) => c.status === 'active');
  if (!card) throw new Error('the Demo has no active card');
  return { sandbox, cardId: card.id };
}

describe('cards:reveal against the sandbox over HTTP', () => {
  it('answers the number and code from the vault, and audits who, when and which card without them', async () => {
    h = await startCore({
      identity: () => ({ user: 'ada', machine: 'box' }),
      now: () => Date.parse('2026-03-01T10:00:00Z'),
    });
    const { sandbox, cardId } = await demo();
    const truth = await fromVault(sandbox, cardId);
    const before = sandbox.requests.page({ limit: 1 }).lastSeq;

    const shown = await h.ok('cards:reveal', { profileId: DEMO_PROFILE_ID, cardId, pan: true, cvv: true });
    expect(shown).toEqual({ last4: truth.last4, pan: truth.pan, cvv: truth.cvv, hideAfterMs: 30_000 });

    // It went to the vault, once (the connectivity monitor's probes go to the API host meanwhile).
    const sent = sandbox.requests
      .all({ after: before })
      .filter((r) => r.host === 'vault' || r.path.startsWith('/card'));
    expect(sent.map((r) => `${r.host} ${r.method} ${r.path}`)).toEqual([`vault GET /card/${cardId}`]);

    // Only what was asked for.
    const codeOnly = await h.ok('cards:reveal', { profileId: DEMO_PROFILE_ID, cardId, pan: false, cvv: true });
    expect(codeOnly).toEqual({ last4: truth.last4, cvv: truth.cvv, hideAfterMs: 30_000 });

    const audit = await h.ok('audit:reveals', { profileId: DEMO_PROFILE_ID, cardId });
    expect(audit.entries).toEqual([
      {
        at: '2026-03-01T10:00:00.000Z',
        user: 'ada',
        profileId: DEMO_PROFILE_ID,
        profileName: 'Demo',
        cardId,
        last4: truth.last4,
        pan: false,
        cvv: true,
        outcome: 'revealed',
      },
      {
        at: '2026-03-01T10:00:00.000Z',
        user: 'ada',
        profileId: DEMO_PROFILE_ID,
        profileName: 'Demo',
        cardId,
        last4: truth.last4,
        pan: true,
        cvv: true,
        outcome: 'revealed',
      },
    ]);
    expect(audit.integrity).toMatchObject({ seal: 'keychain', lines: 2, breaks: [] });
    expect((await h.ok('audit:reveals', { profileId: DEMO_PROFILE_ID, cardId: 'card_other' })).entries).toEqual([]);

    const file = await readFile(AUDIT_FILE(h.dir, DEMO_PROFILE_ID), 'utf8');
    expect(file.trim().split('\n')).toHaveLength(2);
    expect(file).toContain(cardId);
    expect(file).not.toContain(truth.pan);
    expect(file).not.toContain(`"${truth.cvv}"`);
  });

  it('refuses to reveal nothing, and audits a failed reveal with an error that names no number', async () => {
    h = await startCore();
    const { sandbox } = await demo();
    const none = await h.invoke('cards:reveal', { profileId: DEMO_PROFILE_ID, cardId: 'x', pan: false, cvv: false });
    expect(none).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });

    const missing = await h.invoke('cards:reveal', {
      profileId: DEMO_PROFILE_ID,
      cardId: 'card_nope',
      pan: true,
      cvv: true,
    });
    expect(missing).toMatchObject({ ok: false, error: { code: 'service', service: { kind: 'http', status: 404 } } });
    const [entry] = (await h.ok('audit:reveals', { profileId: DEMO_PROFILE_ID })).entries;
    expect(entry).toMatchObject({ cardId: 'card_nope', outcome: 'failed', pan: true, cvv: true, last4: '' });
    expect(entry?.reason).toMatch(/\S/);

    await sandbox.setFaults({ offline: true });
    const offline = await h.invoke('cards:reveal', {
      profileId: DEMO_PROFILE_ID,
      cardId: 'card_nope',
      pan: true,
      cvv: false,
    });
    expect(offline).toMatchObject({ ok: false, error: { code: 'service', service: { kind: 'network' } } });
    await sandbox.resetFaults();
  });

  it('shows nothing when the reveal cannot be written to the audit log', async () => {
    h = await startCore();
    const { sandbox, cardId } = await demo();
    // A file where the audit folder should be: every append fails.
    await writeFile(join(h.dir, 'audit'), 'not a folder');
    const truth = await fromVault(sandbox, cardId);
    const r = await h.invoke('cards:reveal', { profileId: DEMO_PROFILE_ID, cardId, pan: true, cvv: true });
    expect(r).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringContaining('audit log') } });
    expect(JSON.stringify(r)).not.toContain(truth.pan);
  });

  it('names the profile that is gone', async () => {
    h = await startCore();
    const r = await h.invoke('cards:reveal', { profileId: 'no-such-profile', cardId: 'card_1', pan: true, cvv: false });
    expect(r).toMatchObject({ ok: false, error: { code: 'profile-mismatch' } });
  });

  it('keeps a number the vault puts in an error out of the error and the audit', async () => {
    const PAN = '4000123412341234';
    const vault = await startStub((req, res) => {
      req.resume();
      req.on('end', () =>
        json(res, 500, {
          message: `card ${PAN} exploded (4000 1234 1234 1234)`,
          name: 'InternalServerError',
          identifier: 'boom',
          rawStatus: 500,
        }),
      );
    });
    const api = await startCaptureServer();
    try {
      h = await startCore();
      const { id } = await h.ok('profiles:create', {
        name: 'Leaky vault',
        baseUrl: api.url,
        vaultUrl: vault.url,
        apiKey: 'leaky-key-0123456789',
      });
      const r = await h.invoke('cards:reveal', { profileId: id, cardId: 'card_1', pan: true, cvv: true });
      expect(r.ok).toBe(false);
      expect(JSON.stringify(r)).not.toMatch(/4000.?1234.?1234.?1234/);
      const audit = await readFile(AUDIT_FILE(h.dir, id), 'utf8');
      expect(audit).toContain('"outcome":"failed"');
      expect(audit).not.toMatch(/4000.?1234.?1234.?1234/);
    } finally {
      await vault.close();
      await api.close();
    }
  });
});

describe('the generic service call cannot reveal', () => {
  let api: CaptureServer;
  let vault: CaptureServer;
  const SECRETS = { pan: '4111111111119876', cvv: '987' };
  const CARD = {
    id: 'card_1',
    accountId: 'acc_1',
    last4: '9876',
    name: 'Ops',
    expiryMonth: '01',
    expiryYear: '2030',
    status: 'active',
    isPhysical: false,
  };
  beforeAll(async () => {
    // Both hosts answer with the secrets, as a careless server or proxy might.
    api = await startCaptureServer(() => ({ ...CARD, ...SECRETS }));
    vault = await startCaptureServer(() => ({ ...CARD, ...SECRETS }));
  });
  afterAll(async () => {
    await api.close();
    await vault.close();
  });

  it('never sends a reveal flag, never reaches the vault, and strips what the service sends anyway', async () => {
    h = await startCore();
    const { id } = await h.ok('profiles:create', {
      name: 'Capture',
      baseUrl: api.url,
      vaultUrl: vault.url,
      apiKey: 'capture-key-0123456789',
    });
    const vaultBefore = vault.seen.length;
    const apiBefore = api.seen.length;

    // Every endpoint, with either flag: refused before anything is sent.
    for (const endpoint of Object.keys(endpoints) as EndpointName[]) {
      for (const query of [
        { include_pan: 'true' },
        { include_cvv: 'true' },
        { include_pan: 'false', include_cvv: 'true' },
      ]) {
        const r = await h.invoke('service:call', {
          profileId: id,
          requestId: 'r1',
          endpoint,
          params: { cardId: 'card_1' },
          query,
        } as never);
        expect(r, `${endpoint} ${JSON.stringify(query)}`).toMatchObject({
          ok: false,
          error: { code: 'invalid-argument' },
        });
      }
    }
    expect(api.seen.length).toBe(apiBefore);

    // A plain read goes to the API host, and the secrets its answer carries are dropped.
    const plain = await h.ok('service:call', {
      profileId: id,
      requestId: 'r2',
      endpoint: 'getCard',
      params: { cardId: 'card_1' },
    });
    expect(JSON.stringify(plain)).not.toContain(SECRETS.pan);
    expect(JSON.stringify(plain)).not.toMatch(/"(pan|cvv)"/);
    expect(api.seen.length).toBe(apiBefore + 1);
    expect(api.seen.at(-1)?.url).toBe('/card/card_1');
    expect(vault.seen.length).toBe(vaultBefore);

    // The reveal channel is the one way there, with the flags.
    const shown = await h.ok('cards:reveal', { profileId: id, cardId: 'card_1', pan: true, cvv: true });
    expect(shown).toMatchObject(SECRETS);
    expect(vault.seen.map((r) => r.url).slice(vaultBefore)).toEqual(['/card/card_1?include_pan=true&include_cvv=true']);
  });
});

describe('demo:authorize', () => {
  it('makes a purchase through the sandbox authorization route, for the Demo only', async () => {
    h = await startCore();
    const { sandbox, cardId } = await demo();
    const r = await h.ok('demo:authorize', {
      profileId: DEMO_PROFILE_ID,
      cardId,
      amountCents: 1_234,
      merchantName: 'Corner Cafe',
    });
    expect(typeof r.approved).toBe('boolean');
    expect(sandbox.world.cardEvents.get(cardId)?.at(-1)).toMatchObject({
      transactionId: r.transactionId,
      amountCents: 1_234,
      approved: r.approved,
    });
    const tx = await h.ok('service:call', {
      profileId: DEMO_PROFILE_ID,
      requestId: 'tx',
      endpoint: 'getTransaction',
      params: { transactionId: r.transactionId },
    });
    expect(tx).toMatchObject({ id: r.transactionId, amountCents: -1_234, cardId });

    const huge = await h.ok('demo:authorize', { profileId: DEMO_PROFILE_ID, cardId, amountCents: 900_000_000 });
    expect(huge).toMatchObject({ approved: false });
    expect(huge.declineReason).toMatch(/\S/);

    const unknown = await h.invoke('demo:authorize', {
      profileId: DEMO_PROFILE_ID,
      cardId: 'card_nope',
      amountCents: 100,
    });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not-found' } });

    const capture = await startCaptureServer();
    try {
      const { id } = await h.ok('profiles:create', {
        name: 'Real',
        baseUrl: capture.url,
        vaultUrl: capture.url,
        apiKey: 'real-key-0123456789',
      });
      const refused = await h.invoke('demo:authorize', { profileId: id, cardId, amountCents: 100 });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'invalid-argument', message: expect.stringContaining('Demo') },
      });
      expect(capture.seen).toHaveLength(0);
    } finally {
      await capture.close();
    }
  });
});

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMainCore, DEMO_PROFILE_ID, type MainCore } from '../../src/main/core';
import { dispatch } from '../../src/main/ipc/dispatch';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import type { Sandbox } from '../../src/sandbox';
import type { LoggedRequest } from '../../src/sandbox/http/request-log';
import type { Result, ResultOf } from '../../src/shared/ipc';
import { FakePrompt } from '../support/fake-prompt';
import { startCore, type CoreHarness } from '../support/core-helpers';

// Issue 23, finding 1: every Demo card's number and code came out through `cards:reveal` in
// 175 ms, with no limit and no confirmation main owns. Now main asks in its own prompt before
// each reveal, bounds reveals per profile and window (every attempt counts), and refuses beyond
// it without asking or calling the vault, saying when to try again.

let h: CoreHarness;
afterEach(async () => {
  await h?.close();
});

const T0 = Date.parse('2026-03-01T10:00:00Z');

/** The Demo running, its cards listed once through main (as the Cards screen does). */
async function demo(): Promise<{ sandbox: Sandbox; cardId: string; name: string; last4: string }> {
  await h.ok('profiles:select', { id: DEMO_PROFILE_ID });
  await h.ok('service:call', {
    profileId: DEMO_PROFILE_ID,
    requestId: 'cards',
    endpoint: 'listCards',
    query: { limit: '100' },
  });
  const sandbox = await h.core.demo.running();
  if (!sandbox) throw new Error('the Demo sandbox did not start');
  const card = [...sandbox.world.cards.values()].find((c) => c.status === 'active');
  if (!card) throw new Error('the Demo has no active card');
  return { sandbox, cardId: card.id, name: card.name, last4: card.last4 };
}

/** What reached the sandbox after `after`, as its own request log says over HTTP: card reads and anything at the vault. */
async function cardRequests(sandbox: Sandbox, after: number): Promise<LoggedRequest[]> {
  const r = await fetch(`${sandbox.apiUrl}/__sandbox/requests?after=${after}&limit=10000`, {
    headers: { 'x-api-key': sandbox.apiKey },
  });
  expect(r.status).toBe(200);
  const page = (await r.json()) as { items: LoggedRequest[] };
  return page.items.filter((q) => q.host === 'vault' || q.path.startsWith('/card'));
}

const reveal = (cardId: string, profileId = DEMO_PROFILE_ID) =>
  h.invoke('cards:reveal', { profileId, cardId, pan: true, cvv: true });

describe('a reveal asks first, in main’s own prompt', () => {
  it('names the card as the service named it, what shows, the profile and who; a no reveals nothing and sends nothing', async () => {
    let now = T0;
    h = await startCore({
      now: () => now,
      identity: () => ({ user: 'ada', machine: 'box' }),
      prompt: new FakePrompt('decline'),
    });
    const { sandbox, cardId, name, last4 } = await demo();
    const before = sandbox.requests.lastSeq;

    const r = await reveal(cardId);
    expect(r).toEqual({
      ok: false,
      error: { code: 'declined', message: 'The card was not revealed: you chose not to in the confirmation.' },
    });
    const [q] = h.prompt.asked;
    expect(q).toMatchObject({
      kind: 'reveal',
      title: 'Reveal a card number',
      message: `Show the number and security code of “${name}” •••• ${last4}?`,
      confirm: 'Reveal',
      cancel: 'Do not reveal',
    });
    expect(q?.detail).toEqual([
      `Card: ${name} •••• ${last4} (id ${cardId})`,
      'Shows: the number and security code, for 30 seconds',
      'Profile: Demo (the Demo, on this computer)',
      "The reveal is written to this profile's audit as asked by ada.",
    ]);
    // The sandbox's own log, over HTTP: no vault request, no card request at all.
    expect(await cardRequests(sandbox, before)).toEqual([]);
    const audit = await h.ok('audit:reveals', { profileId: DEMO_PROFILE_ID, cardId });
    expect(audit.entries).toEqual([
      {
        at: new Date(T0).toISOString(),
        user: 'ada',
        profileId: DEMO_PROFILE_ID,
        profileName: 'Demo',
        cardId,
        last4,
        pan: true,
        cvv: true,
        outcome: 'declined',
        reason: 'you chose not to in the confirmation',
      },
    ]);

    // A card main has not read from the service is named by its id, and said to be so.
    await reveal('card_never_listed');
    expect(h.prompt.asked[1]?.detail[0]).toBe(
      'Card: card_never_listed (its name has not been read from the service since the app started: check the id)',
    );

    // Confirmed: the vault answers, once.
    h.prompt.answer = 'confirm';
    now += 1_000;
    const shown = await h.ok('cards:reveal', { profileId: DEMO_PROFILE_ID, cardId, pan: false, cvv: true });
    expect(shown.cvv).toMatch(/^\d{3,4}$/);
    expect((await cardRequests(sandbox, before)).map((q2) => `${q2.host} ${q2.method} ${q2.path}`)).toEqual([
      `vault GET /card/${cardId}`,
    ]);
    expect(h.prompt.asked[2]?.message).toBe(`Show the security code of “${name}” •••• ${last4}?`);
  });

  it('asks one question at a time: calls made together are refused but the first, which waits for its answer', async () => {
    h = await startCore({ now: () => T0, prompt: new FakePrompt('hold') });
    const { sandbox, cardId } = await demo();
    const before = sandbox.requests.lastSeq;
    const calls = Array.from({ length: 5 }, () => reveal(cardId));
    await expect.poll(() => h.prompt.asked.length).toBe(1);
    h.prompt.release(true);
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok))
      expect(r).toMatchObject({
        ok: false,
        error: { code: 'declined', message: expect.stringContaining('another confirmation was already waiting') },
      });
    expect(await cardRequests(sandbox, before)).toHaveLength(1);
  });

  it('without a prompt (nothing to show it on) nothing is revealed', async () => {
    h = await startCore({ now: () => T0 });
    // startCore's fake stands in unless a test gives its own: a core made with none answers no.
    const bare = await createMainCore({
      userDataDir: join(h.dir, 'bare'),
      version: 't',
      platform: 't',
      secrets: 'memory',
      emit: () => undefined,
      demo: { transactions: 50 },
    });
    try {
      const r = (await dispatch(bare.handlers, 'cards:reveal', {
        profileId: DEMO_PROFILE_ID,
        cardId: 'card_1',
        pan: true,
        cvv: false,
      })) as Result<unknown>;
      expect(r).toMatchObject({
        ok: false,
        error: { code: 'declined', message: 'The card was not revealed: this window cannot show a confirmation.' },
      });
      expect(await bare.demo.running(), 'the Demo sandbox was never started').toBeUndefined();
    } finally {
      await bare.dispose();
    }
  });
});

describe('reveals are bounded per profile and window; every attempt counts', () => {
  it('refuses the 11th within a minute without asking or calling the vault, says when, and allows again after', async () => {
    let now = T0;
    h = await startCore({ now: () => now });
    const { sandbox, cardId } = await demo();
    const before = sandbox.requests.lastSeq;
    for (let i = 0; i < 10; i++) expect((await reveal(cardId)).ok).toBe(true);
    const refused = await reveal(cardId);
    expect(refused).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    if (refused.ok) throw new Error('unreachable');
    expect(refused.error.message).toMatch(
      /^The card was not revealed: this profile allows 10 a minute and 100 a day reveals \(every attempt counts, declined and failed ones too\), and 10 were asked for in the last minute\. You can reveal again in 1 min \(at \d\d:\d\d:\d\d\)\.$/,
    );
    expect(h.prompt.asked).toHaveLength(10);
    expect(await cardRequests(sandbox, before)).toHaveLength(10);

    now += 60_001;
    expect((await reveal(cardId)).ok).toBe(true);
  });

  it('counts declined attempts, refuses the 101st of a day, and keeps counting across a restart', async () => {
    let now = T0;
    const dir = await mkdtemp(join(tmpdir(), 'treasury-reveal-day-'));
    const keychain = new MemorySecretStore();
    const prompt = new FakePrompt('decline');
    const start = () =>
      createMainCore({
        userDataDir: dir,
        version: 't',
        platform: 't',
        secrets: keychain,
        emit: () => undefined,
        demo: { transactions: 50 },
        now: () => now,
        prompt,
      });
    let core: MainCore | undefined = await start();
    const call = (c: MainCore) =>
      dispatch(c.handlers, 'cards:reveal', {
        profileId: DEMO_PROFILE_ID,
        cardId: 'card_x',
        pan: true,
        cvv: false,
      }) as Promise<Result<ResultOf<'cards:reveal'>>>;
    try {
      for (let i = 0; i < 100; i++) {
        if (i === 50) {
          // The app restarts half way: the attempts already in the audit still count.
          await core.dispose();
          core = await start();
        }
        if (i > 0 && i % 10 === 0) now += 61_000;
        expect(await call(core)).toMatchObject({ ok: false, error: { code: 'declined' } });
      }
      now += 61_000;
      const refused = await call(core);
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'rate-limited', message: expect.stringContaining('100 were asked for in the last day') },
      });
      expect(prompt.asked).toHaveLength(100);
      now = T0 + 24 * 3_600_000 + 1;
      expect(await call(core)).toMatchObject({ ok: false, error: { code: 'declined' } });
    } finally {
      await core?.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('2,001 failed reveals in a row can no longer push a live reveal out of the audit (the issue’s flood)', async () => {
    h = await startCore({ now: () => T0 });
    const { sandbox, cardId } = await demo();
    const before = sandbox.requests.lastSeq;
    expect((await reveal(cardId)).ok).toBe(true);
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 2_001; i++) {
      const r = await reveal('card_nope');
      const code = r.ok ? 'ok' : r.error.code;
      outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
    }
    // 9 more fit in the minute (and fail at the vault); the rest are refused before anything is sent.
    expect(Object.fromEntries(outcomes)).toEqual({ service: 9, 'rate-limited': 1_992 });
    expect(await cardRequests(sandbox, before)).toHaveLength(10);

    const audit = await h.ok('audit:reveals', { profileId: DEMO_PROFILE_ID });
    expect(audit.entries.map((e) => e.outcome)).toEqual(['refused', ...Array<string>(9).fill('failed'), 'revealed']);
    expect(audit.entries.at(-1)).toMatchObject({ cardId, outcome: 'revealed' });
    expect(audit.integrity.breaks).toEqual([]);
    const lines = (await readFile(join(h.dir, 'audit', 'reveals', `${DEMO_PROFILE_ID}.jsonl`), 'utf8'))
      .trim()
      .split('\n');
    expect(lines).toHaveLength(11);
  });

  it('bounds each profile apart', async () => {
    h = await startCore({
      now: () => T0,
      prompt: new FakePrompt((q) => (q.kind === 'reveal' ? 'decline' : 'confirm')),
    });
    await demo();
    for (let i = 0; i < 10; i++) await reveal('card_1');
    expect(await reveal('card_1')).toMatchObject({ ok: false, error: { code: 'rate-limited' } });
    const { id } = await h.ok('profiles:create', {
      name: 'Other',
      baseUrl: 'https://api.example.com',
      vaultUrl: 'https://vault.example.com',
      apiKey: 'other-key-0123456789',
    });
    expect(await reveal('card_1', id)).toMatchObject({ ok: false, error: { code: 'declined' } });
  });
});

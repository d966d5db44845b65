import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakePrompt } from '../support/fake-prompt';
import { startCaptureServer, type CaptureServer } from '../support/capture-server';
import { startCore, type CoreHarness } from '../support/core-helpers';

// Issue 23, finding 1: `profiles:testConnection` took an address and a key from the page and sent
// that key as a header to that address, so a compromised page could carry a card number out
// through main. Now a typed key (or new address) goes out only once the person confirmed those
// exact hosts in main's own prompt, and within a limit per window; every channel that takes a
// key or an address from the page is held to it.

let h: CoreHarness;
let capture: CaptureServer;
beforeAll(async () => {
  capture = await startCaptureServer();
});
afterAll(() => capture.close());
afterEach(async () => {
  await h?.close();
  capture.seen.length = 0;
});

const PAN = '4111111111111111';
const T0 = Date.parse('2026-03-01T10:00:00Z');

describe('a key or address typed in the page reaches nothing the person did not confirm', () => {
  it('testConnection: declined, nothing reaches the host; the question shows the exact hosts and which key', async () => {
    h = await startCore({ prompt: new FakePrompt('decline') });
    const r = await h.invoke('profiles:testConnection', { baseUrl: capture.url, vaultUrl: capture.url, apiKey: PAN });
    expect(r).toEqual({
      ok: false,
      error: { code: 'declined', message: 'Nothing was sent or saved: you chose not to in the confirmation.' },
    });
    expect(capture.seen).toHaveLength(0);
    expect(h.prompt.asked).toEqual([
      {
        kind: 'send-key',
        title: 'Test a connection',
        message: `Send the API key you typed to ${capture.url}?`,
        detail: [
          `Service address: ${capture.url}`,
          `Vault address: ${capture.url}`,
          'API key: 16 characters, ending in “1111”',
          'Confirm only if you typed these yourself: the app sends the key to no address you have not confirmed here.',
        ],
        confirm: 'Send the key',
        cancel: 'Cancel',
      },
    ]);
  });

  it('shows a look-alike host as it really is (punycode), with a warning', async () => {
    h = await startCore({ prompt: new FakePrompt('decline') });
    await h.invoke('profiles:testConnection', {
      baseUrl: 'https://аpple.com',
      vaultUrl: 'https://vault.example.com',
      apiKey: 'secret-key-123456',
    });
    const [q] = h.prompt.asked;
    expect(q?.message).toBe('Send the API key you typed to https://xn--pple-43d.com and https://vault.example.com?');
    expect(q?.detail).toContain(
      'An address shown in xn-- form has letters from another alphabet that look like familiar ones: check it letter by letter.',
    );
  });

  it('confirmed: the test goes out, and saving those same values right after asks no more; other values ask again', async () => {
    h = await startCore();
    const test = await h.ok('profiles:testConnection', {
      baseUrl: capture.url,
      vaultUrl: capture.url,
      apiKey: 'typed-key-0123456789',
    });
    expect(test.api.ok).toBe(true);
    expect(new Set(capture.seen.map((s) => s.headers['x-api-key']))).toEqual(new Set(['typed-key-0123456789']));
    await h.ok('profiles:create', {
      name: 'Acme',
      baseUrl: capture.url,
      vaultUrl: capture.url,
      apiKey: 'typed-key-0123456789',
    });
    expect(h.prompt.asked.map((q) => q.title)).toEqual(['Test a connection']);
    await h.ok('profiles:create', {
      name: 'Acme 2',
      baseUrl: capture.url,
      vaultUrl: capture.url,
      apiKey: 'another-key-0123456789',
    });
    expect(h.prompt.asked.map((q) => `${q.title}: ${q.message}`)).toEqual([
      `Test a connection: Send the API key you typed to ${capture.url}?`,
      `Save a profile: Send the API key you typed for “Acme 2” to ${capture.url}?`,
    ]);
  });

  it('saving a profile, a new key, or new addresses: declined, nothing saved, nothing sent', async () => {
    h = await startCore();
    const { id } = await h.ok('profiles:create', {
      name: 'Acme',
      baseUrl: 'https://api.example.com',
      vaultUrl: 'https://vault.example.com',
      apiKey: 'first-key-0123456789',
    });
    h.prompt.answer = 'decline';
    const before = (await h.ok('profiles:list')).profiles.length;
    expect(
      await h.invoke('profiles:create', { name: 'Exfil', baseUrl: capture.url, vaultUrl: capture.url, apiKey: PAN }),
    ).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect((await h.ok('profiles:list')).profiles).toHaveLength(before);

    // A new address alone (no key) is where the app connects from now on: a page could put data
    // in the host name itself (a DNS lookup carries it out), so it is asked too.
    const moved = await h.invoke('profiles:update', {
      id,
      baseUrl: `http://127.0.0.1:${new URL(capture.url).port}/${PAN}`,
    });
    expect(moved).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect(h.prompt.asked.at(-1)).toMatchObject({ kind: 'change-address', title: "Change a profile's addresses" });
    const setKey = await h.invoke('profiles:setKey', { id, apiKey: PAN });
    expect(setKey).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect(h.prompt.asked.at(-1)).toMatchObject({
      kind: 'send-key',
      title: 'Save an API key',
      message: 'Send the API key you typed for “Acme” to https://api.example.com and https://vault.example.com?',
    });
    const withKey = await h.invoke('profiles:update', { id, vaultUrl: capture.url, apiKey: PAN });
    expect(withKey).toMatchObject({ ok: false, error: { code: 'declined' } });

    const after = (await h.ok('profiles:list')).profiles.find((p) => p.id === id);
    expect(after).toMatchObject({
      baseUrl: 'https://api.example.com',
      vaultUrl: 'https://vault.example.com',
      hasKey: true,
    });
    await h.invoke('profiles:testConnection', { id });
    expect(capture.seen).toHaveLength(0);
    // A rename is not an address: nothing to ask.
    const asked = h.prompt.asked.length;
    await h.ok('profiles:update', { id, name: 'Acme renamed' });
    expect(h.prompt.asked).toHaveLength(asked);
  });

  it('a saved profile is tested with its own key at its own addresses without asking', async () => {
    h = await startCore();
    const { id } = await h.ok('profiles:create', {
      name: 'Acme',
      baseUrl: capture.url,
      vaultUrl: capture.url,
      apiKey: 'saved-key-0123456789',
    });
    const asked = h.prompt.asked.length;
    h.prompt.answer = 'decline';
    expect((await h.ok('profiles:testConnection', { id })).api.ok).toBe(true);
    expect(h.prompt.asked).toHaveLength(asked);
  });

  it('tests of typed values are limited per window: past it, refused at once, nobody asked, nothing sent', async () => {
    let now = T0;
    h = await startCore({ now: () => now, prompt: new FakePrompt('decline') });
    for (let i = 0; i < 10; i++) {
      const r = await h.invoke('profiles:testConnection', {
        baseUrl: capture.url,
        vaultUrl: capture.url,
        apiKey: `guess-${i}-0123456789`,
      });
      expect(r).toMatchObject({ ok: false, error: { code: 'declined' } });
    }
    const refused = await h.invoke('profiles:testConnection', {
      baseUrl: capture.url,
      vaultUrl: capture.url,
      apiKey: 'guess-10-0123456789',
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'rate-limited',
        message: expect.stringMatching(/10 a minute and 60 an hour .* You can try again in 1 min/),
      },
    });
    expect(h.prompt.asked).toHaveLength(10);
    expect(capture.seen).toHaveLength(0);
    now += 60_001;
    h.prompt.answer = 'confirm';
    expect(
      (
        await h.invoke('profiles:testConnection', {
          baseUrl: capture.url,
          vaultUrl: capture.url,
          apiKey: 'right-key-0123456789',
        })
      ).ok,
    ).toBe(true);
    expect(capture.seen.length).toBeGreaterThan(0);
  });
});

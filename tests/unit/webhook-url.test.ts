import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILE_ID } from '../../src/main/core';
import { isLocalHost, webhookHref, webhookUrlProblem } from '../../src/shared/webhook-url';
import { startCore, type CoreHarness } from '../support/core-helpers';
import { json, startStub } from '../support/service-client-helpers';

// Issue 23, finding 4: webhook addresses. One rule (src/shared/webhook-url.ts), used by the form
// and applied again by main to every createWebhook, whichever channel asked.

const LIVE = { allowLocalHosts: false };
const DEMO = { allowLocalHosts: true };

describe('the webhook address rule', () => {
  it.each([
    // Every address the finding found accepted.
    ['https:\\\\user:pw@example.com/', /^Remove the backslash/],
    ['https:user:pw@example.com/hook', /^Remove the user name or password/],
    ['https:/\u0435xample.com/', /it really is xn--xample-2of\.com/],
    ['https://public.example.com\\@127.0.0.1/', /^Remove the backslash/],
    ['https://localhost../hook', /^localhost\.\. is on this computer/],
    ['https://localhost./hook', /^localhost\. is on this computer/],
    // 6to4 (2002::/16) with 10.0.0.1 and 127.0.0.1 in its next 32 bits; Teredo (2001::/32).
    ['https://[2002:a00:1::1]/hook', /is on this computer or a private network/],
    ['https://[2002:7f00:1::]/hook', /is on this computer or a private network/],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook', /is on this computer or a private network/],
    ['https://[2001::a00:1]/hook', /is on this computer or a private network/],
    // IPv4-mapped, written dotted: the parser makes it [::ffff:a00:1].
    ['https://[::ffff:10.0.0.1]/hook', /is on this computer or a private network/],
    ['https://[64:ff9b::a00:1]/hook', /is on this computer or a private network/],
    // What main registered through service:call.
    ['http://user:pw@10.0.0.1/hook', /^Use an https:\/\/ address/],
    ['https://user:pw@10.0.0.1/hook', /^Remove the user name or password/],
    // Written so the host is not the one read.
    ['https:hooks.example.com/x', /^Write the address with two slashes after https:/],
    ['https:/hooks.example.com/x', /^Write the address with two slashes after https:/],
    ['https:///hooks.example.com/x', /^Write the address with two slashes after https:/],
    ['https://ex%61mple.com/x', /^The host is not written as it will be read: it really is example\.com/],
    ['https://\uff45xample.com/', /it really is example\.com/],
  ])('refuses %j', (url, message) => {
    expect(webhookUrlProblem(url, LIVE)).toMatch(message);
  });

  it('refuses backslashes and credentials on the Demo as well; only local hosts differ there', () => {
    expect(webhookUrlProblem('https://localhost\\@127.0.0.1/', DEMO)).toMatch(/^Remove the backslash/);
    expect(webhookUrlProblem('https:user:pw@localhost/', DEMO)).toMatch(/^Remove the user name or password/);
    expect(webhookUrlProblem('https://localhost../hook', DEMO)).toBeUndefined();
    expect(webhookUrlProblem('https://[2002:a00:1::1]/hook', DEMO)).toBeUndefined();
  });

  it('keeps public addresses, IPv6 ones included', () => {
    for (const url of [
      'https://hooks.example.com/treasury',
      'https://[2606:4700::1111]/h',
      'https://[2001:4860:4860::8888]/h',
      'https://[2a00:1450::1]/h',
      'https://93.184.216.34/hook',
      'https://hooks.example.com./x',
    ]) {
      expect(webhookUrlProblem(url, LIVE), url).toBeUndefined();
    }
  });

  it('knows the special IPv6 blocks by their groups, however they are compressed', () => {
    const local = [
      '[2001:db8::1]',
      '[2001:1::1]',
      '[2001:2::]',
      '[2001:1ff::1]',
      '[2002::]',
      '[2002:ffff:ffff::]',
      '[::]',
      '[::1]',
      '[fc00::1]',
      '[3fff::1]',
    ];
    const publicOnes = ['[2001:200::1]', '[2003::1]', '[2400:cb00::1]', '[3fff:1000::1]'];
    for (const h of local) expect(isLocalHost(h), h).toBe(true);
    for (const h of publicOnes) expect(isLocalHost(h), h).toBe(false);
  });

  it('sends the address as the parser reads it, not as it was typed', () => {
    expect(webhookHref(' https://Hooks.Example.COM ')).toBe('https://hooks.example.com/');
    expect(webhookHref('https://hooks.example.com:443/a/../b')).toBe('https://hooks.example.com/b');
  });
});

describe('main applies the rule to every createWebhook', () => {
  let h: CoreHarness;
  let server: Awaited<ReturnType<typeof startStub>>;
  const bodies: unknown[] = [];
  beforeAll(async () => {
    server = await startStub((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = chunks.length
          ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { url: string; name: string })
          : undefined;
        bodies.push(body);
        json(res, 201, {
          id: 'wh_1',
          createdAt: '2026-03-01T10:00:00.000Z',
          url: body?.url ?? '',
          name: body?.name ?? '',
        });
      });
    });
  });
  afterAll(() => server.close());
  afterEach(async () => {
    await h?.close();
    bodies.length = 0;
  });

  it('refuses through the generic service call what the form refuses, with nothing sent', async () => {
    h = await startCore();
    const { id } = await h.ok('profiles:create', {
      name: 'Live',
      baseUrl: server.url,
      vaultUrl: server.url,
      apiKey: 'live-key-0123456789',
    });
    for (const url of [
      'http://user:pw@10.0.0.1/hook',
      'https://user:pw@hooks.example.com/hook',
      'https:\\\\user:pw@example.com/',
      'https://public.example.com\\@127.0.0.1/',
      'https://[2002:a00:1::1]/hook',
      'https://localhost../hook',
    ]) {
      const r = await h.invoke('service:call', {
        profileId: id,
        requestId: 'wh',
        endpoint: 'createWebhook',
        body: { url, name: 'Sneaky' },
      });
      expect(r, url).toMatchObject({
        ok: false,
        error: { code: 'service', service: { kind: 'invalid-request', sentRequest: false } },
      });
      if (!r.ok) expect(r.error.message, url).toMatch(/^The webhook address was refused: .* Nothing was sent\.$/);
    }
    expect(server.requests.filter((r) => r.url === '/webhook')).toHaveLength(0);
  });

  it('sends the parsed address, not the typed one', async () => {
    h = await startCore();
    const { id } = await h.ok('profiles:create', {
      name: 'Live',
      baseUrl: server.url,
      vaultUrl: server.url,
      apiKey: 'live-key-0123456789',
    });
    const r = await h.ok('service:call', {
      profileId: id,
      requestId: 'wh',
      endpoint: 'createWebhook',
      body: { url: '  https://Hooks.Example.COM  ', name: 'Ledger' },
    });
    expect(bodies).toEqual([{ url: 'https://hooks.example.com/', name: 'Ledger' }]);
    expect(r).toMatchObject({ url: 'https://hooks.example.com/' });
  });

  it('takes a local address on the Demo, whose service runs on this computer, and still no credentials', async () => {
    h = await startCore();
    await h.ok('profiles:select', { id: DEMO_PROFILE_ID });
    const local = await h.ok('service:call', {
      profileId: DEMO_PROFILE_ID,
      requestId: 'wh',
      endpoint: 'createWebhook',
      body: { url: 'https://localhost:9443/hook', name: 'Local' },
    });
    expect(local).toMatchObject({ url: 'https://localhost:9443/hook' });
    const creds = await h.invoke('service:call', {
      profileId: DEMO_PROFILE_ID,
      requestId: 'wh',
      endpoint: 'createWebhook',
      body: { url: 'https:user:pw@localhost/', name: 'Local' },
    });
    expect(creds).toMatchObject({ ok: false, error: { service: { kind: 'invalid-request', sentRequest: false } } });
  });
});

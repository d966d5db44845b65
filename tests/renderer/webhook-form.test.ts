import { describe, expect, it } from 'vitest';
import type { Webhook } from '../../src/shared/service';
import {
  archiveReasonProblem,
  checkWebhookForm,
  isLocalHost,
  MAX_ARCHIVE_REASON,
  MAX_WEBHOOK_NAME,
  MAX_WEBHOOK_URL,
  webhookNameProblem,
  webhookUrlProblem,
} from '../../src/renderer/src/webhooks/model/webhook-form';
import { archiveReason, splitWebhooks } from '../../src/renderer/src/webhooks/model/webhook-list';

const LIVE = { allowLocalHosts: false };
const DEMO = { allowLocalHosts: true };

describe('webhook address', () => {
  it.each([
    'https://hooks.example.com/treasury',
    'https://hooks.example.com',
    'https://hooks.example.com:8443/a/b?token=abc&x=1',
    'https://HOOKS.Example.COM/Path',
    'https://xn--pple-43d.com/hook', // punycode typed on purpose: shown as it is, nothing hidden
    'https://hooks.example.com/caf%C3%A9',
    'https://93.184.216.34/hook',
    `https://example.com/${'a'.repeat(MAX_WEBHOOK_URL - 'https://example.com/'.length)}`,
  ])('accepts %s', (url) => {
    expect(webhookUrlProblem(url, LIVE)).toBeUndefined();
  });

  it.each([
    ['', /Enter the address that receives the payloads/],
    ['http://hooks.example.com/x', /^Use an https:\/\/ address: webhook payloads carry your company's data/],
    ['HTTP://hooks.example.com/x', /^Use an https:\/\/ address: webhook payloads carry/],
    ['ftp://files.example.com/x', /^Use an https:\/\/ address, not ftp:/],
    ['javascript:alert(1)', /^Use an https:\/\/ address, not javascript:/],
    ['hooks.example.com/treasury', /^Enter a full address beginning with https:\/\//],
    ['/hooks/treasury', /^Enter a full address beginning with https:\/\//],
    ['not a url', /^Remove the spaces/],
    ['https://hooks.example.com/my hook', /^Remove the spaces/],
    ['https://hooks.exa mple.com/', /^Remove the spaces/],
    ['https://hooks.example.com/\tx', /^Remove the spaces/],
    ['https://user:secret@hooks.example.com/x', /^Remove the user name or password/],
    ['https://token@hooks.example.com/x', /^Remove the user name or password/],
    ['https://@hooks.example.com/x', /^Remove the user name or password/],
    ['https://hooks.example.com/x#part', /^Remove the #fragment/],
    ['https://hooks.example.com/x#', /^Remove the #fragment/],
    [
      `https://example.com/${'a'.repeat(MAX_WEBHOOK_URL)}`,
      /^An address has at most 2,048 characters; this one has 2,068\.$/,
    ],
    ['https://localhost/hook', /^localhost is on this computer or a private network/],
    ['https://127.0.0.1/hook', /^127\.0\.0\.1 is on this computer/],
    ['https://0x7f.1/hook', /^127\.0\.0\.1 is on this computer/],
    ['https://10.1.2.3/hook', /private network/],
    ['https://172.20.0.5/hook', /private network/],
    ['https://192.168.1.10/hook', /private network/],
    ['https://169.254.169.254/latest', /private network/],
    ['https://[::1]/hook', /^\[::1\] is on this computer/],
    ['https://[fd12:3456::1]/hook', /private network/],
    ['https://intranet/hook', /^intranet is on this computer/],
    ['https://printer.local/hook', /private network/],
  ])('refuses %j', (url, message) => {
    expect(webhookUrlProblem(url, LIVE)).toMatch(message);
  });

  it('shows a look-alike host in the ASCII form it really has', () => {
    // Cyrillic "а" in place of the Latin one.
    expect(webhookUrlProblem('https://\u0430pple.com/hook', LIVE)).toBe(
      'The host has characters outside plain ASCII, which can imitate another address: it really is xn--pple-43d.com. If that is the one you mean, type it as https://xn--pple-43d.com.',
    );
    // Full-width letters fold to ASCII: still not what was typed, so still refused.
    expect(webhookUrlProblem('https://\uff45xample.com/', LIVE)).toMatch(/it really is example\.com/);
    // Non-ASCII in the path is only percent-encoded, not a different server.
    expect(webhookUrlProblem('https://hooks.example.com/café', LIVE)).toBeUndefined();
  });

  it('accepts hosts on this computer or a private network only on the Demo, and still only over https', () => {
    for (const url of [
      'https://localhost:9443/hook',
      'https://127.0.0.1/hook',
      'https://192.168.1.10/hook',
      'https://[::1]/x',
    ]) {
      expect(webhookUrlProblem(url, DEMO), url).toBeUndefined();
    }
    expect(webhookUrlProblem('http://localhost/hook', DEMO)).toMatch(/^Use an https:\/\//);
  });

  it('knows public hosts from local ones', () => {
    expect(isLocalHost('hooks.example.com')).toBe(false);
    expect(isLocalHost('172.32.0.1')).toBe(false);
    expect(isLocalHost('100.128.0.1')).toBe(false);
    expect(isLocalHost('[2606:4700::1111]')).toBe(false);
    expect(isLocalHost('8.8.8.8')).toBe(false);
    expect(isLocalHost('[2001:db8::1]')).toBe(true);
    expect(isLocalHost('100.64.0.1')).toBe(true);
    expect(isLocalHost('[::ffff:7f00:1]')).toBe(true);
    expect(isLocalHost('[fe80::1]')).toBe(true);
    expect(isLocalHost('api.localhost')).toBe(true);
    expect(isLocalHost('db.internal')).toBe(true);
  });

  it('refuses the addresses that are not public unicast, however they are written', () => {
    // What WHATWG URL makes of each: IPv4 inside IPv6, NAT64, site-local, multicast, broadcast, benchmarking.
    for (const url of [
      'https://[::127.0.0.1]/h',
      'https://[64:ff9b::a00:1]/h',
      'https://[fec0::1]/h',
      'https://[ff02::1]/h',
      'https://224.0.0.1/h',
      'https://255.255.255.255/h',
      'https://198.18.0.1/h',
      'https://0x7f000001/h',
    ]) {
      expect(isLocalHost(new URL(url).hostname), url).toBe(true);
    }
  });
});

describe('webhook name and archive reason', () => {
  it('needs a name of 1 to the shared maximum characters', () => {
    expect(MAX_WEBHOOK_NAME).toBe(200);
    expect(webhookNameProblem('')).toBe('Give the webhook a name, e.g. "ERP sync".');
    expect(webhookNameProblem('x'.repeat(MAX_WEBHOOK_NAME))).toBeUndefined();
    expect(webhookNameProblem('x'.repeat(MAX_WEBHOOK_NAME + 1))).toBe(
      'A webhook name has at most 200 characters; this one has 201.',
    );
  });

  it('takes an empty reason, and one up to the shared maximum', () => {
    expect(archiveReasonProblem('')).toBeUndefined();
    expect(archiveReasonProblem('r'.repeat(MAX_ARCHIVE_REASON))).toBeUndefined();
    expect(archiveReasonProblem('r'.repeat(MAX_ARCHIVE_REASON + 1))).toBe(
      'A reason has at most 1000 characters; this one has 1001.',
    );
  });

  it('checks the whole form: trimmed body when good, every field problem when not', () => {
    expect(checkWebhookForm({ name: '  Ledger  ', url: ' https://hooks.example.com/l ' }, LIVE)).toEqual({
      ok: true,
      body: { name: 'Ledger', url: 'https://hooks.example.com/l' },
    });
    // What is sent is the address as parsed, not as typed.
    expect(checkWebhookForm({ name: 'Ledger', url: 'https://Hooks.Example.COM' }, LIVE)).toEqual({
      ok: true,
      body: { name: 'Ledger', url: 'https://hooks.example.com/' },
    });
    const bad = checkWebhookForm({ name: '   ', url: 'http://hooks.example.com' }, LIVE);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems.name).toMatch(/^Give the webhook a name/);
      expect(bad.problems.url).toMatch(/^Use an https:\/\//);
    }
  });
});

describe('webhook lists', () => {
  const wh = (id: string, createdAt: string, archivedAt?: string | null, extra: object = {}): Webhook => ({
    id,
    name: id,
    url: `https://x.example/${id}`,
    createdAt,
    ...(archivedAt !== undefined ? { archivedAt } : {}),
    ...extra,
  });

  it('puts active ones newest first and archived ones apart, most recently archived first', () => {
    const lists = splitWebhooks([
      wh('a', '2026-01-01T00:00:00.000Z'),
      wh('b', '2026-03-01T00:00:00.000Z', null),
      wh('c', '2025-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'),
      wh('d', '2025-06-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
      wh('e', '2026-01-01T00:00:00.000Z', ''),
    ]);
    expect(lists.active.map((w) => w.id)).toEqual(['b', 'a', 'e']);
    expect(lists.archived.map((w) => w.id)).toEqual(['d', 'c']);
  });

  it('reads a reason only when the answer carries one', () => {
    expect(archiveReason(wh('a', '2026-01-01', '2026-02-01', { reason: 'replaced' }))).toBe('replaced');
    expect(archiveReason(wh('a', '2026-01-01', '2026-02-01'))).toBeUndefined();
    expect(archiveReason(wh('a', '2026-01-01', '2026-02-01', { reason: 42 }))).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/ipc/dispatch';
import { jsonSizeProblem } from '../../src/shared/bounded-json';
import { UserData } from '../../src/shared/service';
import { startCaptureServer, type CaptureServer } from '../support/capture-server';
import { startCore, type CoreHarness } from '../support/core-helpers';

// Issue 23, finding 7: a renderer cannot hand main an argument too big to look at. Every channel's
// argument has a limit on its values and depth, checked before its schema; the records of
// service:call (params, query) have a key limit checked before any key is read, and its body a
// tighter limit; each is refused as invalid-argument with nothing sent.

let h: CoreHarness;
let capture: CaptureServer;
let profileId: string;
beforeAll(async () => {
  capture = await startCaptureServer();
  h = await startCore();
  ({ id: profileId } = await h.ok('profiles:create', {
    name: 'Capture',
    baseUrl: capture.url,
    vaultUrl: capture.url,
    apiKey: 'bounds-key-0123456789',
  }));
});
afterAll(async () => {
  await h.close();
  await capture.close();
});

function manyKeys(n: number, value: unknown = 'x'): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) o[`k${i}`] = value;
  return o;
}

function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { v };
  return v;
}

async function refused(arg: Record<string, unknown>, message: RegExp): Promise<void> {
  const r = await dispatch(h.core.handlers, 'service:call', { profileId, requestId: 'big', ...arg });
  expect(r).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
  if (!r.ok) expect(r.error.message).toMatch(message);
}

describe('service:call arguments too big to look at', () => {
  it('refuses params or query with more keys than any endpoint takes, and a body too large or too deep, sending nothing', async () => {
    const before = capture.seen.length;
    await refused({ endpoint: 'getCard', params: { cardId: 'card_1', ...manyKeys(20) } }, /^params: at most 8 keys$/);
    await refused({ endpoint: 'listCards', query: manyKeys(60) }, /^query: at most 50 keys$/);
    await refused(
      { endpoint: 'updateCard', params: { cardId: 'card_1' }, body: { userData: manyKeys(60_000, 1) } },
      /^body: too large: more than 50,000 values$/,
    );
    await refused(
      { endpoint: 'updateCard', params: { cardId: 'card_1' }, body: { name: 'x', userData: nested(35) } },
      /^body: too large: nested deeper than 32 levels$/,
    );
    await refused(
      {
        endpoint: 'createCardGroup',
        body: {
          name: 'x',
          spendingConstraint: {
            merchantRule: { merchants: Array.from({ length: 1_000_000 }, () => 'm'), restriction: 'allowlist' },
          },
        },
      },
      /too large to look at \(more than 100,000 values\)/,
    );
    // A cycle (structured clone carries them) counts its values each time round.
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic['userData'] = { self: cyclic };
    await refused({ endpoint: 'updateCard', params: { cardId: 'card_1' }, body: cyclic }, /too large/);
    expect(capture.seen.length).toBe(before);
  });

  it('still takes every ordinary call: a constraint of thousands of values, a few filters', async () => {
    const merchants = Array.from({ length: 1000 }, (_, i) => `Merchant ${i}`);
    const r = await dispatch(h.core.handlers, 'service:call', {
      profileId,
      requestId: 'ok',
      endpoint: 'createCardGroup',
      body: {
        name: 'Big',
        spendingConstraint: {
          merchantRule: { merchants, restriction: 'allowlist' },
          merchantCategoryRule: { merchantCategories: merchants, restriction: 'allowlist' },
        },
      },
    });
    // Sent: the capture server's answer is not a card group, which is the service's problem, not the argument's.
    expect(r).toMatchObject({ ok: false, error: { code: 'service', service: { kind: 'invalid-response' } } });
    const list = await dispatch(h.core.handlers, 'service:call', {
      profileId,
      requestId: 'ok2',
      endpoint: 'listCards',
      query: { 'filter:status': 'active', sort: 'name' },
    });
    expect(list).toMatchObject({ ok: true });
  });
});

describe('any channel', () => {
  it('refuses an argument of a hundred thousand values and more in a few words, before its schema lists every unknown key', async () => {
    const r = await dispatch(h.core.handlers, 'service:cancel', { requestId: 'x', ...manyKeys(200_000, 1) });
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-argument',
        message: 'The request is too large to look at (more than 100,000 values); nothing was done.',
      },
    });
    expect(JSON.stringify(r).length).toBeLessThan(500);
    const deep = await dispatch(h.core.handlers, 'profiles:select', nested(100));
    expect(deep).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-argument',
        message: 'The request is too large to look at (nested deeper than 40 levels); nothing was done.',
      },
    });
  });
});

describe('the limits themselves', () => {
  it('a card userData of more keys than 4 KB can hold is refused before its keys are read', () => {
    const r = UserData.safeParse(manyKeys(2000, 0));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('at most 1,024 keys');
  });

  it('counts values across the whole tree and stops at the first limit', () => {
    expect(jsonSizeProblem({ a: [1, 2, 3], b: { c: 'd' } }, { maxValues: 7, maxDepth: 3 })).toBeNull();
    expect(jsonSizeProblem({ a: [1, 2, 3], b: { c: 'd' } }, { maxValues: 6, maxDepth: 3 })).toBe('more than 6 values');
    expect(jsonSizeProblem(nested(3), { maxValues: 100, maxDepth: 3 })).toBeNull();
    expect(jsonSizeProblem(nested(4), { maxValues: 100, maxDepth: 3 })).toBe('nested deeper than 3 levels');
    expect(jsonSizeProblem('text', { maxValues: 1, maxDepth: 0 })).toBeNull();
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/ipc/dispatch';
import type { Sandbox } from '../../src/sandbox';
import { CHANNELS, channels } from '../../src/shared/ipc';
import { startCore, type CoreHarness } from '../support/core-helpers';

let h: CoreHarness;
let sandbox: Sandbox;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  h = await startCore();
  await h.ok('profiles:select', { id: 'demo' });
  sandbox = (await h.core.demo.running()) as Sandbox;
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await h.close();
});

/** Values a compromised renderer might send: anything JSON-like, plus hostile shapes. */
const hostile = fc.oneof(
  fc.anything(),
  fc.jsonValue(),
  fc.record(
    { id: fc.string(), name: fc.anything(), baseUrl: fc.string(), apiKey: fc.anything() },
    { requiredKeys: [] },
  ),
  fc.record({ endpoint: fc.string(), params: fc.anything(), body: fc.anything() }, { requiredKeys: [] }),
  fc.constant({ __proto__: { polluted: true } }),
  fc.constant({ constructor: { prototype: { polluted: true } } }),
);

describe('IPC under arbitrary arguments', () => {
  it('10,000 invalid calls: each answered {ok:false} invalid-argument, nothing reaches the service, nothing crashes', async () => {
    const before = sandbox.stats.requests;
    let calls = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CHANNELS), hostile, async (channel, value) => {
        fc.pre(!channels[channel].arg.safeParse(value).success);
        calls++;
        const r = await dispatch(h.core.handlers, channel, value);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.code).toBe('invalid-argument');
      }),
      { numRuns: 10_000 },
    );
    expect(calls).toBeGreaterThan(9000);
    expect(sandbox.stats.requests).toBe(before);
    expect(unhandled).toEqual([]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('unknown channels are refused', async () => {
    for (const name of ['__proto__', 'constructor', 'profiles:hack', '', 42, null]) {
      const r = await dispatch(h.core.handlers, name, {});
      expect(r.ok ? 'ok' : r.error.code).toBe('unknown-channel');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { clientForFile, startClient } from '../support/sandbox-harness';
import { expectError } from '../support/errors';
import { balanceOf, newVirtualAccount, postTransfer } from '../support/virtual-accounts-helpers';
import { freshKey } from '../support/fresh-key';

const HOUR = 3_600_000;

// A fresh world per test: each one moves the clock by a day or more.
const c = clientForFile({ transactions: 100 }, { each: true });

const entriesOf = (key: string) => c.sandbox.world.ledger.filter((e) => e.idempotencyKey === key);

async function advance(advanceMs: number): Promise<void> {
  const res = await c.call('POST', '/__sandbox/clock', { body: { advanceMs } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function settings(body?: unknown) {
  return body === undefined ? c.get('/__sandbox/settings') : c.call('POST', '/__sandbox/settings', { body });
}

describe('idempotency keys are remembered for a limited time (24 h by default, simulated clock)', () => {
  it('answers the same transferId without moving money again until the window ends', async () => {
    const dest = await newVirtualAccount(c, 'Within the window');
    const key = freshKey('ttl');
    const body = { source: c.primaryId, destination: dest, amountCents: 700 };
    const first = await postTransfer(c, body, key);
    expect(first.status).toBe(200);
    await advance(24 * HOUR - 1);
    const again = await postTransfer(c, body, key, '/virtual-account/transfer');
    expect(again.status).toBe(200);
    expect(again.body.transferId).toBe(first.body.transferId);
    expect(await balanceOf(c, dest)).toBe(700);
    expect(entriesOf(key)).toHaveLength(1);
  });

  it('refuses the same key with another body within the window (409)', async () => {
    const dest = await newVirtualAccount(c, 'Conflict in the window');
    const key = freshKey('ttl-conflict');
    expect((await postTransfer(c, { source: c.primaryId, destination: dest, amountCents: 700 }, key)).status).toBe(200);
    await advance(23 * HOUR);
    expectError(
      await postTransfer(c, { source: c.primaryId, destination: dest, amountCents: 701 }, key),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await balanceOf(c, dest)).toBe(700);
  });

  it('processes a resend after the window as a new transfer: money moves twice', async () => {
    const dest = await newVirtualAccount(c, 'After the window');
    const key = freshKey('ttl-expired');
    const body = { source: c.primaryId, destination: dest, amountCents: 700 };
    const first = await postTransfer(c, body, key);
    await advance(24 * HOUR);
    const resent = await postTransfer(c, body, key);
    expect(resent.status).toBe(200);
    expect(resent.body.transferId).not.toBe(first.body.transferId);
    expect(await balanceOf(c, dest)).toBe(1_400);
    expect(entriesOf(key).map((e) => e.id)).toEqual([first.body.transferId, resent.body.transferId]);
    // The key now stands for the new transfer, for a new window.
    const third = await postTransfer(c, body, key);
    expect(third.body.transferId).toBe(resent.body.transferId);
    expect(await balanceOf(c, dest)).toBe(1_400);
  });

  it('after the window a different body under the old key is a new transfer, not a conflict', async () => {
    const dest = await newVirtualAccount(c, 'Reused later');
    const key = freshKey('ttl-reuse');
    expect((await postTransfer(c, { source: c.primaryId, destination: dest, amountCents: 700 }, key)).status).toBe(200);
    await advance(25 * HOUR);
    expect((await postTransfer(c, { source: c.primaryId, destination: dest, amountCents: 5 }, key)).status).toBe(200);
    expect(await balanceOf(c, dest)).toBe(705);
  });

  it('forgets expired keys when the clock moves, so a long-running sandbox does not keep them all', async () => {
    const dest = await newVirtualAccount(c, 'Swept');
    await postTransfer(c, { source: c.primaryId, destination: dest, amountCents: 1 }, freshKey('swept'));
    const kept = c.sandbox.world.idempotency.size;
    expect(kept).toBeGreaterThan(0);
    const res = await c.call('POST', '/__sandbox/clock', { body: { advanceMs: 24 * HOUR } });
    expect(res.body.idempotencyKeysForgotten).toBe(kept);
    expect(c.sandbox.world.idempotency.size).toBe(0);
  });
});

describe('configuring how long keys are remembered', () => {
  it('takes the window from the startSandbox option', async () => {
    const short = await startClient({ transactions: 60, idempotencyTtlMs: 60_000 });
    try {
      expect((await short.get('/__sandbox/settings')).body).toEqual({ idempotencyTtlMs: 60_000 });
      const dest = await newVirtualAccount(short, 'Short window');
      const key = freshKey('option');
      const body = { source: short.sandbox.world.primaryVirtualAccountId, destination: dest, amountCents: 50 };
      const first = await postTransfer(short, body, key);
      await short.call('POST', '/__sandbox/clock', { body: { advanceMs: 59_999 } });
      expect((await postTransfer(short, body, key)).body.transferId).toBe(first.body.transferId);
      await short.call('POST', '/__sandbox/clock', { body: { advanceMs: 1 } });
      expect((await postTransfer(short, body, key)).body.transferId).not.toBe(first.body.transferId);
      expect(await balanceOf(short, dest)).toBe(100);
    } finally {
      await short.close();
    }
  });

  it('reads and changes the window through the admin route, which needs the API key', async () => {
    expect((await settings()).body).toEqual({ idempotencyTtlMs: 24 * HOUR });
    const changed = await settings({ idempotencyTtlHours: 2 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ idempotencyTtlMs: 2 * HOUR });
    expect((await settings({ idempotencyTtlMs: 90_000 })).body).toEqual({ idempotencyTtlMs: 90_000 });

    // A shorter window applies to keys already remembered.
    const dest = await newVirtualAccount(c, 'Admin window');
    const key = freshKey('admin');
    const body = { source: c.primaryId, destination: dest, amountCents: 10 };
    await postTransfer(c, body, key);
    await advance(90_000);
    await postTransfer(c, body, key);
    expect(await balanceOf(c, dest)).toBe(20);

    for (const bad of [
      {},
      { idempotencyTtlMs: 0 },
      { idempotencyTtlMs: 1.5 },
      { idempotencyTtlHours: -1 },
      { idempotencyTtlMs: 1, idempotencyTtlHours: 1 },
      { idempotencyTTLMs: 1 },
    ]) {
      expectError(await settings(bad), 400);
    }
    for (const apiKey of ['', 'wrong']) {
      expect((await c.call('GET', '/__sandbox/settings', { headers: { 'x-api-key': apiKey } })).status).toBe(401);
      expect(
        (
          await c.call('POST', '/__sandbox/settings', {
            body: { idempotencyTtlMs: 1 },
            headers: { 'x-api-key': apiKey },
          })
        ).status,
      ).toBe(401);
    }
    expect((await settings()).body).toEqual({ idempotencyTtlMs: 90_000 });
  });
});

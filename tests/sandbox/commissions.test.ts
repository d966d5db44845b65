import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  commissionDatesBetween,
  commissionDueMs,
  nextCommissionMs,
} from '../../src/shared/accounts/commission-dates';
import { clientForFile, DAY, startClient } from '../support/sandbox-harness';
import { balanceOf, newVirtualAccount, postTransfer } from '../support/virtual-accounts-helpers';
import { freshKey } from '../support/fresh-key';

// A fresh world per test: the seeded rule's state and the clock never depend on which tests ran before.
const c = clientForFile({ transactions: 100 }, { each: true });

const now = () => c.world.clock.now();

async function advance(body: { advanceDays?: number; advanceMs?: number }): Promise<void> {
  const res = await c.call('POST', '/__sandbox/clock', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function setRule(vaId: string, amountCents: number, frequency: 'monthly' | 'yearly', startMs: number) {
  const res = await c.call('PATCH', `/virtual-account/${vaId}`, {
    body: {
      action: 'update',
      commissionDetails: {
        type: 'flatFee',
        amount: { amountCents },
        frequency,
        startDate: new Date(startMs).toISOString(),
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.commissionRule;
}

const commissionTxs = async (vaId: string) =>
  (await c.all('/transaction', { 'filter:virtualAccountId': vaId })).filter((t) =>
    /^Commission (to|from) /.test(t.description),
  );

/** Collections taken from one account: other rules falling due in the same advance do not count. */
const collectionsFrom = async (vaId: string) => (await commissionTxs(vaId)).filter((t) => t.amountCents < 0).length;

describe('commission schedule', () => {
  it('adds calendar months in UTC, clamping to the month end without drifting', () => {
    const jan31 = Date.UTC(2024, 0, 31, 9, 30);
    expect(new Date(addMonthsUtc(jan31, 1)).toISOString()).toBe('2024-02-29T09:30:00.000Z');
    expect(new Date(addMonthsUtc(jan31, 2)).toISOString()).toBe('2024-03-31T09:30:00.000Z');
    expect(new Date(addMonthsUtc(jan31, 3)).toISOString()).toBe('2024-04-30T09:30:00.000Z');
    expect(new Date(addMonthsUtc(Date.UTC(2023, 0, 31), 1)).toISOString()).toBe('2023-02-28T00:00:00.000Z');
    expect(new Date(addMonthsUtc(Date.UTC(2024, 10, 15), 3)).toISOString()).toBe('2025-02-15T00:00:00.000Z');
    const leap = { startDate: '2024-02-29T00:00:00.000Z', frequency: 'yearly' as const };
    expect(new Date(commissionDueMs(leap, 1)).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(new Date(commissionDueMs(leap, 4)).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('the seeded rule agrees with the definition: 3 collections past, the 4th ahead', async () => {
    const rule = [...c.world.commissionRules.values()][0]!;
    expect(rule.applied).toBe(3);
    expect(commissionDueMs(rule, 2)).toBeLessThanOrEqual(now());
    expect(commissionDueMs(rule, 3)).toBeGreaterThan(now());
    const out = (await commissionTxs(rule.virtualAccountId)).filter((t) => t.amountCents < 0);
    expect(out).toHaveLength(3);
  });
});

describe('the seeded commission history', () => {
  it('is dated by the same schedule the clock applies, clamped in short months, whatever the start day', async () => {
    // 85 days before 2025-04-25 is 30 January: one month on is 28 February, not 2 March.
    for (const day of ['2025-04-25T10:00:00.000Z', '2025-05-26T10:00:00.000Z', '2024-05-25T10:00:00.000Z']) {
      const other = await startClient({ transactions: 100, now: () => Date.parse(day) });
      try {
        const rule = [...other.sandbox.world.commissionRules.values()][0]!;
        const taken = (await other.all('/transaction', { 'filter:virtualAccountId': rule.virtualAccountId }))
          .filter((t) => /^Commission to /.test(t.description))
          .map((t) => t.date)
          .sort();
        expect(taken, day).toEqual([0, 1, 2].map((k) => new Date(commissionDueMs(rule, k)).toISOString()));
      } finally {
        await other.close();
      }
    }
  });
});

describe('collecting commissions as the clock advances', () => {
  it('collects the seeded rule once when its due date passes, dated at the due date', async () => {
    const rule = [...c.world.commissionRules.values()][0]!;
    const escrow = rule.virtualAccountId;
    const due = commissionDueMs(rule, 3);
    const [escrowBefore, primaryBefore] = [await balanceOf(c, escrow), await balanceOf(c, c.primaryId)];
    await advance({ advanceMs: due - now() + DAY });
    expect(await collectionsFrom(escrow)).toBe(4);
    expect(await balanceOf(c, escrow)).toBe(escrowBefore - rule.amountCents);
    expect(await balanceOf(c, c.primaryId)).toBe(primaryBefore + rule.amountCents);
    const out = (await commissionTxs(escrow)).filter((t) => t.amountCents < 0);
    expect(out).toHaveLength(4);
    const newest = out.find((t) => t.date === new Date(due).toISOString());
    expect(newest).toMatchObject({ amountCents: -rule.amountCents, status: 'posted', detailedStatus: 'settled' });
    const into = (await commissionTxs(c.primaryId)).find(
      (t) => t.date === new Date(due).toISOString() && t.amountCents === rule.amountCents,
    );
    expect(into?.description).toMatch(/^Commission from /);

    // Looking again at the same moment collects nothing more.
    await advance({ advanceMs: 0 });
    expect(await collectionsFrom(escrow)).toBe(4);
    expect(await balanceOf(c, escrow)).toBe(escrowBefore - rule.amountCents);
  });

  it('collects every due date a long advance passes over (monthly from a 31st)', async () => {
    const va = await newVirtualAccount(c, 'Monthly client', 100_000);
    // Start on the next 31st of a month, so the clamp to shorter months is exercised.
    let start = now() + DAY;
    while (new Date(start).getUTCDate() !== 31) start += DAY;
    const rule = await setRule(va, 1_000, 'monthly', start);
    expect(rule.commissionDetails.startDate).toBe(new Date(start).toISOString());
    const target = addMonthsUtc(start, 4) + DAY;
    const expected = [0, 1, 2, 3, 4].map((k) =>
      new Date(commissionDueMs({ startDate: new Date(start).toISOString(), frequency: 'monthly' }, k)).toISOString(),
    );
    await advance({ advanceMs: target - now() });
    expect(await balanceOf(c, va)).toBe(100_000 - 5 * 1_000);
    const dates = (await commissionTxs(va)).map((t) => t.date).sort();
    expect(dates).toEqual(expected);
    expect(dates.every((d) => new Date(d).getUTCDate() >= 28)).toBe(true);
  });

  it('a yearly rule collects once a year', async () => {
    const va = await newVirtualAccount(c, 'Yearly client', 10_000);
    await setRule(va, 3_000, 'yearly', now() + DAY);
    await advance({ advanceDays: 2 });
    expect(await balanceOf(c, va)).toBe(7_000);
    await advance({ advanceDays: 300 });
    expect(await balanceOf(c, va)).toBe(7_000);
    await advance({ advanceDays: 70 });
    expect(await balanceOf(c, va)).toBe(4_000);
  });

  it('never collects retroactively: a rule whose start is past waits for its next anniversary', async () => {
    const va = await newVirtualAccount(c, 'Backdated', 10_000);
    const start = now() - 40 * DAY;
    await setRule(va, 500, 'monthly', start);
    await advance({ advanceMs: 0 });
    expect(await collectionsFrom(va)).toBe(0);
    expect(await balanceOf(c, va)).toBe(10_000);
    const next = [1, 2, 3]
      .map((k) => commissionDueMs({ startDate: new Date(start).toISOString(), frequency: 'monthly' }, k))
      .find((ms) => ms >= now())!;
    await advance({ advanceMs: next - now() + 1 });
    expect(await balanceOf(c, va)).toBe(9_500);
  });

  it('leaves a collection due while the balance cannot cover it, and takes it once funded', async () => {
    const va = await newVirtualAccount(c, 'Short on funds', 400);
    await setRule(va, 1_000, 'monthly', now() + DAY);
    await advance({ advanceDays: 2 });
    expect(await collectionsFrom(va)).toBe(0);
    expect(await balanceOf(c, va)).toBe(400);
    expect((await postTransfer(c, { source: c.primaryId, destination: va, amountCents: 600 }, freshKey())).status).toBe(
      200,
    );
    await advance({ advanceMs: 0 });
    expect(await collectionsFrom(va)).toBe(1);
    expect(await balanceOf(c, va)).toBe(0);
  });

  it('never charges a closed account', async () => {
    const va = await newVirtualAccount(c, 'Closing soon');
    await setRule(va, 100, 'monthly', now() + DAY);
    expect((await c.call('PATCH', `/virtual-account/${va}`, { body: { action: 'close' } })).status).toBe(200);
    const primaryBefore = await balanceOf(c, c.primaryId);
    await advance({ advanceDays: 40 });
    expect(await commissionTxs(va)).toHaveLength(0);
    expect(await balanceOf(c, va)).toBe(0);
    // Other rules (the seeded one) may have collected into the primary account meanwhile.
    expect(await balanceOf(c, c.primaryId)).toBeGreaterThanOrEqual(primaryBefore);
  });
});

describe('commission dates shared with the app', () => {
  const rule = { startDate: '2026-01-31T09:00:00.000Z', frequency: 'monthly' as const };
  it('lists the collections inside a window, month-end clamped and never carried', () => {
    const from = Date.parse('2026-02-01T00:00:00.000Z');
    const to = Date.parse('2026-05-01T00:00:00.000Z');
    expect(commissionDatesBetween(rule, from, to).map((ms) => new Date(ms).toISOString())).toEqual([
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
    ]);
  });
  it('the next collection is the due date itself at its instant, the following one just after it', () => {
    const due = Date.parse('2026-03-31T09:00:00.000Z');
    expect(nextCommissionMs(rule, due)).toBe(due);
    expect(new Date(nextCommissionMs(rule, due + 1) ?? 0).toISOString()).toBe('2026-04-30T09:00:00.000Z');
    expect(
      nextCommissionMs(
        { startDate: '2020-06-15T00:00:00.000Z', frequency: 'yearly' },
        Date.parse('2026-06-16T00:00:00.000Z'),
      ),
    ).toBe(Date.parse('2027-06-15T00:00:00.000Z'));
    expect(nextCommissionMs({ startDate: 'not a date', frequency: 'yearly' }, 0)).toBeUndefined();
  });
});

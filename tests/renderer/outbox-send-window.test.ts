import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planQueue, type SendWindow } from '../../src/renderer/src/outbox/model/queue-plan';
import type { OutboxRow } from '../../src/shared/outbox';
import { paymentInput, row, T0, transferInput } from '../support/outbox-fixtures';

// Several transfers in flight from one account (queue-plan.ts SendWindow): only transfers, only
// while the account covers every one in flight, never past a row that waits, and never more than
// the window's size.

const approved = (
  amountCents: number,
  at: number,
  patch: Partial<OutboxRow> = {},
  source = 'va_a',
  destination = 'va_x',
): OutboxRow =>
  ({ ...row(transferInput(source, destination, amountCents), at), state: 'approved', ...patch }) as OutboxRow;
const windowOf = (cents: Record<string, number>, max = 4): SendWindow => ({
  max,
  availableCents: new Map(Object.entries(cents)),
});

describe('several transfers in flight from an account that covers them', () => {
  it('lets the rows behind the head go together while the balance covers all of them, oldest first', () => {
    const rows = [100, 200, 300, 400].map((c, i) => approved(c, T0 + i));
    const ids = rows.map((r) => r.id);
    expect(planQueue(rows, T0 + 10, windowOf({ 'va:va_a': 600 })).due).toEqual(ids.slice(0, 3));
    expect(planQueue(rows, T0 + 10, windowOf({ 'va:va_a': 599 })).due).toEqual(ids.slice(0, 2));
    // Rows in flight count against the balance and the window's size.
    const inFlight = rows.map((r, i) => (i < 2 ? { ...r, state: 'sending' as const } : r));
    expect(planQueue(inFlight, T0 + 10, windowOf({ 'va:va_a': 600 })).due).toEqual([ids[2]]);
    expect(planQueue(inFlight, T0 + 10, windowOf({ 'va:va_a': 10_000 }, 3)).due).toEqual([ids[2]]);
  });

  it('keeps one at a time without a window, for an account not in the cache, and for payments', () => {
    const rows = [100, 200].map((c, i) => approved(c, T0 + i));
    expect(planQueue(rows, T0 + 10).due).toEqual([rows[0]?.id]);
    expect(planQueue(rows, T0 + 10, windowOf({ 'va:va_other': 10_000 })).due).toEqual([rows[0]?.id]);
    const payments = [paymentInput(100), paymentInput(200)].map(
      (input, i) => ({ ...row(input, T0 + i), state: 'approved' }) as OutboxRow,
    );
    expect(planQueue(payments, T0 + 10, windowOf({ 'handle:own': 10_000, 'va:va_a': 10_000 })).due).toEqual([
      payments[0]?.id,
    ]);
  });

  it('never passes a row that waits: a backoff or an unfunded source closes the window behind it', () => {
    const backoff = approved(100, T0, { nextAttemptAt: T0 + 60_000 });
    const behind = approved(100, T0 + 1);
    expect(planQueue([backoff, behind], T0 + 5, windowOf({ 'va:va_a': 10_000 })).due).toEqual([]);
    // A->B queued first: B's transfers wait for it, window or not.
    const ab = approved(100, T0, {}, 'va_a', 'va_b');
    const b1 = approved(100, T0 + 1, {}, 'va_b', 'va_c');
    const plan = planQueue([ab, b1], T0 + 5, windowOf({ 'va:va_a': 10_000, 'va:va_b': 10_000 }));
    expect(plan.due).toEqual([ab.id]);
    expect(plan.waiting.get(b1.id)).toMatch(/funds its source/);
  });

  it('whatever the queue, what is in flight from an account never exceeds what it covers or the window', () => {
    const arbRow = fc.record({
      cents: fc.integer({ min: 1, max: 500 }),
      source: fc.constantFrom('va_a', 'va_b'),
      state: fc.constantFrom('approved', 'sending'),
      backoff: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(arbRow, { maxLength: 12 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 1, max: 5 }),
        (specs, cover, max) => {
          const rows = specs.map((s, i) =>
            approved(
              s.cents,
              T0 + i,
              {
                state: s.state as OutboxRow['state'],
                ...(s.backoff && s.state === 'approved' ? { nextAttemptAt: T0 + 60_000 } : {}),
              },
              s.source,
              'va_x',
            ),
          );
          const window = windowOf({ 'va:va_a': cover, 'va:va_b': cover }, max);
          const due = new Set(planQueue(rows, T0 + 5, window).due);
          for (const source of ['va_a', 'va_b']) {
            // The source's rows in order (createdAt grows with the index here).
            const lane = rows.filter((r) => r.sourceKey === `va:${source}`);
            lane.forEach((r, k) => {
              // The first row of a source goes alone, as without a window; a row behind others joins them only as the window allows.
              if (k === 0 || !due.has(r.id)) return;
              const ahead = lane.slice(0, k);
              expect(ahead.every((a) => a.state === 'sending' || due.has(a.id))).toBe(true);
              expect(k + 1).toBeLessThanOrEqual(max);
              expect(lane.slice(0, k + 1).reduce((a, x) => a + x.amountCents, 0)).toBeLessThanOrEqual(cover);
            });
          }
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceSeries,
  movesBalance,
  summarizeSeries,
  type BalanceMove,
} from '../../src/renderer/src/accounts/model/balance-series';
import { DetailedStatus, TransactionStatus } from '../../src/shared/service';

const DAY = 86_400_000;
// A pinned "now": mid-afternoon UTC, so a day's start and end are both in play.
const NOW = Date.UTC(2026, 2, 15, 15, 30);
const TODAY = Date.UTC(2026, 2, 15);

const move = (
  date: string,
  amountCents: number,
  status: BalanceMove['status'] = 'posted',
  detailedStatus: BalanceMove['detailedStatus'] = 'settled',
): BalanceMove => ({ date, amountCents, status, detailedStatus });

/**
 * The plain reference: for each day on its own, the balance now less every counted move dated at
 * or after the next day's start. No sorting, no running total: a different route to the same answer.
 */
function reference(
  current: number,
  moves: readonly BalanceMove[],
  now: number,
  days: number,
): { dayMs: number; endCents: number }[] {
  const today = Math.floor(now / DAY) * DAY;
  const out = [];
  for (let k = days - 1; k >= 0; k--) {
    const dayMs = today - k * DAY;
    let later = 0;
    for (const m of moves) {
      const counted =
        (m.status === 'posted' || m.status === 'pending') &&
        !['failed', 'declined', 'canceled', 'pending_approval', 'in_review'].includes(m.detailedStatus);
      if (counted && Date.parse(m.date) >= dayMs + DAY) later += m.amountCents;
    }
    out.push({ dayMs, endCents: current - later });
  }
  return out;
}

const arbMove: fc.Arbitrary<BalanceMove> = fc.record({
  // From 120 days before now to a day after (a row dated later than now must not break the walk).
  date: fc.integer({ min: NOW - 120 * DAY, max: NOW + DAY }).map((ms) => new Date(ms).toISOString()),
  amountCents: fc.integer({ min: -5_000_000, max: 5_000_000 }),
  status: fc.constantFrom(...TransactionStatus.options),
  detailedStatus: fc.constantFrom(...DetailedStatus.options),
});

describe('balanceSeries', () => {
  it('walks back from the current balance: a day ends before the moves dated after it', () => {
    const series = balanceSeries(
      10_000,
      [
        move('2026-03-15T09:00:00.000Z', -2_500),
        move('2026-03-14T23:59:59.999Z', 4_000),
        move('2026-03-13T00:00:00.000Z', 1_000),
      ],
      NOW,
      4,
    );
    expect(series).toEqual([
      { dayMs: TODAY - 3 * DAY, endCents: 10_000 + 2_500 - 4_000 - 1_000 },
      { dayMs: TODAY - 2 * DAY, endCents: 10_000 + 2_500 - 4_000 },
      { dayMs: TODAY - DAY, endCents: 10_000 + 2_500 },
      { dayMs: TODAY, endCents: 10_000 },
    ]);
  });

  it('leaves out failed, declined and canceled transactions and those held for approval or in review (docs/service.md)', () => {
    const moves = [
      move('2026-03-15T01:00:00Z', -700, 'failed', 'failed'),
      move('2026-03-15T01:00:00Z', -800, 'pending', 'pending_approval'),
      move('2026-03-15T01:00:00Z', -900, 'pending', 'in_review'),
      move('2026-03-15T01:00:00Z', -600, 'posted', 'declined'),
      move('2026-03-15T01:00:00Z', -500, 'pending', 'canceled'),
      move('2026-03-15T01:00:00Z', -100, 'pending', 'pending'),
    ];
    expect(moves.map(movesBalance)).toEqual([false, false, false, false, false, true]);
    expect(balanceSeries(5_000, moves, NOW, 2).map((p) => p.endCents)).toEqual([5_100, 5_000]);
  });

  it('gives 90 days, oldest first, ending today, whatever the order of the moves', () => {
    const series = balanceSeries(0, [], NOW, 90);
    expect(series).toHaveLength(90);
    expect(series[0]?.dayMs).toBe(TODAY - 89 * DAY);
    expect(series[89]?.dayMs).toBe(TODAY);
    expect(balanceSeries(0, [], NOW, 0)).toEqual([]);
  });

  it('agrees with the plain reference on any moves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.array(arbMove, { maxLength: 200 }),
        fc.integer({ min: 1, max: 120 }),
        (current, moves, days) => {
          expect(balanceSeries(current, moves, NOW, days)).toEqual(reference(current, moves, NOW, days));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ends today at the current balance when nothing is dated after now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e7, max: 1e7 }),
        fc.array(
          arbMove.filter((m) => Date.parse(m.date) <= NOW),
          { maxLength: 50 },
        ),
        (current, moves) => {
          expect(balanceSeries(current, moves, NOW, 90).at(-1)?.endCents).toBe(current);
        },
      ),
    );
  });
});

describe('summarizeSeries', () => {
  it('names the start, end, lowest and highest (the earliest day on a tie)', () => {
    const points = [100, -50, 300, -50, 300, 20].map((endCents, i) => ({ dayMs: TODAY + i * DAY, endCents }));
    expect(summarizeSeries(points)).toEqual({
      start: points[0],
      end: points[5],
      lowest: points[1],
      highest: points[2],
    });
    expect(summarizeSeries([])).toBeUndefined();
  });
});

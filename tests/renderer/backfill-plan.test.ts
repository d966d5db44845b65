import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planBackfill } from '../../src/renderer/src/sync/backfill-plan';
import type { TxWindow } from '../../src/renderer/src/sync/tx-window';

const signal = new AbortController().signal;
const UPPER = Date.UTC(2026, 0, 31, 12);
const DAY = 86_400_000;

/** A service that counts a fixed set of transaction dates, as GET /transaction/aggregation does. */
function counter(dates: number[]) {
  let calls = 0;
  const count = async (w: TxWindow) => {
    calls++;
    return dates.filter((d) => (w.fromMs === undefined || d >= w.fromMs) && (w.toMs === undefined || d <= w.toMs))
      .length;
  };
  return { count, calls: () => calls };
}

describe('planning the backfill partitions', () => {
  it('covers every transaction up to the upper bound exactly once, in windows of about the asked size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: UPPER - 3 * 365 * DAY, max: UPPER }), { minLength: 1, maxLength: 3000 }),
        fc.integer({ min: 50, max: 1000 }),
        async (dates, per) => {
          const { count } = counter(dates);
          const plan = await planBackfill(count, UPPER, { signal, rowsPerPartition: per });
          expect(plan.total).toBe(dates.length);
          for (const d of dates) expect(plan.partitions.filter((p) => d >= p.fromMs && d <= p.toMs)).toHaveLength(1);
          for (let i = 1; i < plan.partitions.length; i++)
            expect(plan.partitions[i]!.fromMs).toBe(plan.partitions[i - 1]!.toMs + 1);
          expect(plan.partitions.reduce((n, p) => n + p.expected, 0)).toBe(dates.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('asks a bounded number of questions (no per-boundary bisection)', async () => {
    const dates = Array.from({ length: 100_000 }, (_, i) => UPPER - (i % 1000) * DAY - i);
    const c = counter(dates);
    const plan = await planBackfill(c.count, UPPER, { signal, rowsPerPartition: 5_000 });
    expect(plan.partitions.length).toBeGreaterThan(5);
    expect(c.calls()).toBeLessThan(120);
  });

  it('without counts walks one window; with none to walk plans nothing', async () => {
    expect((await planBackfill(async () => null, UPPER, { signal })).partitions).toEqual([
      { fromMs: 0, toMs: UPPER, expected: 0 },
    ]);
    expect((await planBackfill(counter([]).count, UPPER, { signal })).partitions).toEqual([]);
  });

  it('reaches back to the beginning of time for rows older than the horizon', async () => {
    const plan = await planBackfill(counter([5, UPPER - 1]).count, UPPER, { signal, horizonMs: 365 * DAY });
    expect(plan.partitions[0]?.fromMs).toBe(0);
  });
});

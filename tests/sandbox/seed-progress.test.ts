import { describe, expect, it } from 'vitest';
import { createWorld, createWorldAsync } from '../../src/sandbox/seed/create-world';
import type { World } from '../../src/sandbox/world/world';
import { TEST_NOW } from '../support/sandbox-harness';

const everything = (w: World) => w.transactions.list({}, undefined, Number.MAX_SAFE_INTEGER).items;

describe('seeding with progress (the Demo reset)', () => {
  // Above the step (16,384 rows) so the seed really yields between slices of generating and loading.
  const ROWS = 20_000;

  it('makes the very same world as the one-go seed, reporting progress that only grows up to its total', async () => {
    const reports: { done: number; total: number }[] = [];
    let yielded = 0;
    // A timer that can only run when the seed yields to the event loop.
    const ticker = setInterval(() => yielded++, 0);
    const stepped = await createWorldAsync({ seed: 5, transactions: ROWS, now: () => TEST_NOW }, (p) =>
      reports.push(p),
    );
    clearInterval(ticker);
    const whole = createWorld({ seed: 5, transactions: ROWS, now: () => TEST_NOW });

    expect(everything(stepped)).toEqual(everything(whole));
    expect([...stepped.feeDetails]).toEqual([...whole.feeDetails]);
    expect(stepped.transactions.size).toBe(ROWS);
    expect(reports.length).toBeGreaterThanOrEqual(3);
    expect(yielded).toBeGreaterThan(0);
    for (let i = 1; i < reports.length; i++) expect(reports[i]!.done).toBeGreaterThan(reports[i - 1]!.done);
    expect(reports.every((r) => r.total === 2 * ROWS)).toBe(true);
    expect(reports.at(-1)!.done).toBe(2 * ROWS);
  });
});

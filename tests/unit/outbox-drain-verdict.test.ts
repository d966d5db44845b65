import { describe, expect, it } from 'vitest';
import { judgeDrainRuns, rowBreakdown, type DrainRun } from '../../tests/bench/outbox/drain-runs';

// bench:outbox's verdict over its no-fault drains, on fabricated runs: each criterion must be
// able to fail the benchmark (exit 1), and a clean set must pass.

const clean = (ms: number): DrainRun => ({
  drain_ms: ms,
  total: 1000,
  sent: 1000,
  duplicates: 0,
  lost: 0,
  unfinished: 0,
  accounts_off: 0,
});

describe('the no-fault drains, judged from the service side', () => {
  it('passes five runs within 10 s with nothing doubled or lost', () => {
    const v = judgeDrainRuns([8000, 9000, 9999, 10_000, 7000].map(clean), 5, 10_000);
    expect(v).toMatchObject({
      pass: true,
      runs: 5,
      drain_ms: [8000, 9000, 9999, 10_000, 7000],
      worst_ms: 10_000,
      failures: [],
    });
  });

  it('fails when any one run is over the target', () => {
    const v = judgeDrainRuns([8000, 10_001, 9000, 9000, 9000].map(clean), 5, 10_000);
    expect(v.pass).toBe(false);
    expect(v.failures).toEqual(['drain 2 took 10001 ms (target 10000)']);
  });

  it('fails on a duplicate, a loss, a row not sent, an account off, or runs missing, however fast', () => {
    const runs = [
      clean(1000),
      { ...clean(1000), duplicates: 1 },
      { ...clean(1000), lost: 2 },
      { ...clean(1000), sent: 999, unfinished: 1 },
      { ...clean(1000), accounts_off: 1 },
    ];
    const v = judgeDrainRuns(runs, 5, 10_000);
    expect(v.pass).toBe(false);
    expect(v.duplicates).toBe(1);
    expect(v.lost).toBe(2);
    expect(v.failures).toEqual([
      'drain 2: 1 duplicate movements',
      'drain 3: 2 lost',
      'drain 4: 999 of 1000 sent',
      "drain 5: 1 accounts' balances off",
    ]);
    expect(judgeDrainRuns([clean(1000)], 5, 10_000).failures).toEqual(['only 1 of 5 drains ran']);
    expect(judgeDrainRuns([{ ...clean(1000), drain_ms: Number.NaN }], 1, 10_000).pass).toBe(false);
  });

  it("splits a source's time per row: record into write, claim, commit and queue, the rest idle", () => {
    const b = rowBreakdown(
      {
        send: { ms: 30_000, calls: 1000 },
        balance_check: { ms: 1000, calls: 1000 },
        'store.record': { ms: 10_000, calls: 1000 },
        'row.write': { ms: 3000, calls: 500 },
        'row.claim': { ms: 4000, calls: 500 },
        'row.commit': { ms: 1000, calls: 500 },
        'batch.commit': { ms: 500, calls: 500 },
        'store.claimDue': { ms: 100, calls: 2 },
      },
      1000,
      5,
      9000,
    );
    expect(b).toMatchObject({
      send_ms: 30,
      balance_check_ms: 1,
      record_ms: 10,
      record_write_ms: 3,
      record_claim_ms: 4,
      record_commit_ms: 1,
      record_queue_ms: 2,
      passes_ms: 0.1,
      idle_ms: 3.9,
      record_batches: 500,
      rows_per_batch: 2,
    });
  });
});

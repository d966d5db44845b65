import { describe, expect, it } from 'vitest';
import { judgeColdOpen, judgeLatency, judgeSync } from '../bench/sync/verdict';

// bench:sync's verdict on the backfill's peak memory, fed fabricated evidence: it must be able to fail.

describe('bench:sync verdict on peak memory', () => {
  const whole = { distinct: 1000, backfillRows: 1000 };
  const fast = { outcome: 'done', syncMs: 50 };

  it('passes a complete, fast sync whose peak stayed under the limit', () => {
    expect(judgeSync(fast, whole, 1000, 10_000, { peakBytes: 599e6, limitBytes: 600e6 })).toEqual({
      complete: true,
      rows_per_s: 20_000,
      failures: [],
      pass: true,
    });
  });

  it('fails a complete, fast sync whose peak went over the limit', () => {
    const v = judgeSync(fast, whole, 1000, 10_000, { peakBytes: 601e6, limitBytes: 600e6 });
    expect(v).toMatchObject({ complete: true, pass: false });
    expect(v.failures).toEqual(['peak memory 601 MB, over the 600 MB limit']);
  });

  it('fails when the memory was never sampled rather than passing on no evidence', () => {
    expect(judgeSync(fast, whole, 1000, 10_000, { peakBytes: null, limitBytes: 600e6 }).failures).toEqual([
      'the memory was never sampled, so there is no peak',
    ]);
  });

  it('reports the rate, the peak and a doubled row together', () => {
    const v = judgeSync({ outcome: 'done', syncMs: 500 }, { distinct: 1000, backfillRows: 1001 }, 1000, 10_000, {
      peakBytes: 700e6,
      limitBytes: 600e6,
    });
    expect(v.complete).toBe(false);
    expect(v.failures).toHaveLength(2);
    expect(v.failures[1]).toBe('peak memory 700 MB, over the 600 MB limit');
  });
});

describe('bench:sync verdict on the cold open', () => {
  const good = { newestMs: 12, newestRows: 100, readyMs: 430, loadedFrom: 'storage', count: 1000 };

  it('passes a cold open within both targets that answers every row from the saved index', () => {
    expect(judgeColdOpen(good, 1000)).toEqual([]);
  });

  it('fails a slow cold open, one that rebuilt instead of loading, and one that lost rows', () => {
    expect(judgeColdOpen({ ...good, newestMs: 501, readyMs: 2001 }, 1000)).toEqual([
      'the newest 100 rows took 501 ms, over 500',
      'search was ready after 2001 ms, over 2000',
    ]);
    expect(judgeColdOpen({ ...good, loadedFrom: 'rebuild', count: 999 }, 1000)).toEqual([
      "the cold open's index answers 999 of 1000 rows",
      'the cold open did not load the saved index (rebuild)',
    ]);
  });
});

describe('bench:sync verdict on partitions at a real latency', () => {
  const whole = { distinct: 1000, backfillRows: 1000 };
  const at = (syncMs: number) => judgeSync({ outcome: 'done', syncMs }, whole, 1000);

  it('passes 8 partitions three times as fast as one cursor', () => {
    expect(judgeLatency(at(1000), at(3000))).toEqual([]);
  });

  it('fails partitions that gain too little, and a latency run that did not complete', () => {
    expect(judgeLatency(at(1000), at(2900))).toEqual([
      "8 partitions moved 1000 rows/s, 2.9x one cursor's 345: under 3x",
    ]);
    const broken = judgeSync({ outcome: 'error', syncMs: 0 }, { distinct: 10, backfillRows: 10 }, 1000);
    expect(judgeLatency(broken, at(3000))).toEqual([
      "partitioned: the sync ended 'error', not done",
      'partitioned: 10 of 1000 rows in the cache',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { judgeSync } from '../bench/sync/verdict';

// bench:sync's verdict on the backfill's peak memory, fed fabricated evidence: it must be able to fail.

describe('bench:sync verdict on peak memory', () => {
  const whole = { distinct: 1000, backfillRows: 1000 };
  const fast = { outcome: 'done', backfillMs: 50 };

  it('passes a complete, fast sync whose peak stayed under the limit', () => {
    expect(judgeSync(fast, whole, 1000, 10_000, { peakBytes: 599e6, limitBytes: 600e6 })).toEqual({ complete: true, rows_per_s: 20_000, failures: [], pass: true });
  });

  it('fails a complete, fast sync whose peak went over the limit', () => {
    const v = judgeSync(fast, whole, 1000, 10_000, { peakBytes: 601e6, limitBytes: 600e6 });
    expect(v).toMatchObject({ complete: true, pass: false });
    expect(v.failures).toEqual(['peak memory 601 MB, over the 600 MB limit']);
  });

  it('fails when the memory was never sampled rather than passing on no evidence', () => {
    expect(judgeSync(fast, whole, 1000, 10_000, { peakBytes: null, limitBytes: 600e6 }).failures).toEqual(['the memory was never sampled, so there is no peak']);
  });

  it('reports the rate, the peak and a doubled row together', () => {
    const v = judgeSync({ outcome: 'done', backfillMs: 500 }, { distinct: 1000, backfillRows: 1001 }, 1000, 10_000, { peakBytes: 700e6, limitBytes: 600e6 });
    expect(v.complete).toBe(false);
    expect(v.failures).toHaveLength(2);
    expect(v.failures[1]).toBe('peak memory 700 MB, over the 600 MB limit');
  });
});

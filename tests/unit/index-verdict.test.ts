import { describe, expect, it } from 'vitest';
import { INDEX_TARGETS, judgeIndex, type IndexRun } from '../bench/index/verdict';

// bench:index's verdict fed fabricated evidence: each target, and completeness, can fail it.

const MB = 1024 * 1024;

function goodRun(): IndexRun {
  return {
    expectedRows: 1000,
    census: { distinct: 1000, rows: 1000 },
    rebuiltCount: 1000,
    reopenedCount: 1000,
    reopenedFrom: 'storage',
    rebuildMs: 9_000,
    newestMs: 40,
    newestRows: 100,
    readyMs: 600,
    steadyBytes: { 'after the rebuild': 120 * MB, 'after a cold open': 110 * MB },
  };
}

describe('bench:index verdict', () => {
  it('passes a complete run within every target', () => {
    expect(judgeIndex(goodRun())).toEqual({ failures: [], exitCode: 0 });
  });

  it('fails a rebuild over 15 s, a slow cold open and too much memory after a GC', () => {
    const v = judgeIndex({ ...goodRun(), rebuildMs: 15_001, newestMs: 301, readyMs: 1_001, steadyBytes: { 'after a cold open': 401 * MB } });
    expect(v.exitCode).toBe(1);
    expect(v.failures).toEqual([
      'the rebuild took 15001 ms, over 15000',
      'the newest 100 rows took 301 ms, over 300',
      'search was ready after 1001 ms, over 1000',
      'window + worker held 401 MB after a cold open after a GC, over 400 MB',
    ]);
  });

  it('fails, however fast, an index that lost or doubled rows, or a cold open that rebuilt', () => {
    const lost = judgeIndex({ ...goodRun(), rebuiltCount: 999 });
    expect(lost.failures).toEqual(['the rebuilt index answers 999 rows of the 1000 cached']);
    const doubled = judgeIndex({ ...goodRun(), census: { distinct: 1000, rows: 1001 } });
    expect(doubled.failures).toEqual(['the cache holds 1001 rows (1000 distinct) of the 1000 written']);
    const rebuilt = judgeIndex({ ...goodRun(), reopenedFrom: 'rebuild' });
    expect(rebuilt.failures).toEqual(['the cold open did not load the saved index (rebuild)']);
  });

  it('fails a run that measured nothing rather than passing it', () => {
    const v = judgeIndex({ ...goodRun(), rebuildMs: Number.NaN, steadyBytes: {} });
    expect(v.failures).toEqual(['the rebuild took NaN ms, over 15000', 'no steady-state memory was measured']);
    expect(INDEX_TARGETS.steadyBytes).toBe(400 * MB);
  });
});

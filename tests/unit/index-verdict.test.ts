import { describe, expect, it } from 'vitest';
import { INDEX_TARGETS, judgeIndex, type IndexRun } from '../bench/index/verdict';

// bench:index's verdict fed fabricated evidence: each target, completeness and every answer the
// cold open painted can fail it.

const MB = 1024 * 1024;
const NEWEST = Array.from({ length: 100 }, (_, i) => `txn_${1000 - i}`);

function goodRun(): IndexRun {
  return {
    expectedRows: 1000,
    census: { distinct: 1000, rows: 1000 },
    rebuiltCount: 1000,
    reopenedFrom: 'storage',
    rebuildMs: 9_000,
    newestMs: 240,
    newestIds: NEWEST,
    referenceNewestIds: NEWEST,
    readyMs: 600,
    wrongAnswers: [],
    answersChecked: 2,
    steadyBytes: { 'after the rebuild': 120 * MB, 'after a cold open': 110 * MB },
  };
}

describe('bench:index verdict', () => {
  it('passes a complete run within every target', () => {
    expect(judgeIndex(goodRun())).toEqual({ failures: [], exitCode: 0 });
  });

  it('fails a rebuild over 15 s, a slow cold open and too much memory after a GC', () => {
    const v = judgeIndex({
      ...goodRun(),
      rebuildMs: 15_001,
      newestMs: 301,
      readyMs: 1_001,
      steadyBytes: { 'after a cold open': 401 * MB },
    });
    expect(v.exitCode).toBe(1);
    expect(v.failures).toEqual([
      'the rebuild took 15001 ms, over 15000',
      'the newest 100 rows were painted 301 ms after navigation, over 300',
      "the word's answer was painted 1001 ms after navigation, over 1000",
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

  it('fails a cold open that painted other rows than the newest, too few, or a wrong answer', () => {
    const swapped = [NEWEST[1] as string, NEWEST[0] as string, ...NEWEST.slice(2)];
    expect(judgeIndex({ ...goodRun(), newestIds: swapped }).failures).toEqual([
      'the cold open painted other rows than the newest 100 (by the reference)',
    ]);
    expect(judgeIndex({ ...goodRun(), newestIds: NEWEST.slice(0, 40) }).failures).toEqual([
      'the cold open painted 40 newest rows, not 100',
    ]);
    const wrong = judgeIndex({
      ...goodRun(),
      wrongAnswers: [{ answers: 'amazon', problems: ['count 12, the reference 13'] }],
    });
    expect(wrong.failures).toEqual(['the cold open painted "amazon" wrong: count 12, the reference 13']);
    expect(judgeIndex({ ...goodRun(), answersChecked: 0 }).failures).toEqual([
      'the cold open painted no answer to check',
    ]);
  });

  it('fails a run that measured nothing rather than passing it', () => {
    const v = judgeIndex({ ...goodRun(), rebuildMs: Number.NaN, steadyBytes: {} });
    expect(v.failures).toEqual(['the rebuild took NaN ms, over 15000', 'no steady-state memory was measured']);
    expect(INDEX_TARGETS.steadyBytes).toBe(400 * MB);
  });
});

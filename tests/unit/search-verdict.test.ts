import { describe, expect, it } from 'vitest';
import { compareCategories } from '../bench/search/node/compare';
import type { EngineOutcome } from '../bench/search/node/engine-run';
import type { BenchQuery } from '../bench/search/node/queries';
import { latencyFailures, searchVerdict } from '../bench/search/node/verdict';
import { categoryFigures, fastCategories } from '../support/search-verdict-figures';

// bench:search's latency verdict fed fabricated figures: each target must be able to fail the run.

const peer = (engine: string, best: number) => ({
  engine,
  p95: best,
  oursP95: 1,
  ratio: best,
  queries: 4,
  engineOnly: null,
});

describe('bench:search latency targets at 100k', () => {
  it('passes when every category is within 3 ms and no peer is faster anywhere', () => {
    expect(latencyFailures(100_000, categoryFigures(0.4, 0.5))).toEqual([]);
  });

  it('fails a category over 3 ms at p95', () => {
    expect(latencyFailures(100_000, categoryFigures(0.4, 5, { filter: { oursP95: 3.2 } }))).toEqual([
      '100000 rows: category filter p95 3.2 ms is over 3 ms',
    ]);
  });

  it('fails when a peer is faster in one category, however little', () => {
    const figures = categoryFigures(0.4, 5, {
      prefix: { best: { engine: 'flexsearch', p95: 0.39, oursP95: 0.4, ratio: 1, queries: 4, engineOnly: null } },
    });
    expect(latencyFailures(100_000, figures)).toEqual([
      '100000 rows: flexsearch is faster than ours in category prefix (p95 0.39 ms against 0.4 ms)',
    ]);
  });

  it('fails when no peer was timed: the comparison is not shown', () => {
    expect(latencyFailures(100_000, categoryFigures(0.4, null))).toEqual([
      '100000 rows: no peer was timed, so the comparison with the peers is not shown',
    ]);
  });

  it('fails a category ours did not time', () => {
    expect(latencyFailures(100_000, categoryFigures(0.4, 5, { id: { oursP95: null } }))).toEqual([
      '100000 rows: ours has no timed query in category id',
    ]);
  });
});

describe('bench:search latency targets at 1M', () => {
  it('passes with every category within 5 ms and the worst 10x faster than the best peer there', () => {
    const figures = categoryFigures(1, 5, { filter: { oursP95: 4.9, best: { ...peer('sqlite', 49), oursP95: 4.9 } } });
    expect(latencyFailures(1_000_000, figures)).toEqual([]);
  });

  it('fails the worst category over 5 ms', () => {
    const figures = categoryFigures(1, 100, {
      filter: { oursP95: 5.6, best: { ...peer('sqlite', 98), oursP95: 5.6 } },
    });
    expect(latencyFailures(1_000_000, figures)).toEqual(['1000000 rows: category filter p95 5.6 ms is over 5 ms']);
  });

  it('fails the worst category under 10x its best peer, even when other categories are far ahead', () => {
    const figures = categoryFigures(1, 100, {
      city: { oursP95: 4, best: { ...peer('minisearch', 30), oursP95: 4, ratio: 7.5 } },
    });
    expect(latencyFailures(1_000_000, figures)).toEqual([
      '1000000 rows: the worst category (city, 4 ms) is only 7.5x faster than minisearch (30 ms), under 10x',
    ]);
  });

  it('fails when no peer was timed in the worst category', () => {
    const figures = categoryFigures(1, 100, { amount: { oursP95: 3, best: null } });
    expect(latencyFailures(1_000_000, figures)).toEqual([
      '1000000 rows: no peer was timed in the worst category (amount), so the 10x comparison is not shown',
    ]);
  });
});

describe('bench:search exit code', () => {
  const ours: EngineOutcome = { engine: 'ours', ran: true, timings: [[1]], mismatched: [], failed: [] };

  it('exits 1 on a missed latency target, and judges no latency in --quick', () => {
    const slow = [
      {
        rows: 100_000,
        baselineRan: true,
        outcomes: [ours],
        categories: categoryFigures(0.4, 5, { word: { oursP95: 4 } }),
      },
    ];
    expect(searchVerdict(slow, false)).toEqual({
      exitCode: 1,
      failures: ['100000 rows: category word p95 4 ms is over 3 ms'],
    });
    expect(searchVerdict(slow, true).exitCode).toBe(0);
    expect(searchVerdict([{ ...slow[0]!, categories: fastCategories() }], false).exitCode).toBe(0);
  });
});

describe('bench:search comparison per category', () => {
  const queries: BenchQuery[] = [
    { name: 'word: a', category: 'word', q: { text: 'a' } },
    { name: 'word: b', category: 'word', q: { text: 'b' } },
    { name: 'prefix: c', category: 'prefix', q: { text: 'c' } },
  ];
  const run = (
    engine: EngineOutcome['engine'],
    timings: (number[] | undefined)[],
    engineTimings?: (number[] | undefined)[],
  ): EngineOutcome => ({ engine, ran: true, timings, engineTimings, mismatched: [], failed: [] });

  it('compares each peer on the queries both timed, and keeps the closest peer', () => {
    const figures = compareCategories(
      [
        run('ours', [[1, 1], [3, 3], [2]], [[0.5, 0.5], [1, 1], [1]]),
        // flexsearch skipped the slow word query: compared on "word: a" alone, where ours took 1 ms.
        run('flexsearch', [[2, 2], undefined, [1]], [[1.5, 1.5], undefined, [0.5]]),
        run('sqlite', [[30], [30], [40]]),
      ],
      queries,
    );
    const word = figures.find((f) => f.group === 'word');
    expect(word).toMatchObject({
      oursP95: 3,
      oursEngineP95: 1,
      best: {
        engine: 'flexsearch',
        p95: 2,
        oursP95: 1,
        ratio: 2,
        queries: 1,
        engineOnly: { p95: 1.5, oursP95: 0.5, ratio: 3 },
      },
    });
    const prefix = figures.find((f) => f.group === 'prefix');
    expect(prefix?.best).toMatchObject({ engine: 'flexsearch', p95: 1, oursP95: 2, ratio: 0.5 });
    expect(latencyFailures(100_000, figures)).toContain(
      '100000 rows: flexsearch is faster than ours in category prefix (p95 1 ms against 2 ms)',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { demoVerdict, sampleShows, timeline, type DemoRun, type ScreenSample } from '../bench/demo/verdict';

// bench:demo's verdict fed fabricated screen samples and counts: it must be able to fail.

const shown = (t: number, stage: string, rows: number, eta = ' · about 40 s left'): ScreenSample => ({
  t,
  stage,
  visible: true,
  text: `Stage: ${rows.toLocaleString('en-US')} of 100,000 transactions (${Math.floor(rows / 1000)}%)${eta}`,
});

const goodRun = (over: Partial<DemoRun> = {}): DemoRun => ({
  rows: 100_000,
  samples: [
    shown(0, 'preparing', 0),
    shown(2_000, 'planning', 0),
    shown(3_000, 'downloading', 10_000),
    shown(20_000, 'indexing', 99_000),
    { t: 21_000, stage: 'done', text: 'Searchable: 100,000 of 100,000 transactions (100%)', visible: true },
  ],
  searchableMs: 21_500,
  countOnScreen: 100_000,
  worldCount: 100_000,
  typed: { text: 'txn_1', onScreen: 1, expected: 1 },
  ...over,
});

describe('bench:demo verdict', () => {
  it('passes a run that showed progress and a time left the whole way and counted every row in time', () => {
    expect(demoVerdict(goodRun())).toMatchObject({
      exitCode: 0,
      failures: [],
      samples: 4,
      withoutProgress: 0,
      withoutEta: 0,
    });
  });

  it('fails when the reset took longer than the target', () => {
    const v = demoVerdict(goodRun({ searchableMs: 130_000 }));
    expect(v.exitCode).toBe(1);
    expect(v.failures.join()).toMatch(/took 130000 ms/);
  });

  it('fails when a sample showed no progress, none at all, or no time left', () => {
    const gap = goodRun({
      samples: [
        shown(0, 'preparing', 0),
        { t: 250, stage: null, text: '', visible: false },
        shown(500, 'downloading', 5, ''),
        shown(750, 'done', 100_000),
      ],
    });
    const v = demoVerdict(gap);
    expect(v).toMatchObject({ exitCode: 1, withoutProgress: 1, withoutEta: 2 });
    expect(demoVerdict(goodRun({ samples: [] })).failures.join()).toMatch(/no sample/);
  });

  it('fails when the line stayed at "Downloading … (100%)" while the index caught up', () => {
    const atFull = (t: number) => ({
      t,
      stage: 'downloading',
      visible: true,
      text: 'Downloading the history: 100,000 of 100,000 transactions (100%) · about 0 s left',
    });
    const stuck = goodRun({
      samples: [
        shown(0, 'downloading', 50_000),
        ...Array.from({ length: 8 }, (_, i) => atFull(250 * (i + 1))),
        shown(2_500, 'indexing', 99_000),
      ],
    });
    const v = demoVerdict(stuck);
    expect(v).toMatchObject({ exitCode: 1, downloadingAtFull: 8 });
    expect(v.failures.join()).toMatch(/at 100%/);
    // The instant between the last page and the next stage is allowed.
    expect(
      demoVerdict(goodRun({ samples: [shown(0, 'downloading', 50_000), atFull(250), shown(500, 'indexing', 99_000)] })),
    ).toMatchObject({ exitCode: 0, downloadingAtFull: 1 });
  });

  it('fails when the search counted other than what the sandbox holds, or the typed search disagrees', () => {
    expect(demoVerdict(goodRun({ countOnScreen: 99_950 })).exitCode).toBe(1);
    expect(demoVerdict(goodRun({ searchableMs: null, countOnScreen: null })).failures.join()).toMatch(/never counted/);
    expect(demoVerdict(goodRun({ worldCount: 99_000, countOnScreen: 99_000 })).failures.join()).toMatch(
      /were asked for/,
    );
    expect(demoVerdict(goodRun({ typed: { text: 'txn_1', onScreen: 0, expected: 1 } })).exitCode).toBe(1);
  });

  it('reads progress and a time left only from a visible line with rows, a percentage and "left"', () => {
    expect(sampleShows(shown(0, 'downloading', 1_000))).toEqual({ progress: true, eta: true });
    expect(sampleShows({ ...shown(0, 'downloading', 1_000), visible: false })).toEqual({ progress: false, eta: false });
    expect(sampleShows({ t: 0, stage: 'downloading', visible: true, text: 'Downloading the history…' })).toEqual({
      progress: false,
      eta: false,
    });
  });

  it('lays out the phase timeline from the first sample of each stage', () => {
    expect(timeline(goodRun())).toEqual({
      seed_ms: 2_000,
      planning_ms: 1_000,
      backfill_ms: 17_000,
      index_catch_up_ms: 1_000,
      total_ms: 21_500,
    });
    // A stage never seen (too short for a sample) leaves its neighbour the time.
    const noIndexing = goodRun({ samples: goodRun().samples.filter((s) => s.stage !== 'indexing') });
    expect(timeline(noIndexing)).toMatchObject({ backfill_ms: 18_000, index_catch_up_ms: null });
  });
});

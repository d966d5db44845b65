import { describe, expect, it } from 'vitest';
import {
  demoResetView,
  PRIOR_RATES,
  timeLeft,
  type DemoResetRun,
  type SyncSnapshot,
} from '../../src/renderer/src/model/demo-reset-progress';

const T0 = Date.UTC(2026, 0, 15, 12);
const N = 1_000_000;
const run = (over: Partial<DemoResetRun> = {}): DemoResetRun => ({
  transactions: N,
  startedAt: T0,
  prep: null,
  ...over,
});
const sync = (over: Partial<SyncSnapshot>): SyncSnapshot => ({
  phase: 'backfill',
  rows: 0,
  resumedRows: 0,
  total: N,
  rowsPerSecond: 0,
  etaSeconds: null,
  ...over,
});

describe('the Demo reset on screen', () => {
  it('estimates with a prior rate until a stage has run a second, then uses its own rate', () => {
    expect(timeLeft(0, 100_000, T0, T0 + 200, 50_000)).toEqual({ seconds: 2, estimated: true });
    expect(timeLeft(10_000, 90_000, T0, T0 + 2_000, 50_000)).toEqual({ seconds: 18, estimated: false });
  });

  it('shows the preparation with rows, percent and time left from the first instant', () => {
    const first = demoResetView(run(), undefined, null, T0);
    expect(first).toMatchObject({ stage: 'preparing', rows: 0, total: N, percent: 0, estimated: true });
    expect(first.etaSeconds).toBe(Math.ceil(N / PRIOR_RATES.preparing));
    const half = demoResetView(run({ prep: { done: N, total: 2 * N } }), undefined, null, T0 + 5_000);
    expect(half).toMatchObject({ stage: 'preparing', rows: N / 2, percent: 50, etaSeconds: 5, estimated: false });
  });

  it('plans with a guessed time left, then downloads with the sync’s own rate and ETA', () => {
    const prepared = run({ prep: { done: 2 * N, total: 2 * N }, preparedAt: T0 + 10_000 });
    const planning = demoResetView(prepared, sync({ phase: 'planning', total: null }), null, T0 + 10_500);
    expect(planning).toMatchObject({ stage: 'planning', rows: 0, percent: 0, estimated: true });
    expect(planning.etaSeconds).toBe(Math.ceil(N / PRIOR_RATES.downloading));
    const down = demoResetView(
      prepared,
      sync({ rows: 250_000, resumedRows: 0, rowsPerSecond: 10_000, etaSeconds: 75 }),
      null,
      T0 + 35_000,
    );
    expect(down).toMatchObject({ stage: 'downloading', rows: 250_000, percent: 25, etaSeconds: 75, estimated: false });
  });

  it('indexes until the index holds every row the service counted, then is searchable', () => {
    const prepared = run({ preparedAt: T0 });
    const finished = sync({ phase: 'done', rows: N });
    const indexing = demoResetView(prepared, finished, { state: 'ready', rows: 900_000 }, T0 + 90_000);
    expect(indexing).toMatchObject({ stage: 'indexing', rows: 900_000, percent: 90, etaSeconds: 10, estimated: false });
    expect(demoResetView(prepared, finished, { state: 'ready', rows: N }, T0 + 95_000)).toMatchObject({
      stage: 'done',
      percent: 100,
      etaSeconds: null,
    });
  });

  it('once every row is downloaded, shows the index catching up (its rows and time left), not the download at 100%', () => {
    const prepared = run({ preparedAt: T0 });
    // The last page is written but the backfill has not ended yet, then the recent days are re-read.
    for (const s of [
      sync({ rows: N, rowsPerSecond: 10_000, etaSeconds: 0 }),
      sync({ phase: 'incremental', rows: N, total: null }),
      sync({ phase: 'reconciling', rows: N + 40, total: null }),
    ]) {
      const v = demoResetView(prepared, s, { state: 'ready', rows: 800_000 }, T0 + 100_000);
      expect(v, s.phase).toMatchObject({
        stage: 'indexing',
        label: 'Indexing for search',
        rows: 800_000,
        percent: 80,
        etaSeconds: 25,
        estimated: false,
      });
    }
    // Caught up while the sync still re-reads recent days: not yet searchable as a whole.
    expect(
      demoResetView(
        prepared,
        sync({ phase: 'incremental', rows: N, total: null }),
        { state: 'ready', rows: N },
        T0 + 120_000,
      ),
    ).toMatchObject({ stage: 'indexing', label: 'Checking for recent changes', rows: N, percent: 100 });
    // A download short of its count is still downloading.
    expect(
      demoResetView(
        prepared,
        sync({ rows: N - 1, rowsPerSecond: 10_000, etaSeconds: 1 }),
        { state: 'ready', rows: 0 },
        T0 + 100_000,
      ).stage,
    ).toBe('downloading');
  });

  it('says the download stopped and why, with no time left, when the sync failed', () => {
    const v = demoResetView(
      run({ preparedAt: T0 }),
      sync({ phase: 'error', rows: 10, error: 'The service did not answer.' }),
      null,
      T0 + 1_000,
    );
    expect(v).toMatchObject({ stage: 'stopped', etaSeconds: null, error: 'The service did not answer.' });
  });
});

/**
 * `npm run bench:index -- --rows 1000000 [--cpu-profile dir]`
 *
 * The search index of a profile with `--rows` cached transactions, in Debian's Chromium through
 * the app's own modules and search worker. The cache is filled directly (the sandbox's seeded
 * history, seed 42 with its clock pinned, written as the sync writes it: one chunk per page of
 * 50, many pages a commit, through transactions-repo appendPages), not through the HTTP sync.
 * Prints JSON lines:
 *  - baseline: every chunk read once in the page, nothing kept (the floor under any rebuild);
 *  - rebuild: the worker opening the profile with no saved index (reading the chunks, building),
 *    then saving it; the peak of window + worker memory during it;
 *  - cold-open: the page reopened: the newest 100 rows from the cache, then search ready (the
 *    saved index loaded from its file and the first two searches, one of them a word, answered);
 *  - cold-open-indexeddb: the same, with the saved index moved back into IndexedDB records (where
 *    the previous version kept it): the baseline of the file;
 *  - memory: window + worker after a forced GC (DevTools HeapProfiler.collectGarbage on each
 *    target) after the rebuild and after the cold open;
 *  - verdict: exit 1 when a target is missed (verdict.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transaction } from '../../../src/shared/service';
import { createWorld } from '../../../src/sandbox/seed/create-world';
import { emit, numberArg, textArg } from '../shared/io';
import { startLaneBench, type LaneBench } from '../shared/lane-bench';
import { liveBytesOf, pageTarget, samplePeak, workerTarget, type Target } from './cdp-targets';
import { INDEX_TARGETS, judgeIndex } from './verdict';

const FIXED_NOW = Date.UTC(2026, 5, 15, 12);
const PAGE_SIZE = 50;
/** Pages per call into the page (and per commit): ~5 MB of JSON a call. */
const PAGES_PER_FILL = 200;
const round = (x: number) => Math.round(x);
const mb = (b: number) => Math.round(b / 1024 / 1024);

/** Writes the world's history into the profile's cache, newest page first as the backfill walks it. */
async function fill(bench: LaneBench, profileId: string, rows: number): Promise<{ rows: number; ms: number; word: string }> {
  const world = createWorld({ seed: 42, transactions: rows, pageSize: PAGE_SIZE, now: () => FIXED_NOW });
  const started = performance.now();
  let written = 0;
  let cursor: string | undefined;
  let word = '';
  do {
    const pages: Transaction[][] = [];
    while (pages.length < PAGES_PER_FILL) {
      const page = world.transactions.list({}, cursor, PAGE_SIZE);
      pages.push(page.items as Transaction[]);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    word ||= (pages[0]?.find((tx) => tx.merchantData?.description)?.merchantData?.description ?? 'fee').split(/\s+/)[0]!.toLowerCase();
    await bench.run('fill', profileId, JSON.stringify(pages));
    written += pages.reduce((n, p) => n + p.length, 0);
  } while (cursor);
  return { rows: written, ms: performance.now() - started, word };
}

async function profiled<T>(dir: string | undefined, name: string, targets: Target[], work: () => Promise<T>): Promise<T> {
  if (!dir) return work();
  for (const t of targets) {
    await t.send('Profiler.enable');
    await t.send('Profiler.setSamplingInterval', { interval: 500 });
    await t.send('Profiler.start');
  }
  const result = await work();
  await mkdir(dir, { recursive: true });
  for (const [i, t] of targets.entries()) {
    const { profile } = await t.send<{ profile: unknown }>('Profiler.stop');
    await writeFile(join(dir, `${name}-${i === 0 ? 'window' : 'worker'}.cpuprofile`), JSON.stringify(profile));
  }
  return result;
}

async function main(): Promise<void> {
  const rows = numberArg('rows', 100_000, true);
  const profileDir = textArg('cpu-profile');
  const bench = await startLaneBench('bench-index.ts', { isolated: true });
  const profileId = 'bench-index';
  try {
    await bench.run('reset', profileId);
    const filled = await fill(bench, profileId, rows);
    const census = await bench.run<{ distinct: number; rows: number }>('census', profileId);
    emit({ kind: 'fill', rows: filled.rows, distinct: census.distinct, chunk_rows: PAGE_SIZE, ms: round(filled.ms) });

    const base = await bench.run<{ rows: number; ms: number }>('readAll', profileId);
    emit({ kind: 'baseline', what: 'every chunk read once in the page, nothing kept', rows: base.rows, ms: round(base.ms), rows_per_s: round((base.rows / base.ms) * 1000) });

    // The rebuild, with the peak of both threads sampled while it runs.
    await bench.run('start');
    const page = await pageTarget(bench.page);
    let worker = await workerTarget(bench.browser, 'search.js');
    // The fill's garbage is not the rebuild's: collected first.
    const beforeRebuild = (await liveBytesOf(page)) + (await liveBytesOf(worker));
    const peak = samplePeak([page, worker], 100);
    const built = await profiled(profileDir, 'rebuild', [page, worker], () =>
      bench.run<{ status: { rows: number; loadedFrom: string; loadMs: number }; buildMs: number; saveMs: number }>('rebuild', profileId),
    );
    const duringRebuild = await peak.stop();
    const rebuiltCount = await bench.run<number>('indexCount');
    const afterRebuild = (await liveBytesOf(page)) + (await liveBytesOf(worker));
    emit({
      kind: 'rebuild',
      rows: built.status.rows,
      from: built.status.loadedFrom,
      rebuild_ms: round(built.buildMs),
      save_ms: round(built.saveMs),
      vs_baseline: Number((built.buildMs / base.ms).toFixed(2)),
      live_before_mb: mb(beforeRebuild),
      peak_mb: mb(duringRebuild.peakBytes),
      peak_window_mb: mb(duringRebuild.peaks[0] as number),
      peak_worker_mb: mb(duringRebuild.peaks[1] as number),
      peak_samples: duringRebuild.samples,
      live_after_gc_mb: mb(afterRebuild),
      target_ms: INDEX_TARGETS.rebuildMs,
    });
    await worker.detach();

    // A cold open: the page reloaded (a new worker), the saved index loaded.
    await bench.reopen();
    const reopenedPage = await pageTarget(bench.page);
    await bench.run('start');
    worker = await workerTarget(bench.browser, 'search.js');
    const cold = await profiled(profileDir, 'cold-open', [reopenedPage, worker], () =>
      bench.run<{ newestMs: number; newestRows: number; readyMs: number; readMs?: number; openMs?: number; loadedFrom: string; rows: number; allCount: number; wordCount: number }>('coldOpen', profileId, filled.word),
    );
    const windowAfterOpen = await liveBytesOf(reopenedPage);
    const workerAfterOpen = await liveBytesOf(worker);
    emit({
      kind: 'cold-open',
      rows: cold.allCount,
      newest_100_ms: round(cold.newestMs),
      search_ready_ms: round(cold.readyMs),
      // Inside the worker: opening the saved index, and of that, reading its parts from storage.
      worker_open_ms: cold.openMs,
      worker_read_ms: cold.readMs,
      index_from: cold.loadedFrom,
      word: filled.word,
      word_rows: cold.wordCount,
      target_newest_ms: INDEX_TARGETS.newestMs,
      target_ready_ms: INDEX_TARGETS.readyMs,
    });
    emit({ kind: 'memory', rows, after_rebuild_mb: mb(afterRebuild), after_cold_open_mb: mb(windowAfterOpen + workerAfterOpen), window_mb: mb(windowAfterOpen), worker_mb: mb(workerAfterOpen), peak_during_rebuild_mb: mb(duringRebuild.peakBytes), target_steady_mb: mb(INDEX_TARGETS.steadyBytes) });
    await worker.detach();

    // The same saved index where the previous version kept it (IndexedDB records), opened cold
    // again: the baseline of the file's read, measured in this run.
    await bench.run('toIndexedDb', profileId);
    await bench.reopen();
    await bench.run('start');
    const fromDb = await bench.run<{ newestMs: number; readyMs: number; readMs?: number; openMs?: number; loadedFrom: string; allCount: number; wordCount: number }>('coldOpen', profileId, filled.word);
    emit({
      kind: 'cold-open-indexeddb',
      what: 'the same saved index read from IndexedDB records, as before the file',
      rows: fromDb.allCount,
      search_ready_ms: round(fromDb.readyMs),
      worker_open_ms: fromDb.openMs,
      worker_read_ms: fromDb.readMs,
      index_from: fromDb.loadedFrom,
      word_rows: fromDb.wordCount,
    });

    const verdict = judgeIndex({
      expectedRows: filled.rows,
      census,
      rebuiltCount,
      reopenedCount: cold.allCount,
      reopenedFrom: cold.loadedFrom,
      rebuildMs: built.buildMs,
      newestMs: cold.newestMs,
      newestRows: cold.newestRows,
      readyMs: cold.readyMs,
      steadyBytes: { 'after the rebuild': afterRebuild, 'after a cold open': windowAfterOpen + workerAfterOpen },
    });
    emit({ kind: 'verdict', rows, failures: verdict.failures, exit_code: verdict.exitCode });
    process.exitCode = verdict.exitCode;
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

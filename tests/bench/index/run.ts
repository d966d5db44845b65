/**
 * `npm run bench:index -- --rows 1000000 [--cpu-profile dir]`
 *
 * The search index of a profile with `--rows` cached transactions, in Debian's Chromium through
 * the app's own modules, worker and page. The profile is a live one of main's real core, on a
 * sandbox seeded with the history (seed 42, its clock pinned); its cache is filled directly (the
 * sandbox's rows, written as the sync writes them: one chunk per page of 50, many pages a commit,
 * through transactions-repo appendPages), not through the HTTP sync. Chromium keeps its profile
 * in a folder, so each browser below is a new process opening what the last one left. Prints
 * JSON lines:
 *  - baseline: every chunk read once in the page, nothing kept (the floor under any rebuild);
 *  - rebuild: the worker opening the profile with no saved index (reading the chunks, building),
 *    then saving it; the peak of window + worker memory during it;
 *  - cold-open: a NEW browser process on the app's own page (its entry URL, served as the app
 *    scheme serves it), the service unreachable (so no sync runs beside it: the figure is the app
 *    opening its own cache): from navigation, through the Dashboard and a click on Transactions,
 *    to the newest 100 rows painted (the worker starting meanwhile), then a word typed and its
 *    answer painted; the rows and every answer painted checked against the benchmark's own
 *    search over the sandbox's rows (../shared/reference-search.ts);
 *  - cold-open-indexeddb: the same, with the saved index moved back into IndexedDB records (where
 *    the previous version kept it): the baseline of the file;
 *  - memory: window + worker after a forced GC (DevTools HeapProfiler.collectGarbage on each
 *    target) after the rebuild and after the cold open; the processes as the OS counts them
 *    during the cold open;
 *  - verdict: exit 1 when a target is missed or an answer is wrong (verdict.ts).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageBridge } from '../../../src/browser-host/bridge';
import { createMainCore } from '../../../src/main/core';
import { dispatch } from '../../../src/main/ipc/dispatch';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import type { Transaction } from '../../../src/shared/service';
import { FakePrompt } from '../../support/fake-prompt';
import { emit, numberArg, textArg } from '../shared/io';
import { startLaneBench, type LaneBench } from '../shared/lane-bench';
import { wrongPaints } from '../shared/painted-results';
import { phaseLine } from '../shared/process-memory-verdict';
import { ReferenceSearch } from '../shared/reference-search';
import { coldOpenApp, NEWEST, type AppColdOpen } from './app-cold-open';
import { liveBytesOf, pageTarget, samplePeak, workerTarget, type Target } from './cdp-targets';
import { INDEX_TARGETS, judgeIndex } from './verdict';

const FIXED_NOW = Date.UTC(2026, 5, 15, 12);
const PAGE_SIZE = 50;
/** Pages per call into the page (and per commit): ~5 MB of JSON a call. */
const PAGES_PER_FILL = 200;
const mb = (b: number) => Math.round(b / 1024 / 1024);

/** Writes the sandbox's history into the profile's cache, newest page first as the backfill walks it. */
async function fill(
  bench: LaneBench,
  profileId: string,
  sandbox: Sandbox,
): Promise<{ rows: number; ms: number; word: string }> {
  const started = performance.now();
  let written = 0;
  let cursor: string | undefined;
  let word = '';
  do {
    const pages: Transaction[][] = [];
    while (pages.length < PAGES_PER_FILL) {
      const page = sandbox.world.transactions.list({}, cursor, PAGE_SIZE);
      pages.push(page.items as Transaction[]);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    word ||= (pages[0]?.find((tx) => tx.merchantData?.description)?.merchantData?.description ?? 'fee')
      .split(/\s+/)[0]!
      .toLowerCase();
    await bench.run('fill', profileId, JSON.stringify(pages));
    written += pages.reduce((n, p) => n + p.length, 0);
  } while (cursor);
  return { rows: written, ms: performance.now() - started, word };
}

async function profiled<T>(
  dir: string | undefined,
  name: string,
  targets: Target[],
  work: () => Promise<T>,
): Promise<T> {
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

/** A live profile of `core` on `sandbox`, the active one (what the app opens). */
async function activeProfile(core: Awaited<ReturnType<typeof createMainCore>>, sandbox: Sandbox): Promise<string> {
  const created = await dispatch(core.handlers, 'profiles:create', {
    name: 'Bench index',
    baseUrl: sandbox.apiUrl,
    vaultUrl: sandbox.vaultUrl,
    apiKey: sandbox.apiKey,
    sessionOnly: true,
  });
  if (!created.ok) throw new Error(`could not create the benchmark's profile: ${created.error.message}`);
  const id = (created.value as { id: string }).id;
  const selected = await dispatch(core.handlers, 'profiles:select', { id });
  if (!selected.ok) throw new Error(`could not select the benchmark's profile: ${selected.error.message}`);
  return id;
}

function coldOpenLine(
  kind: string,
  rows: number,
  cold: AppColdOpen,
  word: string,
  wrong: number,
): Record<string, unknown> {
  return {
    kind,
    rows,
    from: 'navigation start, in a new browser process',
    ...cold.boot,
    click_transactions_ms: cold.clickMs === null ? null : Math.round(cold.clickMs),
    newest_100_ms: Math.round(cold.newestMs),
    newest_100_after_click_ms: cold.clickMs === null ? null : Math.round(cold.newestMs - cold.clickMs),
    newest_rows: cold.newestIds.length,
    word,
    word_typed_ms: cold.typedMs === null ? null : Math.round(cold.typedMs),
    search_ready_ms: Math.round(cold.readyMs),
    index_from: cold.indexFrom,
    answers_painted: cold.paints.length,
    wrong_answers: wrong,
  };
}

async function main(): Promise<void> {
  const rows = numberArg('rows', 100_000, true);
  const profileDir = textArg('cpu-profile');
  const scratch = await mkdtemp(join(tmpdir(), 'bench-index-'));
  const browserDir = join(scratch, 'chromium');
  let bridge: PageBridge | undefined;
  const core = await createMainCore({
    userDataDir: join(scratch, 'user'),
    version: 'bench',
    platform: process.platform,
    secrets: 'memory',
    emit: (event, payload) => bridge?.emit(event, payload),
    prompt: new FakePrompt('confirm'),
  });
  const sandbox = await startSandbox({
    seed: 42,
    transactions: rows,
    pageSize: PAGE_SIZE,
    validateResponses: false,
    now: () => FIXED_NOW,
  });
  try {
    const profileId = await activeProfile(core, sandbox);
    const bench = await startLaneBench('bench-index.ts', { isolated: true, browserDataDir: browserDir, core });
    let filled: Awaited<ReturnType<typeof fill>>;
    let census: { distinct: number; rows: number };
    let built: { status: { rows: number; loadedFrom: string; loadMs: number }; buildMs: number; saveMs: number };
    let rebuiltCount: number;
    let afterRebuild: number;
    try {
      await bench.run('reset', profileId);
      filled = await fill(bench, profileId, sandbox);
      census = await bench.run<{ distinct: number; rows: number }>('census', profileId);
      emit({
        kind: 'fill',
        rows: filled.rows,
        distinct: census.distinct,
        chunk_rows: PAGE_SIZE,
        ms: Math.round(filled.ms),
      });

      const base = await bench.run<{ rows: number; ms: number }>('readAll', profileId);
      emit({
        kind: 'baseline',
        what: 'every chunk read once in the page, nothing kept',
        rows: base.rows,
        ms: Math.round(base.ms),
        rows_per_s: Math.round((base.rows / base.ms) * 1000),
      });

      // The rebuild, with the peak of both threads sampled while it runs.
      await bench.run('start');
      const page = await pageTarget(bench.page);
      const worker = await workerTarget(bench.browser, 'search.js');
      // The fill's garbage is not the rebuild's: collected first.
      const beforeRebuild = (await liveBytesOf(page)) + (await liveBytesOf(worker));
      const peak = samplePeak([page, worker], 100);
      built = await profiled(profileDir, 'rebuild', [page, worker], () => bench.run('rebuild', profileId));
      const duringRebuild = await peak.stop();
      rebuiltCount = await bench.run<number>('indexCount');
      afterRebuild = (await liveBytesOf(page)) + (await liveBytesOf(worker));
      emit({
        kind: 'rebuild',
        rows: built.status.rows,
        from: built.status.loadedFrom,
        rebuild_ms: Math.round(built.buildMs),
        save_ms: Math.round(built.saveMs),
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
    } finally {
      await bench.close();
    }

    // From here the service is unreachable: the app opens what it has, no sync runs beside it.
    await sandbox.setFaults({ offline: true });
    const all: Transaction[] = sandbox.world.transactions.list({}, undefined, sandbox.world.transactions.size).items;
    const reference = new ReferenceSearch(all, (id) => sandbox.world.cards.get(id));
    const referenceOf = (text: string) => reference.answer(text, 10);

    const cold = await coldOpenApp(browserDir, core, (b) => (bridge = b), filled.word);
    const wrong = wrongPaints(cold.paints, referenceOf);
    emit(coldOpenLine('cold-open', rows, cold, filled.word, wrong.length));
    for (const p of cold.processes) emit({ kind: 'process-memory', rows, ...phaseLine(p) });
    const afterOpen = cold.liveAfterGcBytes.window + cold.liveAfterGcBytes.worker;
    emit({
      kind: 'memory',
      rows,
      after_rebuild_mb: mb(afterRebuild),
      after_cold_open_mb: mb(afterOpen),
      window_mb: mb(cold.liveAfterGcBytes.window),
      worker_mb: mb(cold.liveAfterGcBytes.worker),
      target_steady_mb: mb(INDEX_TARGETS.steadyBytes),
    });

    // The same saved index where the previous version kept it (IndexedDB records), opened cold
    // again: the baseline of the file's read, measured in this run.
    const mover = await startLaneBench('bench-index.ts', { browserDataDir: browserDir, core });
    try {
      await mover.run('toIndexedDb', profileId);
    } finally {
      await mover.close();
    }
    const fromDb = await coldOpenApp(browserDir, core, (b) => (bridge = b), filled.word);
    emit({
      ...coldOpenLine('cold-open-indexeddb', rows, fromDb, filled.word, wrongPaints(fromDb.paints, referenceOf).length),
      what: 'the same saved index read from IndexedDB records, as before the file',
    });

    const verdict = judgeIndex({
      expectedRows: filled.rows,
      census,
      rebuiltCount,
      reopenedFrom: cold.indexFrom,
      rebuildMs: built.buildMs,
      newestMs: cold.newestMs,
      newestIds: cold.newestIds,
      referenceNewestIds: reference.newest(NEWEST),
      readyMs: cold.readyMs,
      wrongAnswers: wrong,
      answersChecked: cold.paints.length,
      steadyBytes: { 'after the rebuild': afterRebuild, 'after a cold open': afterOpen },
    });
    emit({ kind: 'verdict', rows, failures: verdict.failures, exit_code: verdict.exitCode });
    process.exitCode = verdict.exitCode;
  } finally {
    await sandbox.close();
    await core.dispose();
    await rm(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

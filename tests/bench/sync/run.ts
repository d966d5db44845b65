/**
 * `npm run bench:sync -- --rows 1000000 [--latency-rows 20000] [--latency 50] [--page-size 50] [--cpu-profile file]`
 *
 * The transaction sync in Debian's Chromium, writing the app's real IndexedDB cache, from the
 * sandbox over loopback through main's real core (the renderer's calls go through the same
 * bridge as the e2e tests). Prints JSON lines:
 *  - baseline: the same pages walked by plain fetch in Node with one cursor, no IndexedDB;
 *  - backfill throughput (rows/s) at loopback, partitioned (4 cursors);
 *  - the same under `--latency` ms per request: partitioned (8 cursors) against one cursor, on a
 *    smaller history (`--latency-rows`) because one cursor at 50 ms a page takes ~17 min per 1M;
 *  - resume after a kill at a random page: no row missing, none doubled;
 *  - the index built and saved, then a cold open: newest 100 rows, then search ready.
 * Targets: >= 10,000 rows/s (at least 5,000); newest 100 <= 500 ms; search ready <= 2 s.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { connectPage } from '../../../src/browser-host/bridge';
import { chromiumArgs, findChromium } from '../../../src/browser-host/find-chromium';
import { buildShim } from '../../../src/browser-host/shim-bundle';
import { createMainCore, type MainCore } from '../../../src/main/core';
import { dispatch } from '../../../src/main/ipc/dispatch';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { openLane, runInLane, serveLane } from '../../renderer/harness/lane-page';
import { HeapSampler } from '../search/node/heap-sampler';

const FIXED_NOW = Date.UTC(2026, 5, 15, 12);

function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a number`);
  return v;
}

const emit = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const round = (x: number) => Math.round(x);

async function liveProfile(core: MainCore, sandbox: Sandbox, name: string): Promise<string> {
  const r = await dispatch(core.handlers, 'profiles:create', { name, baseUrl: sandbox.apiUrl, vaultUrl: sandbox.vaultUrl, apiKey: sandbox.apiKey, sessionOnly: true });
  if (!r.ok) throw new Error(r.error.message);
  return (r.value as { id: string }).id;
}

/** The fastest the pages can come: one cursor, plain fetch in Node, nothing stored. */
async function baseline(sandbox: Sandbox): Promise<{ rows: number; ms: number }> {
  const start = performance.now();
  let rows = 0;
  let cursor: string | undefined;
  do {
    const url = `${sandbox.apiUrl}/transaction${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await fetch(url, { headers: { 'x-api-key': sandbox.apiKey } }).then((r) => r.json())) as { items: unknown[]; metadata?: { nextCursor?: string } };
    rows += page.items.length;
    cursor = page.metadata?.nextCursor;
  } while (cursor);
  return { rows, ms: performance.now() - start };
}

interface SyncResult {
  outcome: string;
  ms: number;
  backfillMs: number;
  rows: number;
}

async function main(): Promise<void> {
  const rows = arg('rows', 1_000_000);
  const latencyRows = arg('latency-rows', 20_000);
  const latency = arg('latency', 50);
  const pageSize = arg('page-size', 50);
  const cursors = arg('cursors', 4);
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error('Chromium is needed (scripts/ensure-system-packages.sh)');
  const dir = await mkdtemp(join(tmpdir(), 'bench-sync-'));
  const started = performance.now();
  const big = await startSandbox({ seed: 42, transactions: rows, pageSize, validateResponses: false, now: () => FIXED_NOW });
  emit({ kind: 'seed', rows: big.world.transactions.size, page_size: pageSize, ms: round(performance.now() - started) });

  const base = await baseline(big);
  emit({ kind: 'baseline', what: 'one cursor, plain fetch in Node, nothing stored', rows: base.rows, ms: round(base.ms), rows_per_s: round((base.rows / base.ms) * 1000) });

  const core = await createMainCore({ userDataDir: join(dir, 'user'), version: 'bench', platform: process.platform, secrets: 'memory', emit: () => undefined });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs(['--disable-gpu']) });
  const context = await browser.newContext();
  const server = await serveLane(context, { isolated: true });
  const page: Page = await context.newPage();
  await connectPage(page, buildShim(), () => core.handlers);
  await openLane(page, server, 'bench-sync.ts');
  const run = <T>(name: string, ...args: unknown[]) => runInLane<T>(page, name, ...args);
  try {
    // 1. Backfill at loopback, partitioned.
    const bigId = await liveProfile(core, big, 'Big');
    const profileTo = textArg('cpu-profile');
    const cdp = profileTo ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const full = await run<SyncResult>('sync', bigId, { concurrency: cursors });
    if (cdp && profileTo) {
      // The window's CPU during the backfill, for chrome://inspect or speedscope.
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(profileTo, JSON.stringify(profile));
    }
    const census = await run<{ distinct: number; backfillRows: number }>('census', bigId);
    emit({
      kind: 'backfill',
      rows: census.distinct,
      cursors,
      backfill_ms: round(full.backfillMs),
      rows_per_s: round((census.distinct / full.backfillMs) * 1000),
      total_sync_ms: round(full.ms),
      target_rows_per_s: 10_000,
      minimum_rows_per_s: 5_000,
      pass: (census.distinct / full.backfillMs) * 1000 >= 10_000,
      complete: census.distinct === big.world.transactions.size && census.backfillRows === census.distinct,
    });

    // 2. The index, built from the cache and saved; then a cold open.
    const idx = await run<{ openMs: number; saveMs: number; status: { rows: number; loadedFrom: string } }>('index', bigId);
    emit({ kind: 'index-build', rows: idx.status.rows, from: idx.status.loadedFrom, build_ms: round(idx.openMs), save_ms: round(idx.saveMs) });
    await openLane(page, server, 'bench-sync.ts');
    const cold = await run<{ newestMs: number; newestRows: number; readyMs: number; loadedFrom: string; count: number }>('coldOpen', bigId);
    const memory = await run<number | null>('memory');
    // The same after a full collection: loading leaves the read buffers as garbage for a while.
    const sampler = await HeapSampler.attach(browser, 'search.js');
    const workerLive = await sampler.liveUsage();
    await sampler.detach();
    emit({
      kind: 'cold-open',
      rows: cold.count,
      newest_100_ms: round(cold.newestMs),
      search_ready_ms: round(cold.readyMs),
      index_from: cold.loadedFrom,
      target_newest_ms: 500,
      target_ready_ms: 2000,
      pass: cold.newestMs <= 500 && cold.readyMs <= 2000,
      window_worker_bytes_right_after: memory,
      worker_live_bytes_after_gc: workerLive,
    });

    // 3. Resume after a kill at a random page.
    await run('reset', bigId);
    const pages = Math.ceil(Math.min(rows, 200_000) / pageSize);
    const killAt = 1 + Math.floor(((FIXED_NOW / 1000) % 997) / 997 * Math.max(1, pages - 1));
    const small = rows > 200_000 ? await startSandbox({ seed: 7, transactions: 200_000, pageSize, validateResponses: false, now: () => FIXED_NOW }) : big;
    const killId = small === big ? bigId : await liveProfile(core, small, 'Resume');
    const killed = await run<SyncResult>('sync', killId, { concurrency: 4, abortAfterChunks: killAt });
    await openLane(page, server, 'bench-sync.ts');
    const resumed = await run<SyncResult>('sync', killId, { concurrency: 4 });
    const after = await run<{ distinct: number; backfillRows: number }>('census', killId);
    emit({ kind: 'resume', rows: small.world.transactions.size, killed_after_chunks: killAt, first_run: killed.outcome, second_run: resumed.outcome, distinct: after.distinct, backfill_rows: after.backfillRows, pass: after.distinct === small.world.transactions.size && after.backfillRows === after.distinct });
    if (small !== big) await small.close();

    // 4. A real network's latency: partitioned against one cursor, on a smaller history.
    const slow = await startSandbox({ seed: 9, transactions: latencyRows, pageSize, validateResponses: false, now: () => FIXED_NOW, faults: { latencyMs: latency } });
    for (const [label, args] of [
      ['partitioned', { concurrency: 8, rowsPerPartition: Math.max(500, Math.ceil(latencyRows / 16)) }],
      ['single-cursor', { concurrency: 1, rowsPerPartition: Number.MAX_SAFE_INTEGER }],
    ] as const) {
      const id = await liveProfile(core, slow, `Latency ${label}`);
      const r = await run<SyncResult>('sync', id, args);
      emit({ kind: 'latency', mode: label, latency_ms: latency, rows: latencyRows, cursors: args.concurrency, backfill_ms: round(r.backfillMs), rows_per_s: round((latencyRows / r.backfillMs) * 1000) });
    }
    await slow.close();
  } finally {
    await browser.close();
    await core.dispose();
    await big.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

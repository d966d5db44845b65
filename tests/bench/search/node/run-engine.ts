import type { Browser } from '@playwright/test';
import type { MemoryFigures } from '../browser/page-api';
import type { Answer, BuildReport } from '../shared/protocol';
import type { EngineName, Options } from './args';
import { BenchPage } from './bench-page';
import { emit, progress } from './emit';
import { HeapSampler } from './heap-sampler';
import { difference } from './oracle';
import type { BenchQuery } from './queries';
import type { Site } from './site';
import { mb, percentiles } from './stats';

/** Everything one engine's run at one size needs. */
export interface RunContext {
  browser: Browser;
  site: Site;
  manifestUrl: string;
  rows: number;
  queries: readonly BenchQuery[];
  expected: readonly Answer[];
  options: Options;
  limit: number;
}

export interface EngineOutcome {
  engine: EngineName;
  /** Built, and answered at least one query. */
  ran: boolean;
  /** Round trips per query index; absent for queries that were not timed (mismatch, error). */
  timings: (number[] | undefined)[];
  mismatched: number[];
  failed: number[];
  steady?: MemoryFigures;
  /** Window + worker after the build, the larger of the two measurements of the worker (see the steady line). */
  steadyBytes?: number;
  /** Window + worker at the highest sample of the build. */
  buildPeakBytes?: number;
  build?: BuildReport;
}

const SAMPLE_MS = 50;
/** Queries answered slower than this get no extra warm-up round (the verification run warmed them). */
const WARM_UP_BELOW_MS = 1000;

/**
 * Repetitions per query: as many as fit the per-query budget within [minReps, maxReps], then
 * scaled down (to one per query at least) when they would take longer than the engine's budget.
 */
function repetitions(firstMs: readonly number[], o: Options): number[] {
  const reps = firstMs.map((ms) => Math.max(o.minReps, Math.min(o.maxReps, Math.floor(o.queryBudgetMs / Math.max(ms, 0.001)))));
  const total = reps.reduce((sum, r, i) => sum + r * (firstMs[i] as number), 0);
  if (total <= o.engineBudgetMs) return reps;
  return reps.map((r) => Math.max(1, Math.floor((r * o.engineBudgetMs) / total)));
}

export async function runEngine(ctx: RunContext, engine: EngineName): Promise<EngineOutcome> {
  const outcome: EngineOutcome = { engine, ran: false, timings: ctx.queries.map(() => undefined), mismatched: [], failed: [] };
  const base = { engine, rows: ctx.rows };
  const fail = (phase: string, message: string, extra: Record<string, unknown> = {}) => emit({ kind: 'error', ...base, phase, message, ...extra });
  let page: BenchPage | undefined;
  let sampler: HeapSampler | undefined;
  try {
    page = await BenchPage.open(ctx.browser, ctx.site);
    const before = await page.call('memory');
    const pageBytes = before.ok ? before.value.windowBytes + before.value.otherBytes : 0;
    const url = `/workers/${engine}.js`;
    await page.call('start', url);
    progress(`${engine} @ ${ctx.rows}: loading the rows`);
    const loaded = await page.call('load', ctx.manifestUrl, ctx.options.buildTimeoutMs);
    if (!loaded.ok) {
      fail('load', loaded.error);
      return outcome;
    }
    sampler = await HeapSampler.attach(ctx.browser, url);
    const inputBytes = await sampler.usage();
    let capped = false;
    const p = page;
    sampler.start(SAMPLE_MS, (bytes) => {
      if (capped || bytes <= ctx.options.memoryCapBytes) return;
      capped = true;
      void p.call('stop', `memory cap: the worker's heap passed ${mb(ctx.options.memoryCapBytes)} MB during the build (${mb(bytes)} MB)`).catch(() => {});
    });
    progress(`${engine} @ ${ctx.rows}: building`);
    const built = await page.call('build', ctx.options.buildTimeoutMs);
    sampler.stop();
    // One more sample at the end, so a build shorter than the interval is measured at least once.
    if (built.ok) await sampler.sampleOnce().catch(() => {});
    outcome.buildPeakBytes = sampler.peakBytes + pageBytes;
    emit({
      kind: 'memory',
      ...base,
      phase: 'build-peak',
      mb: mb(sampler.peakBytes + pageBytes),
      worker_peak_mb: mb(sampler.peakBytes),
      window_mb: mb(pageBytes),
      worker_before_build_mb: mb(inputBytes),
      samples: sampler.samples,
      method: `worker: highest of CDP Runtime.getHeapUsage (used JS heap incl. garbage not yet collected + Blink heap + array buffers incl. WASM memory), sampled every ${SAMPLE_MS} ms during the build and once at its end; window: measureUserAgentSpecificMemory before the build. worker_before_build_mb is mostly the encoded input rows (${mb(loaded.value.inputBytes)} MB), which one-pass engines drop chunk by chunk as they read`,
    });
    if (!built.ok) {
      fail('build', page.crashed ? `the page crashed (${built.error})` : built.error);
      return outcome;
    }
    outcome.build = built.value;
    const b = built.value;
    const l = loaded.value;
    emit({ kind: 'build', ...base, build_ms: Math.round(b.buildMs), decode_ms: Math.round(l.decodeMs), load_ms: Math.round(l.loadMs), input_mb: mb(l.inputBytes), details: b.details, notes: b.notes, note: 'build_ms includes decoding the rows once (decode_ms alone); load_ms is fetching them through request interception' });

    // Verify every query against the oracle; the run also warms the engine up.
    progress(`${engine} @ ${ctx.rows}: verifying ${ctx.queries.length} queries`);
    const firstMs: number[] = [];
    for (const [i, bq] of ctx.queries.entries()) {
      const r = await page.call('ask', bq.q, ctx.limit, ctx.options.queryTimeoutMs);
      if (!r.ok) {
        outcome.failed.push(i);
        fail('query', r.error, { query: bq.name, category: bq.category });
        if (/terminated|crash|no worker/i.test(r.error) || page.crashed) break;
        continue;
      }
      outcome.ran = true;
      firstMs[i] = r.value.ms;
      const diff = difference(ctx.expected[i] as Answer, r.value.answer);
      if (diff) {
        outcome.mismatched.push(i);
        emit({ kind: 'mismatch', ...base, query: bq.name, category: bq.category, q: bq.q, ...diff, note: 'excluded from the speed comparison for this query' });
      }
    }
    const steady = await page.call('memory');
    // measureUserAgentSpecificMemory() leaves WebAssembly memory out (SQLite's whole database), so
    // the worker is also measured through DevTools after a full GC, and the larger figure counts.
    const live = await sampler.liveUsage().catch((e: unknown) => {
      fail('memory', `live heap after GC: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    });
    if (steady.ok) {
      const s = steady.value;
      outcome.steady = s;
      const workerBytes = Math.max(s.workerBytes, live ?? 0);
      outcome.steadyBytes = s.windowBytes + s.otherBytes + workerBytes;
      emit({
        kind: 'memory',
        ...base,
        phase: 'steady',
        mb: mb(outcome.steadyBytes),
        window_mb: mb(s.windowBytes),
        other_mb: mb(s.otherBytes),
        worker_mb: mb(workerBytes),
        ua_worker_mb: mb(s.workerBytes),
        ...(live !== undefined ? { cdp_worker_after_gc_mb: mb(live) } : {}),
        method:
          'after the build and one pass of the queries: window and shared from performance.measureUserAgentSpecificMemory(); worker = the larger of its figure (ua_worker_mb, which leaves WebAssembly memory out) and CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage (JS heap + Blink heap + array buffers incl. WASM memory)',
      });
    } else fail('memory', steady.error);

    const timed = ctx.queries.map((_, i) => i).filter((i) => firstMs[i] !== undefined && !outcome.mismatched.includes(i));
    if (timed.length === 0) return outcome;
    const first = (i: number) => firstMs[i] as number;
    const warm = timed.filter((i) => first(i) < WARM_UP_BELOW_MS);
    if (warm.length > 0) {
      const w = await page.call('rounds', warm.map((i) => (ctx.queries[i] as BenchQuery).q), warm.map(() => 1), ctx.limit, ctx.options.queryTimeoutMs);
      if (!w.ok) fail('warm-up', w.error);
    }
    const reps = repetitions(timed.map(first), ctx.options);
    progress(`${engine} @ ${ctx.rows}: timing ${timed.length} queries (${reps.reduce((a, b) => a + b, 0)} round trips)`);
    const t = await page.call('rounds', timed.map((i) => (ctx.queries[i] as BenchQuery).q), reps, ctx.limit, ctx.options.queryTimeoutMs);
    if (!t.ok) {
      fail('timing', t.error);
      return outcome;
    }
    timed.forEach((i, k) => {
      const ms = t.value[k] as number[];
      outcome.timings[i] = ms;
      const bq = ctx.queries[i] as BenchQuery;
      emit({ kind: 'query-latency', ...base, query: bq.name, category: bq.category, count: (ctx.expected[i] as Answer).summary.count, ...percentiles(ms) });
    });
    return outcome;
  } catch (e) {
    fail('run', page?.crashed ? `the page crashed: ${String(e)}` : e instanceof Error ? e.message : String(e));
    return outcome;
  } finally {
    await sampler?.detach();
    await page?.close();
  }
}

import type { EngineRun } from '../engine-run';
import type { HeapSampler } from '../heap-sampler';
import { mb } from '../../../shared/stats';

/**
 * The memory of window + worker at rest, after the build and a pass of the queries. Two measures
 * of the worker, the larger counts: measureUserAgentSpecificMemory() and the DevTools heap after
 * a full GC. Neither sees WebAssembly memory (SQLite's whole database), which the engine reports.
 */
export async function steadyMemoryPhase(run: EngineRun, sampler: HeapSampler): Promise<void> {
  const { page, outcome } = run;
  const ua = await page.call('memory');
  const live = await sampler.liveUsage().catch((e: unknown) => {
    run.fail('memory', `live heap after GC: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  });
  const details = await page.call('details', run.ctx.options.queryTimeoutMs);
  const wasmBytes = details.ok ? (details.value.wasmBytes ?? 0) : 0;
  if (!ua.ok) {
    run.fail('memory', ua.error);
    return;
  }
  const s = ua.value;
  const workerBytes = Math.max(s.workerBytes, live ?? 0) + wasmBytes;
  outcome.steady = s;
  outcome.steadyBytes = s.windowBytes + s.otherBytes + workerBytes;
  run.emit('memory', {
    phase: 'steady',
    mb: mb(outcome.steadyBytes),
    window_mb: mb(s.windowBytes),
    other_mb: mb(s.otherBytes),
    worker_mb: mb(workerBytes),
    ua_worker_mb: mb(s.workerBytes),
    ...(live !== undefined ? { cdp_worker_after_gc_mb: mb(live) } : {}),
    ...(wasmBytes > 0 ? { wasm_mb: mb(wasmBytes) } : {}),
    ...(details.ok ? { details: details.value } : {}),
    method:
      "after the build and one pass of the queries: window and shared from performance.measureUserAgentSpecificMemory(); worker = the larger of its figure (ua_worker_mb) and CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage (JS heap + Blink heap + array buffers), plus the engine's WebAssembly memory (wasm_mb), which neither counts",
  });
}

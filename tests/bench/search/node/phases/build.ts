import type { BuildReport } from '../../shared/protocol';
import { progress } from '../emit';
import type { EngineRun } from '../engine-run';
import { HeapSampler } from '../heap-sampler';
import { mb } from '../../../shared/stats';

const SAMPLE_MS = 50;

/**
 * Loads the rows into the worker, then builds while sampling the worker's heap (and stops it past
 * the memory cap). Emits the build-peak memory line and the build line. Returns the sampler, still
 * attached, for the steady measurement, or undefined when the engine could not be built.
 */
export async function buildPhase(run: EngineRun): Promise<HeapSampler | undefined> {
  const { ctx, page, engine } = run;
  const before = await page.call('memory');
  const pageBytes = before.ok ? before.value.windowBytes + before.value.otherBytes : 0;
  const url = `/workers/${engine}.js`;
  await page.call('start', url);
  progress(`${engine} @ ${ctx.rows}: loading the rows`);
  const loaded = await page.call('load', ctx.manifestUrl, ctx.options.buildTimeoutMs);
  if (!loaded.ok) {
    run.fail('load', loaded.error);
    return undefined;
  }
  const sampler = await HeapSampler.attach(ctx.browser, url);
  const beforeBuild = await sampler.usage();
  let capped = false;
  sampler.start(SAMPLE_MS, (bytes) => {
    if (capped || bytes <= ctx.options.memoryCapBytes) return;
    capped = true;
    void page
      .call(
        'stop',
        `memory cap: the worker's heap passed ${mb(ctx.options.memoryCapBytes)} MB during the build (${mb(bytes)} MB)`,
      )
      .catch(() => {});
  });
  progress(`${engine} @ ${ctx.rows}: building`);
  const started = Date.now();
  const built = await page.call('build', ctx.options.buildTimeoutMs);
  sampler.stop();
  // One more sample at the end, so a build shorter than the interval is measured at least once.
  if (built.ok) await sampler.sampleOnce().catch(() => {});
  // WebAssembly memory never shrinks, so its size after the build is its peak; added to the JS peak it is an upper bound.
  const wasmBytes = built.ok ? (built.value.details.wasmBytes ?? 0) : 0;
  run.outcome.buildPeakBytes = sampler.peakBytes + pageBytes + wasmBytes;
  run.emit('memory', {
    phase: 'build-peak',
    mb: mb(run.outcome.buildPeakBytes),
    worker_peak_mb: mb(sampler.peakBytes),
    window_mb: mb(pageBytes),
    ...(wasmBytes > 0 ? { wasm_mb: mb(wasmBytes) } : {}),
    worker_before_build_mb: mb(beforeBuild),
    samples: sampler.samples,
    method: `worker: highest of CDP Runtime.getHeapUsage (used JS heap incl. garbage not yet collected + Blink heap + array buffers), sampled every ${SAMPLE_MS} ms during the build and once at its end; window: measureUserAgentSpecificMemory before the build; wasm: the engine's WebAssembly memory at the end of the build (counted by neither, never shrinks; adding it makes the figure an upper bound). worker_before_build_mb is mostly the encoded input rows (${mb(loaded.value.inputBytes)} MB), which one-pass engines drop chunk by chunk as they read`,
  });
  if (!built.ok) {
    run.fail('build', built.error, { after_ms: Date.now() - started });
    await sampler.detach();
    return undefined;
  }
  const b: BuildReport = built.value;
  const l = loaded.value;
  run.outcome.build = b;
  run.emit('build', {
    build_ms: Math.round(b.buildMs),
    decode_ms: Math.round(l.decodeMs),
    load_ms: Math.round(l.loadMs),
    input_mb: mb(l.inputBytes),
    details: b.details,
    notes: b.notes,
    note: 'build_ms includes decoding the rows once (decode_ms alone); load_ms is fetching them through request interception',
  });
  return sampler;
}

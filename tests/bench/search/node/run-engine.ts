import type { EngineName } from './args';
import { BenchPage } from './bench-page';
import { emit } from './emit';
import { emptyOutcome, EngineRun, type EngineOutcome, type RunContext } from './engine-run';
import type { HeapSampler } from './heap-sampler';
import { buildPhase } from './phases/build';
import { steadyMemoryPhase } from './phases/steady-memory';
import { timingPhase } from './phases/timing';
import { verifyPhase } from './phases/verify';

/**
 * One engine at one size, in a fresh browser context (a renderer of its own): build, verify,
 * measure at rest, time. Whatever fails is emitted as an error line and ends the engine's run;
 * the outcome says how far it got.
 */
export async function runEngine(ctx: RunContext, engine: EngineName): Promise<EngineOutcome> {
  let page: BenchPage | undefined;
  let sampler: HeapSampler | undefined;
  let run: EngineRun | undefined;
  try {
    page = await BenchPage.open(ctx.browser, ctx.site);
    run = new EngineRun(ctx, engine, page);
    sampler = await buildPhase(run);
    if (!sampler) return run.outcome;
    const firstMs = await verifyPhase(run);
    await steadyMemoryPhase(run, sampler);
    await timingPhase(run, firstMs);
    return run.outcome;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (run) run.fail('run', message);
    else emit({ kind: 'error', engine, rows: ctx.rows, phase: 'run', message });
    return run?.outcome ?? emptyOutcome(engine, ctx.queries.length);
  } finally {
    await sampler?.detach();
    await page?.close();
  }
}

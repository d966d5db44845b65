import type { EngineName } from './args';
import { BenchPage } from './bench-page';
import { emit } from './emit';
import { emptyOutcome, EngineRun, type EngineOutcome, type RunContext } from './engine-run';
import type { HeapSampler } from './heap-sampler';
import { buildPhase } from './phases/build';
import { steadyMemoryPhase } from './phases/steady-memory';
import { planTiming, type TimingPlan } from './phases/timing';
import { verifyPhase } from './phases/verify';

/** An engine built and checked, its page kept open until every engine has been timed. */
export interface PreparedEngine {
  outcome: EngineOutcome;
  /** What is left to time; undefined when nothing is (or the run failed). */
  plan?: TimingPlan;
  close(): Promise<void>;
}

/**
 * One engine at one size, in a fresh browser context (a renderer of its own): build, verify,
 * measure at rest, warm up. Whatever fails is emitted as an error line and ends the engine's run;
 * the outcome says how far it got. The timing itself is done with the other engines (timing.ts).
 */
export async function prepareEngine(ctx: RunContext, engine: EngineName): Promise<PreparedEngine> {
  let page: BenchPage | undefined;
  let sampler: HeapSampler | undefined;
  let run: EngineRun | undefined;
  const close = async () => {
    await sampler?.detach();
    await page?.close();
  };
  try {
    page = await BenchPage.open(ctx.browser, ctx.site);
    run = new EngineRun(ctx, engine, page);
    sampler = await buildPhase(run);
    if (!sampler) return { outcome: run.outcome, close };
    const firstMs = await verifyPhase(run);
    await steadyMemoryPhase(run, sampler);
    return { outcome: run.outcome, plan: await planTiming(run, firstMs), close };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (run) run.fail('run', message);
    else emit({ kind: 'error', engine, rows: ctx.rows, phase: 'run', message });
    return { outcome: run?.outcome ?? emptyOutcome(engine, ctx.queries.length), close };
  }
}

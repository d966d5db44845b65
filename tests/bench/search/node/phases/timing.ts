import type { Timing } from '../../browser/page-api';
import type { Answer } from '../../shared/protocol';
import type { Options } from '../args';
import { progress } from '../emit';
import type { EngineRun } from '../engine-run';
import { percentiles } from '../../../shared/stats';

/** Queries answered slower than this get no extra warm-up round (the verification run warmed them). */
const WARM_UP_BELOW_MS = 1000;

/**
 * Repetitions per query: as many as fit the per-query budget within [minReps, maxReps], then
 * scaled down (to one per query at least) when they would take longer than the engine's budget.
 */
export function repetitions(firstMs: readonly number[], o: Options): number[] {
  const reps = firstMs.map((ms) => Math.max(o.minReps, Math.min(o.maxReps, Math.floor(o.queryBudgetMs / Math.max(ms, 0.001)))));
  const total = reps.reduce((sum, r, i) => sum + r * (firstMs[i] as number), 0);
  if (total <= o.engineBudgetMs) return reps;
  return reps.map((r) => Math.max(1, Math.floor((r * o.engineBudgetMs) / total)));
}

/**
 * Times the queries that answered right: a warm-up round for the fast ones, then round-robin
 * repetitions from the window. A query whose verification run alone took longer than the
 * per-query budget keeps that run as its one sample (at seconds per query, warm or cold hardly
 * differs, and re-running would take most of an hour for Dexie at 1M). Emits one query-latency
 * line per query.
 */
export async function timingPhase(run: EngineRun, firstTimes: readonly (Timing | undefined)[]): Promise<void> {
  const { ctx, page, outcome } = run;
  const firstMs = firstTimes.map((t) => t?.ms);
  const engineTimings = (outcome.engineTimings ??= ctx.queries.map(() => undefined));
  const answered = firstMs.flatMap((ms, i) => (ms !== undefined && !outcome.mismatched.includes(i) ? [i] : []));
  const slow = answered.filter((i) => (firstMs[i] as number) > ctx.options.queryBudgetMs);
  for (const i of slow) {
    const ms = [firstMs[i] as number];
    outcome.timings[i] = ms;
    engineTimings[i] = [(firstTimes[i] as Timing).engineMs];
    const bq = run.query(i);
    run.emit('query-latency', { query: bq.name, category: bq.category, count: (ctx.expected[i] as Answer).summary.count, ...percentiles(ms), engine_p95: engineTimings[i][0], sample: 'the verification run only: slower than the per-query budget' });
  }
  const timed = answered.filter((i) => !slow.includes(i));
  if (timed.length === 0) return;
  const first = timed.map((i) => firstMs[i] as number);
  const queriesOf = (indexes: readonly number[]) => indexes.map((i) => run.query(i).q);
  const warm = timed.filter((_, k) => (first[k] as number) < WARM_UP_BELOW_MS);
  if (warm.length > 0) {
    const w = await page.call('rounds', queriesOf(warm), warm.map(() => 1), ctx.limit, ctx.options.queryTimeoutMs);
    if (!w.ok) run.fail('warm-up', w.error);
  }
  const reps = repetitions(first, ctx.options);
  progress(`${run.engine} @ ${ctx.rows}: timing ${timed.length} queries (${reps.reduce((a, b) => a + b, 0)} round trips)`);
  const t = await page.call('rounds', queriesOf(timed), reps, ctx.limit, ctx.options.queryTimeoutMs);
  if (!t.ok) {
    run.fail('timing', t.error);
    return;
  }
  // The load on the machine when the timed queries ran, as the worker's message alone feels it.
  run.emit('baseline-interleaved', { what: 'a no-op round trip to this engine worker after each timed query, answering a fixed page of 50 ids', ...percentiles(t.value.noopMs) });
  outcome.noopMs = t.value.noopMs;
  timed.forEach((i, k) => {
    const ms = t.value.ms[k] as number[];
    outcome.timings[i] = ms;
    engineTimings[i] = t.value.engineMs[k] as number[];
    const bq = run.query(i);
    const engine = percentiles(engineTimings[i]);
    run.emit('query-latency', { query: bq.name, category: bq.category, count: (ctx.expected[i] as Answer).summary.count, ...percentiles(ms), engine_p50: engine.p50, engine_p95: engine.p95 });
  });
}

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
  const reps = firstMs.map((ms) =>
    Math.max(o.minReps, Math.min(o.maxReps, Math.floor(o.queryBudgetMs / Math.max(ms, 0.001)))),
  );
  const total = reps.reduce((sum, r, i) => sum + r * (firstMs[i] as number), 0);
  if (total <= o.engineBudgetMs) return reps;
  return reps.map((r) => Math.max(1, Math.floor((r * o.engineBudgetMs) / total)));
}

/** One engine's queries to time, the repetitions each gets, and the samples gathered so far. */
export interface TimingPlan {
  run: EngineRun;
  /** Query indexes, in order; reps, ms and engineMs follow it. */
  timed: number[];
  reps: number[];
  ms: number[][];
  engineMs: number[][];
  noopMs: number[];
  failed: boolean;
}

/**
 * Readies one engine's timing: a query whose verification run alone took longer than the
 * per-query budget keeps that run as its one sample (at seconds per query, warm or cold hardly
 * differs, and re-running would take most of an hour for Dexie at 1M); the others get a warm-up
 * round (the fast ones) and their repetitions. Undefined when nothing is left to time.
 */
export async function planTiming(
  run: EngineRun,
  firstTimes: readonly (Timing | undefined)[],
): Promise<TimingPlan | undefined> {
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
    run.emit('query-latency', {
      query: bq.name,
      category: bq.category,
      count: (ctx.expected[i] as Answer).summary.count,
      ...percentiles(ms),
      engine_p95: engineTimings[i][0],
      sample: 'the verification run only: slower than the per-query budget',
    });
  }
  const timed = answered.filter((i) => !slow.includes(i));
  if (timed.length === 0) return undefined;
  const first = timed.map((i) => firstMs[i] as number);
  const warm = timed.filter((_, k) => (first[k] as number) < WARM_UP_BELOW_MS);
  if (warm.length > 0) {
    const w = await page.call(
      'rounds',
      warm.map((i) => run.query(i).q),
      warm.map(() => 1),
      ctx.limit,
      ctx.options.queryTimeoutMs,
    );
    if (!w.ok) run.fail('warm-up', w.error);
  }
  const reps = repetitions(first, ctx.options);
  return { run, timed, reps, ms: timed.map(() => []), engineMs: timed.map(() => []), noopMs: [], failed: false };
}

/**
 * Times every engine's queries round-robin across engines: repetition r of query k on each
 * engine (starting from a different engine each time), then query k + 1, and so on. Timed one
 * engine after another, the machine's load in each engine's minutes decided close comparisons
 * (a shared machine: a peer timed in a quiet minute beat ours timed in a busy one, and the
 * reverse); interleaved, the same load falls on all of them alike.
 */
export async function timeRoundRobin(plans: readonly TimingPlan[]): Promise<void> {
  const rounds = Math.max(0, ...plans.flatMap((p) => p.reps));
  const queries = Math.max(0, ...plans.flatMap((p) => p.timed.map((i) => i + 1)));
  const total = plans.reduce((n, p) => n + p.reps.reduce((a, b) => a + b, 0), 0);
  progress(`timing ${plans.map((p) => p.run.engine).join(', ')} round-robin (${total} round trips)`);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < queries; i++) {
      for (let e = 0; e < plans.length; e++) {
        const plan = plans[(e + r + i) % plans.length] as TimingPlan;
        const k = plan.timed.indexOf(i);
        if (plan.failed || k < 0 || r >= (plan.reps[k] as number)) continue;
        const { ctx, page } = plan.run;
        const t = await page.call('rounds', [plan.run.query(i).q], [1], ctx.limit, ctx.options.queryTimeoutMs);
        if (!t.ok) {
          plan.run.fail('timing', t.error);
          plan.failed = true;
          continue;
        }
        (plan.ms[k] as number[]).push(...(t.value.ms[0] as number[]));
        (plan.engineMs[k] as number[]).push(...(t.value.engineMs[0] as number[]));
        plan.noopMs.push(...t.value.noopMs);
      }
    }
  }
}

/** Records and emits one engine's timed samples: one query-latency line per query. */
export function recordTiming(plan: TimingPlan): void {
  const { run } = plan;
  const { ctx, outcome } = run;
  if (plan.failed) return;
  const engineTimings = (outcome.engineTimings ??= ctx.queries.map(() => undefined));
  // The load on the machine when the timed queries ran, as the worker's message alone feels it.
  run.emit('baseline-interleaved', {
    what: 'a no-op round trip to this engine worker after each timed query, answering a fixed page of 50 ids',
    ...percentiles(plan.noopMs),
  });
  outcome.noopMs = plan.noopMs;
  plan.timed.forEach((i, k) => {
    const ms = plan.ms[k] as number[];
    outcome.timings[i] = ms;
    engineTimings[i] = plan.engineMs[k] as number[];
    const bq = run.query(i);
    const engine = percentiles(engineTimings[i]);
    run.emit('query-latency', {
      query: bq.name,
      category: bq.category,
      count: (ctx.expected[i] as Answer).summary.count,
      ...percentiles(ms),
      engine_p50: engine.p50,
      engine_p95: engine.p95,
    });
  });
}

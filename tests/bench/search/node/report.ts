import { compareCategories, GROUPS, inGroup, pooled, type CategoryFigures } from './compare';
import { emit } from './emit';
import type { BenchQuery } from './queries';
import type { EngineOutcome } from './engine-run';
import { latencyFailures, LATENCY_TARGETS } from './verdict';
import { mb, percentiles } from '../../shared/stats';

/** The memory targets (held by the INDEX part of issue 15; reported here, judged there). */
export const MEMORY_TARGETS = {
  steadyMb: 400,
  buildPeakMb: 500,
};

/** One latency line per category (and overall) for an engine. */
export function emitLatencies(rows: number, o: EngineOutcome, queries: readonly BenchQuery[]): void {
  for (const g of GROUPS) {
    const indexes = queries.flatMap((q, i) => (inGroup(q, g) ? [i] : []));
    const ms = pooled(o.timings, indexes);
    const engineMs = pooled(o.engineTimings, indexes);
    const excluded = indexes.filter((i) => o.timings[i] === undefined).map((i) => (queries[i] as BenchQuery).name);
    emit({
      kind: 'latency',
      engine: o.engine,
      rows,
      category: g,
      ...(ms ? percentiles(ms) : { p50: null, p95: null, max: null, n: 0 }),
      ...(engineMs ? { engine_p50: percentiles(engineMs).p50, engine_p95: percentiles(engineMs).p95 } : {}),
      queries: indexes.length - excluded.length,
      ...(excluded.length > 0
        ? { excluded, excluded_why: 'mismatch with the oracle or an error (see those lines)' }
        : {}),
    });
  }
}

/** The final line of a size: our p95 per category against the targets and against the best peer. Returns the figures judged. */
export function emitSummary(
  rows: number,
  outcomes: readonly EngineOutcome[],
  queries: readonly BenchQuery[],
): CategoryFigures[] {
  const ours = outcomes.find((o) => o.engine === 'ours');
  const peers = outcomes.filter((o) => o.engine !== 'ours');
  const figures = compareCategories(outcomes, queries);
  const small = rows <= 100_000;
  const limit = small ? LATENCY_TARGETS.hundredThousand.everyCategoryP95Ms : LATENCY_TARGETS.million.everyCategoryP95Ms;
  const categories: Record<string, unknown> = {};
  for (const f of figures) {
    const peerPass =
      f.best === null
        ? null
        : small
          ? f.best.p95 >= f.best.oursP95
          : f.best.p95 >= LATENCY_TARGETS.million.worstTimesBetterThanBestPeer * f.best.oursP95;
    categories[f.group] = {
      ours_p95: f.oursP95,
      ours_engine_p95: f.oursEngineP95,
      target_ms: limit,
      pass: f.oursP95 !== null && f.oursP95 <= limit,
      best_peer: f.best
        ? {
            engine: f.best.engine,
            p95: f.best.p95,
            ours_p95_same_queries: f.best.oursP95,
            times_better: f.best.ratio,
            queries: f.best.queries,
            engine_only: f.best.engineOnly
              ? {
                  peer_p95: f.best.engineOnly.p95,
                  ours_p95: f.best.engineOnly.oursP95,
                  times_better: f.best.engineOnly.ratio,
                }
              : null,
            [small ? 'no_peer_faster' : 'ten_times_better']: peerPass,
          }
        : null,
    };
  }
  const latency = latencyFailures(rows, figures);
  const steadyMb = ours?.steadyBytes !== undefined ? mb(ours.steadyBytes) : null;
  const peakMb = ours?.buildPeakBytes !== undefined ? mb(ours.buildPeakBytes) : null;
  emit({
    kind: 'summary',
    rows,
    engine: 'ours',
    ours_ran: ours?.ran ?? false,
    ours_mismatches: ours?.mismatched.length ?? null,
    ours_errors: ours?.failed.length ?? null,
    latency_target: small
      ? `every category p95 <= ${limit} ms and no peer faster in any category (the 100k targets; applied to every size up to 100k)`
      : `every category p95 <= ${limit} ms, and the worst category >= ${LATENCY_TARGETS.million.worstTimesBetterThanBestPeer}x faster than the best peer there (the 1M targets; applied to every size above 100k)`,
    measured_as:
      'round trip from the window to the engine worker and back (what the window of the app waits for); engine_* figures are the time of the engine itself inside its worker',
    categories,
    ours_noop_round_trip: ours?.noopMs && ours.noopMs.length > 0 ? percentiles(ours.noopMs) : null,
    latency_pass: latency.length === 0,
    latency_failures: latency,
    memory: {
      steady_mb: steadyMb,
      steady_target_mb: MEMORY_TARGETS.steadyMb,
      steady_pass: steadyMb !== null && steadyMb <= MEMORY_TARGETS.steadyMb,
      build_peak_mb: peakMb,
      build_peak_target_mb: MEMORY_TARGETS.buildPeakMb,
      build_peak_pass: peakMb !== null && peakMb <= MEMORY_TARGETS.buildPeakMb,
      basis:
        'window + worker; the memory targets are stated for 1M rows and applied as upper bounds at every size; reported, not part of the exit code (the index build owns them)',
    },
    peers_measured: peers.filter((p) => p.ran).map((p) => p.engine),
    peers_not_measured: peers.filter((p) => !p.ran).map((p) => p.engine),
  });
  return figures;
}

import { emit } from './emit';
import { CATEGORIES, type BenchQuery, type Category } from './queries';
import type { EngineOutcome } from './engine-run';
import { mb, percentiles } from '../../shared/stats';

/** The targets our engine is held to (the brief), and how this run measured against them. */
export const TARGETS = {
  p95AtMillionMs: 10,
  p95AtHundredThousandMs: 3,
  timesBetterThanBestPeer: 5,
  steadyMb: 400,
  buildPeakMb: 500,
};

type Group = Category | 'overall';
const GROUPS: readonly Group[] = [...CATEGORIES, 'overall'];

function inGroup(q: BenchQuery, g: Group): boolean {
  return g === 'overall' || q.category === g;
}

/** Pooled round trips of the given queries, or undefined when none were timed. */
function pooled(o: EngineOutcome, indexes: readonly number[]): number[] | undefined {
  const ms = indexes.flatMap((i) => o.timings[i] ?? []);
  return ms.length > 0 ? ms : undefined;
}

/** One latency line per category (and overall) for an engine. */
export function emitLatencies(rows: number, o: EngineOutcome, queries: readonly BenchQuery[]): void {
  for (const g of GROUPS) {
    const indexes = queries.flatMap((q, i) => (inGroup(q, g) ? [i] : []));
    const ms = pooled(o, indexes);
    const excluded = indexes.filter((i) => o.timings[i] === undefined).map((i) => (queries[i] as BenchQuery).name);
    emit({
      kind: 'latency',
      engine: o.engine,
      rows,
      category: g,
      ...(ms ? percentiles(ms) : { p50: null, p95: null, max: null, n: 0 }),
      queries: indexes.length - excluded.length,
      ...(excluded.length > 0 ? { excluded, excluded_why: 'mismatch with the oracle or an error (see those lines)' } : {}),
    });
  }
}

/** The final line of a size: our p95 per category against the targets and against the peers. */
export function emitSummary(rows: number, outcomes: readonly EngineOutcome[], queries: readonly BenchQuery[]): boolean {
  const ours = outcomes.find((o) => o.engine === 'ours');
  const peers = outcomes.filter((o) => o.engine !== 'ours');
  const targetMs = rows <= 100_000 ? TARGETS.p95AtHundredThousandMs : TARGETS.p95AtMillionMs;
  const targetBasis = rows <= 100_000 ? 'p95 <= 3 ms (the 100k target; applied to every size up to 100k)' : 'p95 <= 10 ms (the 1M target; applied to every size above 100k)';
  const categories: Record<string, unknown> = {};
  let pass = ours !== undefined && ours.ran && ours.mismatched.length === 0 && ours.failed.length === 0;
  for (const g of GROUPS) {
    const indexes = queries.flatMap((q, i) => (inGroup(q, g) ? [i] : []));
    const mine = ours ? pooled(ours, indexes) : undefined;
    const p95 = mine ? percentiles(mine).p95 : null;
    const latencyPass = p95 !== null && p95 <= targetMs;
    // Each peer against ours on the queries both were timed on, so a peer that skipped the hard ones is not flattered.
    let best: { engine: string; peerP95: number; oursP95: number; ratio: number; queries: number } | undefined;
    for (const peer of peers) {
      const shared = indexes.filter((i) => peer.timings[i] !== undefined && ours?.timings[i] !== undefined);
      const theirs = pooled(peer, shared);
      const ourShare = ours ? pooled(ours, shared) : undefined;
      if (!theirs || !ourShare) continue;
      const peerP95 = percentiles(theirs).p95;
      const oursP95 = percentiles(ourShare).p95;
      const ratio = oursP95 > 0 ? peerP95 / oursP95 : Infinity;
      if (!best || ratio < best.ratio) best = { engine: peer.engine, peerP95, oursP95, ratio: Math.round(ratio * 10) / 10, queries: shared.length };
    }
    const peerPass = best ? best.ratio >= TARGETS.timesBetterThanBestPeer : null;
    pass &&= latencyPass && peerPass !== false;
    categories[g] = {
      ours_p95: p95,
      target_ms: targetMs,
      pass: latencyPass,
      best_peer: best ? { engine: best.engine, p95: best.peerP95, ours_p95_same_queries: best.oursP95, times_better: best.ratio, queries: best.queries, pass: peerPass } : null,
    };
  }
  const steadyMb = ours?.steadyBytes !== undefined ? mb(ours.steadyBytes) : null;
  const peakMb = ours?.buildPeakBytes !== undefined ? mb(ours.buildPeakBytes) : null;
  const steadyPass = steadyMb !== null && steadyMb <= TARGETS.steadyMb;
  const peakPass = peakMb !== null && peakMb <= TARGETS.buildPeakMb;
  pass &&= steadyPass && peakPass;
  emit({
    kind: 'summary',
    rows,
    engine: 'ours',
    ours_ran: ours?.ran ?? false,
    ours_mismatches: ours?.mismatched.length ?? null,
    ours_errors: ours?.failed.length ?? null,
    latency_target: targetBasis,
    categories,
    memory: {
      steady_mb: steadyMb,
      steady_target_mb: TARGETS.steadyMb,
      steady_pass: steadyPass,
      build_peak_mb: peakMb,
      build_peak_target_mb: TARGETS.buildPeakMb,
      build_peak_pass: peakPass,
      basis: 'window + worker; the memory targets are stated for 1M rows and applied as upper bounds at every size',
    },
    peers_measured: peers.filter((p) => p.ran).map((p) => p.engine),
    peers_not_measured: peers.filter((p) => !p.ran).map((p) => p.engine),
    pass,
  });
  return pass;
}

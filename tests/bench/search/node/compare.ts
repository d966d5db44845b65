import { CATEGORIES, type BenchQuery, type Category } from './queries';
import type { EngineOutcome } from './engine-run';
import { percentiles } from '../../shared/stats';

/**
 * Our p95 per category set beside the best peer's on the same queries, from the outcomes of one
 * size: what the summary line prints and the verdict judges. Pure (tests/unit/bench-verdicts.test.ts).
 */

export type Group = Category | 'overall';
export const GROUPS: readonly Group[] = [...CATEGORIES, 'overall'];

export function inGroup(q: BenchQuery, g: Group): boolean {
  return g === 'overall' || q.category === g;
}

/** Pooled samples of the given queries (round trips, or engine times), or undefined when none were timed. */
export function pooled(
  timings: readonly (number[] | undefined)[] | undefined,
  indexes: readonly number[],
): number[] | undefined {
  const ms = indexes.flatMap((i) => timings?.[i] ?? []);
  return ms.length > 0 ? ms : undefined;
}

/** The peer closest to ours in a category, each compared on the queries both were timed on. */
export interface BestPeer {
  engine: string;
  p95: number;
  /** Ours on the same queries (a peer that skipped the hard ones is not flattered). */
  oursP95: number;
  /** Peer p95 / ours: above 1, ours is faster. */
  ratio: number;
  queries: number;
  /** The same comparison on the engines' own time in their workers, when both reported it. */
  engineOnly: { p95: number; oursP95: number; ratio: number } | null;
}

export interface CategoryFigures {
  group: Group;
  /** Our round-trip p95 over every query of the category; null when none was timed. */
  oursP95: number | null;
  /** Our engine-only p95 (inside the worker) over the same samples. */
  oursEngineP95: number | null;
  best: BestPeer | null;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const ratioOf = (peer: number, ours: number) => (ours > 0 ? peer / ours : Infinity);

export function compareCategories(
  outcomes: readonly EngineOutcome[],
  queries: readonly BenchQuery[],
): CategoryFigures[] {
  const ours = outcomes.find((o) => o.engine === 'ours');
  const peers = outcomes.filter((o) => o.engine !== 'ours');
  return GROUPS.map((group): CategoryFigures => {
    const indexes = queries.flatMap((q, i) => (inGroup(q, group) ? [i] : []));
    const mine = pooled(ours?.timings, indexes);
    const mineEngine = pooled(ours?.engineTimings, indexes);
    let best: BestPeer | null = null;
    for (const peer of peers) {
      const shared = indexes.filter((i) => peer.timings[i] !== undefined && ours?.timings[i] !== undefined);
      const theirs = pooled(peer.timings, shared);
      const ourShare = pooled(ours?.timings, shared);
      if (!theirs || !ourShare) continue;
      const p95 = percentiles(theirs).p95;
      const oursP95 = percentiles(ourShare).p95;
      const ratio = ratioOf(p95, oursP95);
      if (best !== null && ratio >= best.ratio) continue;
      const theirEngine = pooled(peer.engineTimings, shared);
      const ourEngine = pooled(ours?.engineTimings, shared);
      const engineOnly =
        theirEngine && ourEngine
          ? {
              p95: percentiles(theirEngine).p95,
              oursP95: percentiles(ourEngine).p95,
              ratio: round1(ratioOf(percentiles(theirEngine).p95, percentiles(ourEngine).p95)),
            }
          : null;
      best = { engine: peer.engine, p95, oursP95, ratio: round1(ratio), queries: shared.length, engineOnly };
    }
    return {
      group,
      oursP95: mine ? percentiles(mine).p95 : null,
      oursEngineP95: mineEngine ? percentiles(mineEngine).p95 : null,
      best,
    };
  });
}

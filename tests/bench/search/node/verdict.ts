import type { CategoryFigures } from './compare';
import type { EngineOutcome } from './engine-run';

/** The latency targets of issue 15, per size; sizes up to 100k are held to the 100k targets. */
export const LATENCY_TARGETS = {
  /** Up to 100k rows: every category at most this p95 (ms), and no peer faster in any category. */
  hundredThousand: { everyCategoryP95Ms: 3, timesBetterThanBestPeer: 1 },
  /** Above 100k: every category (so the worst) at most this p95, and the worst at least 10x the best peer there. */
  million: { everyCategoryP95Ms: 5, worstTimesBetterThanBestPeer: 10 },
};

const fmt = (ms: number) => `${ms} ms`;

/**
 * What misses the latency targets at one size, from our round-trip p95 per category and the best
 * peer's on the same queries (compare.ts). A target that cannot be shown (a category ours did not
 * time, no peer timed where the comparison is needed) is a failure too: the run has not shown it.
 */
export function latencyFailures(rows: number, categories: readonly CategoryFigures[]): string[] {
  const failures: string[] = [];
  const own = categories.filter((c) => c.group !== 'overall');
  const small = rows <= 100_000;
  const limit = small ? LATENCY_TARGETS.hundredThousand.everyCategoryP95Ms : LATENCY_TARGETS.million.everyCategoryP95Ms;
  for (const c of own) {
    if (c.oursP95 === null) failures.push(`${rows} rows: ours has no timed query in category ${c.group}`);
    else if (c.oursP95 > limit)
      failures.push(`${rows} rows: category ${c.group} p95 ${fmt(c.oursP95)} is over ${fmt(limit)}`);
  }
  if (!own.some((c) => c.best !== null)) {
    failures.push(`${rows} rows: no peer was timed, so the comparison with the peers is not shown`);
    return failures;
  }
  if (small) {
    for (const c of own) {
      if (c.best !== null && c.best.p95 < c.best.oursP95)
        failures.push(
          `${rows} rows: ${c.best.engine} is faster than ours in category ${c.group} (p95 ${fmt(c.best.p95)} against ${fmt(c.best.oursP95)})`,
        );
    }
    return failures;
  }
  const timed = own.filter((c) => c.oursP95 !== null);
  const worst = timed.reduce<CategoryFigures | null>(
    (w, c) => (w === null || (c.oursP95 as number) > (w.oursP95 as number) ? c : w),
    null,
  );
  const times = LATENCY_TARGETS.million.worstTimesBetterThanBestPeer;
  if (worst === null) return failures;
  if (worst.best === null)
    failures.push(
      `${rows} rows: no peer was timed in the worst category (${worst.group}), so the ${times}x comparison is not shown`,
    );
  else if (worst.best.p95 < times * worst.best.oursP95)
    failures.push(
      `${rows} rows: the worst category (${worst.group}, ${fmt(worst.best.oursP95)}) is only ${worst.best.ratio}x faster than ${worst.best.engine} (${fmt(worst.best.p95)}), under ${times}x`,
    );
  return failures;
}

/**
 * Whether the search benchmark exits non-zero. Our engine must give the oracle's answer to every
 * query at every size (an error or a failed build is no answer), and meet the latency targets
 * (latencyFailures) unless `quick`: the harness check's 2,000 rows and few repetitions time
 * nothing worth judging. With `quick` every engine must also build and answer, and the baseline
 * must have run. Pure (tests/unit/bench-verdicts.test.ts).
 */
export function searchVerdict(
  sizes: readonly {
    rows: number;
    outcomes: readonly EngineOutcome[];
    baselineRan: boolean;
    categories: readonly CategoryFigures[];
  }[],
  quick: boolean,
): { exitCode: 0 | 1; failures: string[] } {
  const failures: string[] = [];
  for (const { rows, outcomes, baselineRan, categories } of sizes) {
    for (const o of outcomes) {
      if (o.engine === 'ours') {
        if (!o.ran) failures.push(`${rows} rows: ours did not build or answer`);
        if (o.mismatched.length > 0)
          failures.push(
            `${rows} rows: ours disagrees with the oracle on ${o.mismatched.length} queries (indexes ${o.mismatched.join(', ')})`,
          );
        if (o.failed.length > 0)
          failures.push(
            `${rows} rows: ours failed to answer ${o.failed.length} queries (indexes ${o.failed.join(', ')})`,
          );
      } else if (quick && (!o.ran || o.failed.length > 0)) {
        failures.push(`${rows} rows: ${o.engine} did not build or failed ${o.failed.length} queries`);
      }
    }
    if (quick && !baselineRan) failures.push(`${rows} rows: the worker baseline did not run`);
    if (!quick) failures.push(...latencyFailures(rows, categories));
  }
  return { exitCode: failures.length > 0 ? 1 : 0, failures };
}

import type { EngineOutcome } from './engine-run';

/**
 * Whether the search benchmark exits non-zero. Our engine must give the oracle's answer to every
 * query at every size (an error or a failed build is no answer); latency targets are reported
 * in the summary lines and do not change the exit code. With `quick` (the harness check) every
 * engine must also build and answer, and the baseline must have run. Pure
 * (tests/unit/bench-verdicts.test.ts).
 */
export function searchVerdict(sizes: readonly { rows: number; outcomes: readonly EngineOutcome[]; baselineRan: boolean }[], quick: boolean): { exitCode: 0 | 1; failures: string[] } {
  const failures: string[] = [];
  for (const { rows, outcomes, baselineRan } of sizes) {
    for (const o of outcomes) {
      if (o.engine === 'ours') {
        if (!o.ran) failures.push(`${rows} rows: ours did not build or answer`);
        if (o.mismatched.length > 0) failures.push(`${rows} rows: ours disagrees with the oracle on ${o.mismatched.length} queries (indexes ${o.mismatched.join(', ')})`);
        if (o.failed.length > 0) failures.push(`${rows} rows: ours failed to answer ${o.failed.length} queries (indexes ${o.failed.join(', ')})`);
      } else if (quick && (!o.ran || o.failed.length > 0)) {
        failures.push(`${rows} rows: ${o.engine} did not build or failed ${o.failed.length} queries`);
      }
    }
    if (quick && !baselineRan) failures.push(`${rows} rows: the worker baseline did not run`);
  }
  return { exitCode: failures.length > 0 ? 1 : 0, failures };
}

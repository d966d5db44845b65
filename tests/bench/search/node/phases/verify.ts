import type { Timing } from '../../browser/page-api';
import type { Answer } from '../../shared/protocol';
import { progress } from '../emit';
import type { EngineRun } from '../engine-run';
import { difference } from '../oracle';

/**
 * Asks every query once and compares the answer with the oracle's: a mismatch is emitted and the
 * query is left out of this engine's timing. Returns the times of each answered query (the run
 * also warms the engine up); stops early when the worker is gone.
 */
export async function verifyPhase(run: EngineRun): Promise<(Timing | undefined)[]> {
  const { ctx, page, outcome } = run;
  progress(`${run.engine} @ ${ctx.rows}: verifying ${ctx.queries.length} queries`);
  const firstMs: (Timing | undefined)[] = ctx.queries.map(() => undefined);
  for (const [i, bq] of ctx.queries.entries()) {
    const r = await page.call('ask', bq.q, ctx.limit, ctx.options.queryTimeoutMs);
    if (!r.ok) {
      outcome.failed.push(i);
      run.fail('query', r.error, { query: bq.name, category: bq.category });
      if (/terminated|crash|no worker/i.test(r.error) || page.crashed) break;
      continue;
    }
    outcome.ran = true;
    firstMs[i] = { ms: r.value.ms, engineMs: r.value.engineMs };
    const diff = difference(ctx.expected[i] as Answer, r.value.answer);
    if (diff) {
      outcome.mismatched.push(i);
      run.emit('mismatch', {
        query: bq.name,
        category: bq.category,
        q: bq.q,
        ...diff,
        note: 'excluded from the speed comparison for this query',
      });
    }
  }
  return firstMs;
}

import { referenceSearch } from '../../../../src/renderer/src/search/model/reference-search';
import type { Answer } from '../shared/protocol';
import type { BenchRow } from '../shared/row-codec';
import type { BenchQuery } from './queries';

/** What every engine must answer: the brute-force reference's summary and first page, computed in Node. */
export function expectedAnswers(rows: readonly BenchRow[], queries: readonly BenchQuery[], limit: number): Answer[] {
  return queries.map((q) => {
    const { summary, ids } = referenceSearch(rows, q.q);
    return { summary, ids: ids.slice(0, limit) };
  });
}

/** How an answer differs from the expected one, or undefined when it does not. */
export function difference(expected: Answer, got: Answer): Record<string, unknown> | undefined {
  const s = expected.summary;
  const g = got.summary;
  const summaryDiffers =
    s.count !== g.count || s.inCents !== g.inCents || s.outCents !== g.outCents || s.netCents !== g.netCents;
  let firstIdDiff = -1;
  const n = Math.max(expected.ids.length, got.ids.length);
  for (let i = 0; i < n && firstIdDiff < 0; i++) if (expected.ids[i] !== got.ids[i]) firstIdDiff = i;
  if (!summaryDiffers && firstIdDiff < 0) return undefined;
  return {
    expected_summary: s,
    got_summary: g,
    ...(firstIdDiff >= 0
      ? {
          first_page_differs_at: firstIdDiff,
          expected_id: expected.ids[firstIdDiff] ?? null,
          got_id: got.ids[firstIdDiff] ?? null,
          expected_ids: expected.ids.length,
          got_ids: got.ids.length,
        }
      : {}),
  };
}

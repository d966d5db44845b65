import { expectedSearch } from '../../e2e/harness/expected';
import type { TxQuery } from '../../../src/renderer/src/model/tx-query';
import { expect, type Lane } from './lane';

type Sandbox = Parameters<typeof expectedSearch>[0];

/** Each query answered through the lane entry's `query` as the reference search answers it over the sandbox's rows. */
export async function expectAnswersLikeOracle(lane: Lane, sandbox: Sandbox, queries: TxQuery[]): Promise<void> {
  for (const q of queries) {
    const want = expectedSearch(sandbox, q);
    const got = await lane.run<{ summary: unknown; ids: string[] }>('query', q, 50);
    expect(got.summary, JSON.stringify(q)).toEqual(want.summary);
    expect(got.ids, JSON.stringify(q)).toEqual(want.ids.slice(0, 50));
  }
}

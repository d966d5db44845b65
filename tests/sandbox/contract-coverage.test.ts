import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpoints, ErrorBody, type EndpointDef } from '../../src/shared/service';
import { clientForFile } from '../support/sandbox-harness';

const c = clientForFile({ transactions: 200 });

const all = Object.entries(endpoints) as [string, EndpointDef][];

function fill(path: string, value: string): string {
  return path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(value));
}

/** A real id for each path parameter, so the call reaches the handler's logic. */
async function realIds(): Promise<Record<string, string>> {
  const w = c.sandbox.world;
  const first = <T>(m: Map<string, T>) => [...m.keys()][0] as string;
  const tx = await c.get<{ items: { id: string }[] }>('/transaction');
  return {
    cardId: first(w.cards),
    cardGroupId: first(w.cardGroups),
    transactionId: tx.body.items?.[0]?.id ?? 'none',
    virtualAccountId: w.primaryVirtualAccountId,
    accountId: first(w.accounts),
    webhookId: first(w.webhooks),
  };
}

describe('every endpoint of the contract', () => {
  it('is served: an unknown id gives a 4xx with the error body, never 5xx or 501', async () => {
    for (const [name, def] of all) {
      const path = fill(def.path, 'does-not-exist');
      const res = await c.call(
        def.method,
        path,
        def.body ? { body: {}, headers: { 'x-idempotency-key': `cov-${name}` } } : {},
      );
      expect(res.status, `${name} ${def.method} ${path}`).toBeLessThan(500);
      if (res.status >= 400) expect(ErrorBody.safeParse(res.body).success, `${name} error body`).toBe(true);
      else expect(def.response.safeParse(res.body).success, `${name} response`).toBe(true);
    }
  });

  it('answers reads on real ids with bodies that match the contract', async () => {
    const ids = await realIds();
    for (const [name, def] of all) {
      if (def.method !== 'GET') continue;
      const path = def.path.replace(/:([A-Za-z]+)/g, (_, p: string) => ids[p] ?? 'x');
      const res = await c.call('GET', path);
      if (name === 'getCardUtilization' && res.status === 400) continue; // a grouped card points to its group's utilization
      expect(res.status, `${name} ${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
      expect(def.response.safeParse(res.body).success, name).toBe(true);
    }
  });

  it('never answers 5xx to arbitrary JSON bodies on any write endpoint', async () => {
    const ids = await realIds();
    const writes = all.filter(([, d]) => d.body);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), fc.jsonValue({ maxDepth: 3 }), async ([name, def], body) => {
        const path = def.path.replace(/:([A-Za-z]+)/g, (_, p: string) => ids[p] ?? 'x');
        const res = await c.call(def.method, path, {
          rawBody: JSON.stringify(body),
          headers: { 'x-idempotency-key': `fuzz-${Math.random()}` },
        });
        expect(res.status, `${name} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(ErrorBody.safeParse(res.body).success).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('never answers 5xx to arbitrary query strings on any list endpoint', async () => {
    const lists = all.filter(([, d]) => d.method === 'GET' && d.query);
    const keys = fc.constantFrom(
      'cursor',
      'filter:status',
      'filter:from_date',
      'filter:to_date',
      'sort',
      'sortDirection',
      'filter:cardGroupId',
      'filter:cardGroupName',
      'filter:includeClosedAccounts',
      'search:merchant_name',
      'include_pan',
      'filter:detailed_status',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        fc.dictionary(keys, fc.string({ maxLength: 30 })),
        async ([name, def], query) => {
          const path = fill(def.path, 'x');
          const res = await c.get(path, query);
          expect(res.status, `${name} ${JSON.stringify(query)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});

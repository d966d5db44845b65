import { describe, expect, test } from 'vitest';
import { SearchIndex, type IndexedRow } from '../../src/renderer/src/search/engine';
import type { TxQuery } from '../../src/renderer/src/model/tx-query';
import { referenceSearch } from '../../src/renderer/src/search/model/reference-search';
import { toSearchRow } from '../../src/renderer/src/search/model/search-row';
import { createWorld } from '../../src/sandbox/seed/create-world';

/**
 * A query's working bitsets are lent out again by the next query (bitset.ts scratchBitset): a
 * result must keep none of them. Each result is paged only after other queries ran, on this
 * index and on a second one of another size, and must still equal referenceSearch.
 */

const FIXED_MS = Date.UTC(2026, 5, 1, 12);
const DAY = 86_400_000;

function seededRows(transactions: number, seed: number): IndexedRow[] {
  const world = createWorld({ seed, transactions, now: () => FIXED_MS });
  const { items } = world.transactions.list({}, undefined, Number.MAX_SAFE_INTEGER);
  return items.map((tx, i) => ({
    ...toSearchRow(tx, (id) => world.cards.get(id)),
    seq: Math.floor(i / 50),
    slot: i % 50,
  }));
}

describe('results after later queries', () => {
  test('sparse answers (kept as positions) and dense ones (kept as bits) page alike, with delta rows among them', () => {
    const rows = seededRows(3000, 13);
    const index = SearchIndex.build(rows.slice(0, 2600));
    // Later rows arrive as upserts: the delta interleaves with the base by date.
    index.upsert(rows.slice(2600));
    const counts = new Map<string, number>();
    for (const r of rows)
      for (const w of new Set(r.words)) if (/^[a-z]{4,}$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
    const byCount = [...counts].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
    // Fewer base matches than the base's bitset has words (82 for 2,600 rows) are kept as a list; more, as bits.
    const sparse = byCount.find(([, n]) => n >= 20 && n < 60)?.[0] as string;
    const dense = byCount[byCount.length - 1]?.[0] as string;
    for (const q of [
      { text: sparse },
      { text: dense },
      { text: sparse, statuses: ['posted'] },
      { statuses: ['pending'] },
    ] as TxQuery[]) {
      const expected = referenceSearch(rows, q);
      const result = index.query(q);
      index.query({ text: 'qqzxv' });
      expect(result.summary, JSON.stringify(q)).toEqual(expected.summary);
      for (let from = 0; from < expected.summary.count; from += 7) {
        expect(
          index.page(result, from, 9).map((r) => r.id),
          `${JSON.stringify(q)} from ${from}`,
        ).toEqual(expected.ids.slice(from, from + 9));
      }
    }
    expect(counts.get(sparse)).toBeLessThan(82);
    expect(counts.get(dense)).toBeGreaterThan(200);
  });

  test('every result pages as the reference answers, after every other query has run', () => {
    const rows = seededRows(3000, 11);
    const other = seededRows(1200, 12);
    const index = SearchIndex.build(rows);
    const otherIndex = SearchIndex.build(other);
    const word = rows.map((r) => r.words.find((w) => /^[a-z]{4,}$/.test(w))).find((w) => w !== undefined) as string;
    const queries: TxQuery[] = [
      { text: word },
      { text: word.slice(0, 2) },
      { text: `${word} ${word.slice(0, 3)}` },
      { statuses: ['posted'] },
      { text: word, statuses: ['pending', 'posted'], fromMs: FIXED_MS - 60 * DAY, toMs: FIXED_MS },
      { minCents: -50_000, maxCents: -1_000 },
      { text: 'qqzxv' },
      { hasFee: false, statuses: ['posted'] },
    ];
    const results = queries.map((q, i) => {
      const r = index.query(q);
      // The next query on the same index (same-sized scratch, lent again), then one on an index of another size.
      index.query(queries[(i + 1) % queries.length]!);
      otherIndex.query(q);
      return r;
    });
    for (const [i, q] of queries.entries()) {
      const expected = referenceSearch(rows, q);
      const result = results[i]!;
      expect(result.summary, JSON.stringify(q)).toEqual(expected.summary);
      expect(
        index.page(result, 0, 100).map((r) => r.id),
        JSON.stringify(q),
      ).toEqual(expected.ids.slice(0, 100));
      // A later page too: it reads the result's bits through a rank directory.
      const from = Math.min(40, expected.summary.count);
      expect(
        index.page(result, from, 30).map((r) => r.id),
        JSON.stringify(q),
      ).toEqual(expected.ids.slice(from, from + 30));
    }
    expect(results.some((r) => r.summary.count > 100)).toBe(true);
    expect(results.some((r) => r.summary.count === 0)).toBe(true);
  });
});

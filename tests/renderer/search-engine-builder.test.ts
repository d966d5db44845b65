import { describe, expect, test } from 'vitest';
import { SearchIndex, type IndexedRow } from '../../src/renderer/src/search/engine';
import { referenceSearch } from '../../src/renderer/src/search/model/reference-search';
import { searchTextOf, toSearchRow } from '../../src/renderer/src/search/model/search-row';
import { wordsOf } from '../../src/renderer/src/model/query-text';
import { createWorld } from '../../src/sandbox/seed/create-world';
import type { Transaction } from '../../src/shared/service';

/**
 * The rebuild's path: an index built a row at a time from chunks read oldest first (later
 * versions of an id winning) is the index build() makes of the same rows, byte for byte, and
 * answers as the reference does over the newest versions.
 */

const FIXED_MS = Date.UTC(2026, 5, 1, 12);
const world = createWorld({ seed: 5, transactions: 2000, now: () => FIXED_MS });
const txs = world.transactions.list({}, undefined, Number.MAX_SAFE_INTEGER).items;
const cards = (id: string) => world.cards.get(id);
const rowsOf = (items: readonly Transaction[], firstSeq: number, wordsInText = false): IndexedRow[] =>
  items.map((tx, i) => ({ ...toSearchRow(tx, cards, wordsInText), seq: firstSeq + Math.floor(i / 50), slot: i % 50 }));

describe('building an index a row at a time', () => {
  test('equals build() of the same rows, later versions winning, and answers as the reference', () => {
    const first = rowsOf(txs, 1);
    // Every seventh row written again later, changed (a pending row that posted, a new memo).
    const changed = txs
      .filter((_, i) => i % 7 === 0)
      .map((tx, i) => ({
        ...tx,
        status: 'posted' as const,
        memo: i % 3 === 0 ? `Réglé à Zürich, ﬁnal ${tx.id}` : `settled ${tx.id}`,
        amountCents: tx.amountCents - 1,
        ...(i % 2 === 0 ? { feeInfo: undefined } : {}),
      }));
    const later = rowsOf(changed, 1000);
    const all = [...first, ...later];
    // Among them, fee rows written again without their fee: their link must go.
    const feeFor = new Map(first.map((r) => [r.id, r.feeFor]));
    expect(later.some((r) => r.feeFor === undefined && feeFor.get(r.id) !== undefined)).toBe(true);
    // The builder gets what the rebuild gives it: each row's text, its words read by the index
    // (accented rows by text.ts's folding, the others straight from the text); build() gets words.
    const asText = [...rowsOf(txs, 1, true), ...rowsOf(changed, 1000, true)];
    expect(asText.every((r) => r.words.length === 0 && typeof r.text === 'string')).toBe(true);
    expect(asText.some((r) => [...(r.text ?? '')].some((c) => c.charCodeAt(0) > 0x7f))).toBe(true);
    const builder = SearchIndex.builder(10);
    for (const row of asText) builder.add(row);
    const built = builder.finish();
    const whole = SearchIndex.build(all);
    // The same buffers and the same fee links (their order in the list means nothing).
    const pairs = (links: string[]) =>
      links.reduce<string[]>((out, id, i) => (i % 2 === 0 ? [...out, `${id}>${links[i + 1]}`] : out), []).sort();
    const [a, b] = [built.toBuffers(), whole.toBuffers()];
    expect(a.buffers).toEqual(b.buffers);
    expect({ ...a.meta, feeLinks: pairs(a.meta.feeLinks) }).toEqual({ ...b.meta, feeLinks: pairs(b.meta.feeLinks) });
    expect(a.meta.feeLinks.length).toBeGreaterThan(0);

    const newest = [...new Map(all.map((r) => [r.id, r])).values()];
    expect(built.size).toBe(txs.length);
    for (const q of [
      {},
      { text: 'settled' },
      { statuses: ['posted' as const] },
      { text: wordsOf(txs[3]!.description)[0] },
    ]) {
      const expected = referenceSearch(newest, q);
      const result = built.query(q);
      expect(result.summary, JSON.stringify(q)).toEqual(expected.summary);
      expect(built.page(result, 0, 50).map((r) => r.id)).toEqual(expected.ids.slice(0, 50));
    }
    const moved = later[0]!;
    expect(built.get(moved.id)).toEqual({ id: moved.id, seq: moved.seq, slot: moved.slot });
  });

  test("a row's words are the words of each of its fields, accents and all", () => {
    const tx = {
      ...txs.find((t) => t.cardId)!,
      description: 'Café Zürich—Straße',
      memo: 'ﬁle №5 e\u0301te',
      merchantDescription: 'ÅNGSTRÖM',
    };
    const fieldByField = new Set(searchTextOf(tx, cards(tx.cardId!)).flatMap((f) => wordsOf(f)));
    expect(toSearchRow(tx, cards).words).toEqual([...fieldByField]);
    expect(toSearchRow(tx, cards).words).toEqual(
      expect.arrayContaining(['cafe', 'zurich', 'stra', 'e', 'file', 'no5', 'ete', 'angstrom']),
    );
  });
});

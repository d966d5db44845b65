import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/renderer/src/search/answer-cache';

// The answers the search worker keeps for later pages must not keep indexes that were replaced
// alive (each is ~210 MB at a million rows): only the answer read last keeps its own.

class Index {
  runs = 0;
  constructor(readonly generation: number) {}
  query(q: string): string {
    this.runs++;
    return `${q}@${this.generation}`;
  }
}

function cacheWithAnswers(
  index: Index,
  ...queries: string[]
): { cache: AnswerCache<Index, string, string>; ids: number[] } {
  const cache = new AnswerCache<Index, string, string>(16);
  return { cache, ids: queries.map((q) => cache.add(index, q, index.query(q))) };
}

describe('AnswerCache', () => {
  it('reads an answer on the index it was computed on while that index is current', () => {
    const index = new Index(1);
    const { cache, ids } = cacheWithAnswers(index, 'cafe');
    expect(cache.read(ids[0] as number, index)).toEqual({ index, result: 'cafe@1' });
    expect(index.runs).toBe(1);
  });

  it('lets go of a replaced index: the answers hold only the current one, but the answer read last', () => {
    const old = new Index(1);
    const { cache, ids } = cacheWithAnswers(old, 'cafe', 'wire', 'fee');
    const [cafe, wire, fee] = ids as [number, number, number];
    cache.read(wire, old); // an export reading page after page
    const folded = new Index(2);
    cache.replaced(folded);
    // Only the answer read last still holds the old index; the others hold none until read,
    // then run again on the current one.
    expect(cache.indexesHeld()).toBe(1);
    expect(cache.read(cafe, folded)).toEqual({ index: folded, result: 'cafe@2' });
    expect(cache.read(fee, folded)?.result).toBe('fee@2');
    expect(cache.read(wire, folded)).toEqual({ index: old, result: 'wire@1' });
    expect(cache.indexesHeld()).toBe(2);
    // Once another answer was read last, the next replacement lets the old index go too.
    cache.read(fee, folded);
    const again = new Index(3);
    cache.replaced(again);
    expect(cache.indexesHeld()).toBe(1);
    expect(cache.read(wire, again)?.result).toBe('wire@3');
    // The export's answer went on reading the rows it started with until another was read.
    const exporting = cacheWithAnswers(old, 'a', 'b');
    exporting.cache.read(exporting.ids[1] as number, old);
    exporting.cache.replaced(folded);
    expect(exporting.cache.read(exporting.ids[1] as number, folded)).toEqual({ index: old, result: 'b@1' });
  });

  it('forgets the oldest answers past its capacity, and answers nothing without an index', () => {
    const index = new Index(1);
    const cache = new AnswerCache<Index, string, string>(2);
    const first = cache.add(index, 'a', 'a@1');
    const second = cache.add(index, 'b', 'b@1');
    cache.add(index, 'c', 'c@1');
    expect(cache.read(first, index)).toBeNull();
    cache.replaced(null);
    cache.read(cache.add(index, 'd', 'd@1'), index);
    cache.replaced(null);
    expect(cache.read(second, null)).toBeNull();
  });
});

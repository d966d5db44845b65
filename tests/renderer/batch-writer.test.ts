import { describe, expect, it } from 'vitest';
import type { PageWrite } from '../../src/renderer/src/repos/transactions-repo';
import { BatchWriter } from '../../src/renderer/src/util/batch-writer';

const page = (source: string): PageWrite => ({ source, rows: [] });

describe('BatchWriter (one commit for all that waits)', () => {
  it('writes the first page at once and every page that waited meanwhile in the next batch, in order', async () => {
    const batches: string[][] = [];
    let seq = 0;
    // The first write stays open until every page has been handed over.
    let allHandedOver!: () => void;
    const handedOver = new Promise<void>((resolve) => (allHandedOver = resolve));
    const writer = new BatchWriter<PageWrite, number>(async (pages) => {
      batches.push(pages.map((p) => p.source));
      await handedOver;
      return pages.map(() => ++seq);
    });
    const appends = ['a', 'b', 'c', 'd'].map((s) => writer.append(page(s)));
    allHandedOver();
    const seqs = await Promise.all(appends);
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    expect(seqs).toEqual([1, 2, 3, 4]);
  });

  it('a failed write fails exactly the pages in it; later pages still go', async () => {
    let calls = 0;
    const writer = new BatchWriter<PageWrite, number>(async (pages) => {
      calls++;
      if (calls === 1) throw new Error('disk full');
      return pages.map((_, i) => i + 10);
    });
    const first = writer.append(page('a'));
    const second = writer.append(page('b'));
    await expect(first).rejects.toThrow('disk full');
    await expect(second).resolves.toBe(10);
  });
});

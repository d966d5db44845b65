import { cacheDb } from '../../../src/renderer/src/db/open';
import { rewriteChunks, rowsAt } from '../../../src/renderer/src/repos/transactions-repo';
import type { RowRef } from '../../../src/renderer/src/search/engine';
import type { ChunkCompactionOptions } from '../../../src/renderer/src/search/index-host';
import type { TxQuery } from '../../../src/renderer/src/model/tx-query';
import { readRows, searchClient } from '../../../src/renderer/src/search/search-session';
import { expose } from './expose';
import { searchLane } from './search-lane';

expose({
  ...searchLane,
  save: () => searchClient().save(),
  compact: (options: ChunkCompactionOptions = {}) => searchClient().compactChunks(options),
  /** Starts a compaction and returns at once: the spec closes the page while it runs. */
  startCompaction(options: ChunkCompactionOptions = {}) {
    void searchClient()
      .compactChunks(options)
      .catch(() => undefined);
    return true;
  },
  async query(q: TxQuery, limit = 50) {
    const a = await searchClient().query(q, limit);
    return { summary: a.summary, ids: a.rows.map((r) => r.id) };
  },
  /** The rows of the first page of an answer, read from the cache where the index says they are. */
  async rowsOf(q: TxQuery, limit = 200) {
    const a = await searchClient().query(q, limit);
    return (await readRows(a.status.profileId ?? '', a.rows)).map((tx) =>
      tx ? `${tx.id}:${tx.status}:${tx.date}` : null,
    );
  },
  /** Pages of an answer taken before a compaction, read after it. */
  async keepAnswer(q: TxQuery) {
    const a = await searchClient().query(q, 1);
    return a.queryId;
  },
  /** A page of a kept answer, read exactly where the worker says (no second look). */
  async pageOf(queryId: number, offset: number, limit: number) {
    const refs = (await searchClient().page(queryId, offset, limit)) ?? [];
    const profileId = (await searchClient().status()).profileId ?? '';
    return (await rowsAt(profileId, refs)).map((tx) => (tx ? `${tx.id}:${tx.status}:${tx.date}` : null));
  },
  /** Where the rows of an answer are now (refs a window may hold while a compaction runs). */
  async refsOf(q: TxQuery, limit = 200) {
    return (await searchClient().query(q, limit)).rows;
  },
  async readAt(profileId: string, refs: RowRef[]) {
    return (await readRows(profileId, refs)).map((tx) => (tx ? `${tx.id}:${tx.status}:${tx.date}` : null));
  },
  /**
   * A sync that wrote a newer version after the compaction looked: rewrites the chunk holding an
   * older version of some row, told (wrongly, as a stale index would) that every row is the newest
   * and that it knows chunks only up to before the newer one. Returns that row's id.
   */
  async rewriteBehindASync(profileId: string) {
    const chunks = await cacheDb(profileId).chunks.toArray();
    const seen = new Map<string, number>();
    for (const c of chunks) {
      for (const tx of c.rows) {
        const older = seen.get(tx.id);
        if (older !== undefined) {
          await rewriteChunks(profileId, [older], (c.seq as number) - 1, () => true);
          return tx.id;
        }
        seen.set(tx.id, c.seq as number);
      }
    }
    return null;
  },
  /** Every version of every cached row, in write order: `id -> ["status:date", ...]`. */
  async versions(profileId: string) {
    const chunks = await cacheDb(profileId).chunks.toArray();
    const versions: Record<string, string[]> = {};
    let rows = 0;
    for (const c of chunks) {
      rows += c.rows.length;
      for (const tx of c.rows) (versions[tx.id] ??= []).push(JSON.stringify(tx));
    }
    return { chunks: chunks.length, rows, compacted: chunks.filter((c) => c.source === 'compacted').length, versions };
  },
  async compactedChunks(profileId: string) {
    return cacheDb(profileId)
      .chunks.filter((c) => c.source === 'compacted')
      .count();
  },
});

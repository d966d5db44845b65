import { cacheDb, deleteCache } from '../../../src/renderer/src/db/open';
import { newestRows } from '../../../src/renderer/src/repos/transactions-repo';
import { createSearchClient } from '../../../src/renderer/src/search/search-client';
import { clearIndexParts } from '../../../src/renderer/src/repos/search-index-repo';
import {
  chunksWritten,
  openSearch,
  searchClient,
  useWorkerFactory,
} from '../../../src/renderer/src/search/search-session';
import { syncProfile } from '../../../src/renderer/src/sync/profile-sync';
import { idleProgress } from '../../../src/renderer/src/sync/sync-progress';
import { expose } from './expose';
import { openAndSaveIndex } from './open-and-save-index';

useWorkerFactory(() => createSearchClient(new Worker('/__lane/workers/search.js', { type: 'module' })));

interface Args {
  concurrency: number;
  rowsPerPartition?: number;
  abortAfterChunks?: number;
  /**
   * The index open during the sync and told of each chunk, as the app's sync runner does; the
   * backfill's time then runs until the index has caught up (service to cache to searchable).
   */
  searchable?: boolean;
}

expose({
  async reset(profileId: string) {
    await deleteCache(profileId);
  },
  /** Opens the (empty) index before a searchable sync, so the worker runs and can be sampled. */
  async openIndex(profileId: string) {
    await openSearch(profileId);
  },
  /** Forgets the saved index, so the next open rebuilds it from the cache. */
  async dropIndex(profileId: string) {
    await clearIndexParts(profileId);
  },
  /**
   * One sync of the transactions (entities first, as the app does), timed from its start:
   * `syncMs` to the incremental pass's start (or, searchable, to the index caught up), `planMs` to
   * the first backfill progress (entities and planning), `storedMs` to the cache holding every row.
   */
  async sync(profileId: string, args: Args) {
    const controller = new AbortController();
    let chunks = 0;
    let syncMs = 0;
    let planMs = 0;
    const started = performance.now();
    try {
      const done = await syncProfile(profileId, {
        signal: controller.signal,
        initial: idleProgress(Date.now()),
        concurrency: args.concurrency,
        ...(args.rowsPerPartition ? { rowsPerPartition: args.rowsPerPartition } : {}),
        onProgress: (p) => {
          if (p.phase === 'backfill' && planMs === 0) planMs = performance.now() - started;
          if (p.phase === 'incremental' && syncMs === 0 && planMs > 0) syncMs = performance.now() - started;
        },
        onChunk: () => {
          chunks++;
          if (args.searchable) chunksWritten(profileId);
          if (args.abortAfterChunks !== undefined && chunks >= args.abortAfterChunks) controller.abort();
        },
      });
      let indexed: number | null = null;
      const storedMs = syncMs;
      if (args.searchable) {
        const status = await searchClient().refresh();
        indexed = status.rows;
        syncMs = performance.now() - started;
      }
      return {
        outcome: done.phase,
        ms: performance.now() - started,
        syncMs,
        planMs,
        storedMs,
        rows: done.rows,
        chunks,
        indexed,
      };
    } catch (error) {
      return {
        outcome: 'aborted',
        ms: performance.now() - started,
        syncMs,
        planMs,
        rows: 0,
        chunks,
        message: String(error),
      };
    }
  },
  /** Distinct ids in the cache, and rows the backfill wrote (equal when nothing was doubled). */
  async census(profileId: string) {
    const ids = new Set<string>();
    let backfillRows = 0;
    await cacheDb(profileId).chunks.each((c) => {
      if (c.source.startsWith('backfill')) backfillRows += c.rows.length;
      for (const tx of c.rows) ids.add(tx.id);
    });
    return { distinct: ids.size, backfillRows };
  },
  /** Builds (or loads) the index and saves it; how long each took. */
  index: openAndSaveIndex,
  /** A cold start: the newest 100 rows from the cache, then the index loaded and a first query. */
  async coldOpen(profileId: string) {
    const t0 = performance.now();
    const newest = await newestRows(profileId, 100);
    const newestMs = performance.now() - t0;
    await openSearch(profileId);
    const first = await searchClient().query({}, 100);
    const readyMs = performance.now() - t0;
    const status = await searchClient().status();
    return {
      newestMs,
      newestRows: newest.length,
      readyMs,
      loadedFrom: status.loadedFrom,
      rows: status.rows,
      count: first.summary.count,
    };
  },
  async memory() {
    const m = performance as unknown as { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number }> };
    if (!crossOriginIsolated || !m.measureUserAgentSpecificMemory) return null;
    return (await m.measureUserAgentSpecificMemory()).bytes;
  },
});

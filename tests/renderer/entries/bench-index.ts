import type { Transaction } from '../../../src/shared/service';
import { cacheDb, deleteCache } from '../../../src/renderer/src/db/open';
import { appendPages } from '../../../src/renderer/src/repos/transactions-repo';
import { createSearchClient } from '../../../src/renderer/src/search/search-client';
import { searchClient, useWorkerFactory } from '../../../src/renderer/src/search/search-session';
import { expose } from './expose';
import { moveIndexToIndexedDb } from './index-storage';
import { openAndSaveIndex } from './open-and-save-index';

// bench:index's page: fills a profile's real cache, then the search index is rebuilt from it and
// saved, through the app's own modules and worker (the cold open is the app's own page's).

useWorkerFactory(() => createSearchClient(new Worker('/__lane/workers/search.js', { type: 'module' })));

expose({
  async reset(profileId: string) {
    await deleteCache(profileId);
  },
  /** Pages of the service, written as the sync writes them: one chunk per page, many pages a commit. */
  async fill(profileId: string, pagesJson: string) {
    // JSON text crosses from the benchmark far faster than the same values as arguments.
    const pages = JSON.parse(pagesJson) as Transaction[][];
    await appendPages(
      profileId,
      pages.map((rows, i) => ({ source: `backfill:bench:${i}`, rows })),
    );
    return pages.length;
  },
  /** Distinct ids in the cache, and rows in all: counted from the chunks themselves. */
  async census(profileId: string) {
    const ids = new Set<string>();
    let rows = 0;
    await cacheDb(profileId).chunks.each((c) => {
      rows += c.rows.length;
      for (const tx of c.rows) ids.add(tx.id);
    });
    return { distinct: ids.size, rows };
  },
  /** The floor under any rebuild from the cache: every chunk read once, in the page, nothing kept. */
  async readAll(profileId: string) {
    const t = performance.now();
    let rows = 0;
    const db = cacheDb(profileId);
    let after = 0;
    for (;;) {
      const chunks = await db.chunks.where(':id').above(after).limit(2000).toArray();
      if (chunks.length === 0) break;
      for (const c of chunks) rows += c.rows.length;
      after = chunks.at(-1)?.seq as number;
    }
    return { rows, ms: performance.now() - t };
  },
  /** Starts the search worker (so the benchmark can attach to it before it works). */
  async start() {
    await searchClient().status();
  },
  /** The app's path: the worker opens the profile with no saved index (a rebuild), then saves it. */
  async rebuild(profileId: string) {
    const { status, openMs, saveMs } = await openAndSaveIndex(profileId);
    return { status, buildMs: openMs, saveMs };
  },
  /** The saved index put where the previous version kept it (IndexedDB records), for a cold open to compare. */
  async toIndexedDb(profileId: string) {
    return (await moveIndexToIndexedDb(profileId)).length;
  },
  /** The full count the index answers for the empty query (every live row once). */
  async indexCount() {
    return (await searchClient().query({}, 1)).summary.count;
  },
});

import Dexie from 'dexie';
import { CACHE_DB_VERSION, cacheDbName } from '../../../src/renderer/src/db/cache-db';
import { cacheDb } from '../../../src/renderer/src/db/open';
import { readEntities } from '../../../src/renderer/src/repos/entities-repo';
import { DuplicateNameError, saveSearch } from '../../../src/renderer/src/repos/saved-searches-repo';
import { loadIndexParts } from '../../../src/renderer/src/repos/search-index-repo';
import { readSyncState } from '../../../src/renderer/src/repos/sync-state-repo';
import { chunksAfter, newestRows } from '../../../src/renderer/src/repos/transactions-repo';
import { expose } from './expose';

/**
 * Each released cache schema, frozen as it shipped (never edit one; add the next). A database
 * written with one of them must open with the app's current CacheDb and keep its data.
 */
const RELEASED: Record<number, Record<string, string>> = {
  1: {
    chunks: '++seq, maxDateMs',
    syncState: 'key',
    entities: '[kind+id], kind',
    entityMeta: 'kind',
    searchIndex: 'name',
    savedSearches: '++id, &name',
  },
};

expose({
  released: () => Object.keys(RELEASED).map(Number),
  current: () => CACHE_DB_VERSION,
  /** Writes a database as that release did, with a little of everything, and closes it. */
  async writeAsReleased(profileId: string, version: number, rows: unknown[]) {
    const db = new Dexie(cacheDbName(profileId));
    db.version(version).stores(RELEASED[version] ?? {});
    await db.open();
    await db.table('chunks').add({ source: 'backfill:0', rows, maxDateMs: Date.parse('2026-01-15T00:00:00Z'), writtenAt: 1 });
    await db.table('syncState').put({ key: 'tx:part:0', value: { cursor: 'c1', done: false } });
    await db.table('entities').put({ kind: 'card', id: 'card_1', value: { id: 'card_1', last4: '4242', name: 'Ops' } });
    await db.table('entityMeta').put({ kind: 'card', asOf: 1234 });
    await db.table('searchIndex').put({ name: 'meta', data: '{"version":1}' });
    await db.table('savedSearches').add({ name: 'Pending', query: { statuses: ['pending'] }, createdAt: 5 });
    db.close();
  },
  /** Opens with the current schema (upgrading) and reads everything back through the repositories. */
  async readCurrent(profileId: string) {
    const chunks = await chunksAfter(profileId, 0, 10);
    let duplicateRefused = false;
    try {
      await saveSearch(profileId, 'Pending', {});
    } catch (e) {
      duplicateRefused = e instanceof DuplicateNameError;
    }
    return {
      verno: cacheDb(profileId).verno,
      chunkSources: chunks.map((c) => c.source),
      newest: (await newestRows(profileId, 10)).map((t) => t.id),
      state: await readSyncState(profileId, 'tx:part:0', (v) => v as { cursor: string }),
      cards: await readEntities<{ last4: string }>(profileId, 'card'),
      indexParts: (await loadIndexParts(profileId)).map((p) => p.name),
      duplicateRefused,
    };
  },
});

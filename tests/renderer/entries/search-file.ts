import Dexie from 'dexie';
import { cacheDbName } from '../../../src/renderer/src/db/cache-db';
import { cacheDb, deleteCache } from '../../../src/renderer/src/db/open';
import { readIndexFile } from '../../../src/renderer/src/db/index-file';
import type { TxQuery } from '../../../src/renderer/src/model/tx-query';
import { searchClient } from '../../../src/renderer/src/search/search-session';
import { expose } from './expose';
import { moveIndexToIndexedDb } from './index-storage';
import { searchLane } from './search-lane';

// Where the saved search index lives: its file, the mark beside the cache, an earlier version's
// records, and what a profile's removal leaves behind.

const names = (parts: { name: string }[]) => parts.map((p) => p.name).sort();

expose({
  ...searchLane,
  async query(q: TxQuery, limit = 50) {
    const a = await searchClient().query(q, limit);
    return { summary: a.summary, ids: a.rows.map((r) => r.id) };
  },
  async save() {
    await searchClient().save();
  },
  /** What is stored: the records in the cache database, and the file's parts (null: no file). */
  async stored(profileId: string) {
    const file = await readIndexFile(profileId);
    return { records: names(await cacheDb(profileId).searchIndex.toArray()), file: file ? names(file.parts) : null };
  },
  /** The saved index as an earlier version kept it: its parts as records, no file. */
  asEarlierVersion: moveIndexToIndexedDb,
  /** The cache database deleted and its file left behind (as when removing the file failed). */
  async deleteDatabaseOnly(profileId: string) {
    cacheDb(profileId).close();
    await Dexie.delete(cacheDbName(profileId));
  },
  async forget(profileId: string) {
    await deleteCache(profileId);
  },
});

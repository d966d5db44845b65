import { CacheDb, cacheDbName } from './cache-db';
import { deleteIndexFile } from './index-file';
import { perProfile } from './per-profile';

const caches = perProfile(
  (profileId) => new CacheDb(cacheDbName(profileId)),
  (profileId) => CacheDb.delete(cacheDbName(profileId)),
);

/** The profile's cache database, opened once per page (and per worker). */
export function cacheDb(profileId: string): CacheDb {
  return caches.get(profileId);
}

/**
 * Empties what the service can give again (transactions, the sync's places, entities and their
 * "as of", the saved search index and its file) in one commit; the saved searches, which the
 * person made, stay. The key generator of the chunks goes on counting, so no new chunk takes the
 * number of one a reader still holds.
 */
export async function emptyCache(profileId: string): Promise<void> {
  const db = cacheDb(profileId);
  await db.transaction('rw', [db.chunks, db.syncState, db.entities, db.entityMeta, db.searchIndex], async () => {
    await Promise.all([
      db.chunks.clear(),
      db.syncState.clear(),
      db.entities.clear(),
      db.entityMeta.clear(),
      db.searchIndex.clear(),
    ]);
  });
  // Should removing the file fail, it is never used: the stamp naming it was in searchIndex.
  await deleteIndexFile(profileId).catch(() => undefined);
}

/** Forgets everything cached for a profile (it was deleted, or the Demo was reset). */
export async function deleteCache(profileId: string): Promise<void> {
  await caches.delete(profileId);
  // The saved search index's file goes too. Should that fail (a worker is reading it), the file
  // is still never used: its stamp was recorded in the database just deleted.
  await deleteIndexFile(profileId).catch(() => undefined);
}

import { CacheDb, cacheDbName } from './cache-db';

const open = new Map<string, CacheDb>();

/**
 * The profile's cache database, opened once per page (and per worker). One closed by a
 * deletion elsewhere (Dexie closes on `versionchange`) is replaced by a fresh one.
 */
export function cacheDb(profileId: string): CacheDb {
  let db = open.get(profileId);
  if (!db || db.hasBeenClosed()) {
    db = new CacheDb(cacheDbName(profileId));
    open.set(profileId, db);
  }
  return db;
}

/** Forgets everything cached for a profile (it was deleted, or the Demo was reset). */
export async function deleteCache(profileId: string): Promise<void> {
  const db = open.get(profileId);
  open.delete(profileId);
  db?.close();
  await CacheDb.delete(cacheDbName(profileId));
}

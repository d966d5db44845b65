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

/** Forgets everything cached for a profile (it was deleted, or the Demo was reset). */
export async function deleteCache(profileId: string): Promise<void> {
  await caches.delete(profileId);
  // The saved search index's file goes too. Should that fail (a worker is reading it), the file
  // is still never used: its stamp was recorded in the database just deleted.
  await deleteIndexFile(profileId).catch(() => undefined);
}

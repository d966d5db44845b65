import { CacheDb, cacheDbName } from './cache-db';
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
export function deleteCache(profileId: string): Promise<void> {
  return caches.delete(profileId);
}

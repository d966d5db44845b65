import { cacheDb, deleteCache, emptyCache } from '../db/open';
import { indexFileBytes } from '../db/index-file';

/** Forgets everything cached for a profile: it was deleted, or the Demo got a new history. */
export async function forgetProfileCache(profileId: string): Promise<void> {
  await deleteCache(profileId);
}

/** Empties the profile's cache but its saved searches (db/open.ts `emptyCache`). */
export async function clearProfileCache(profileId: string): Promise<void> {
  await emptyCache(profileId);
}

/** What one profile's cache holds on this computer. */
export interface CacheCensus {
  /** Distinct transactions in the cache (a transaction stored again after it changed counts once). */
  transactions: number;
  /** Cached cards, groups, accounts, directory entries, webhooks, wallets. */
  entities: number;
  /** Searches the person saved: kept when the cache is cleared. */
  savedSearches: number;
  /** The saved search index file's size on disk; null when there is none. */
  indexFileBytes: number | null;
}

/**
 * Counts the profile's cache. Every stored page of transactions is read once for the ids in it
 * (a cursor, one page at a time, so the window stays responsive; a few seconds at a million rows).
 */
export async function cacheCensus(profileId: string): Promise<CacheCensus> {
  const db = cacheDb(profileId);
  const ids = new Set<string>();
  await db.chunks.each((c) => {
    for (const tx of c.rows) ids.add(tx.id);
  });
  const [entities, savedSearches, fileBytes] = await Promise.all([
    db.entities.count(),
    db.savedSearches.count(),
    indexFileBytes(profileId).catch(() => null),
  ]);
  return { transactions: ids.size, entities, savedSearches, indexFileBytes: fileBytes };
}

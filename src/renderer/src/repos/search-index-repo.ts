import { cacheDb } from '../db/open';

export interface StoredPart {
  name: string;
  data: ArrayBuffer | string;
}

/** Replaces the persisted search index with these parts, all or nothing. */
export async function saveIndexParts(profileId: string, parts: StoredPart[]): Promise<void> {
  const db = cacheDb(profileId);
  await db.transaction('rw', db.searchIndex, async () => {
    await db.searchIndex.clear();
    await db.searchIndex.bulkPut(parts);
  });
}

export async function loadIndexParts(profileId: string): Promise<StoredPart[]> {
  return cacheDb(profileId).searchIndex.toArray();
}

export async function clearIndexParts(profileId: string): Promise<void> {
  await cacheDb(profileId).searchIndex.clear();
}

import { cacheDb } from '../../../src/renderer/src/db/open';
import { loadIndexParts } from '../../../src/renderer/src/repos/search-index-repo';

/**
 * The saved search index moved back to where an earlier version kept it: its parts as records
 * of the cache database, no file. Returns the parts' names.
 */
export async function moveIndexToIndexedDb(profileId: string): Promise<string[]> {
  const parts = await loadIndexParts(profileId);
  const db = cacheDb(profileId);
  await db.transaction('rw', db.searchIndex, async () => {
    await db.searchIndex.clear();
    await db.searchIndex.bulkPut(parts);
  });
  const root = await navigator.storage.getDirectory();
  await (await root.getDirectoryHandle('search-index')).removeEntry(`${encodeURIComponent(profileId)}.index`);
  return parts.map((p) => p.name).sort();
}

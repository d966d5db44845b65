import { cacheDb } from '../db/open';
import { deleteIndexFile, IndexFileUnavailable, readIndexFile, writeIndexFile } from '../db/index-file';

export interface StoredPart {
  name: string;
  data: ArrayBuffer | string;
}

/**
 * The saved search index lives in a file of the private file system (db/index-file.ts: read far
 * faster than IndexedDB's large values), and the cache database holds one small record naming
 * the file's stamp. The file counts only when the stamps match: a file left from a deleted cache
 * (a Demo reset, a removed profile whose file could not be removed) or from a save cut short is
 * never taken for this cache's index. Where there is no private file system, the parts are kept
 * in IndexedDB as before, and an index saved there by an earlier version still loads.
 */
const FILE_MARK = 'file';

/** Replaces the persisted search index with these parts, all or nothing. */
export async function saveIndexParts(profileId: string, parts: StoredPart[]): Promise<void> {
  const db = cacheDb(profileId);
  const stamp = crypto.randomUUID();
  let inFile = true;
  try {
    await writeIndexFile(profileId, stamp, parts);
  } catch (error) {
    if (!(error instanceof IndexFileUnavailable)) throw error;
    inFile = false;
  }
  // The mark (or the parts) replace what was there in one transaction: the index in IndexedDB
  // from an earlier version goes once the file holds its successor.
  await db.transaction('rw', db.searchIndex, async () => {
    await db.searchIndex.clear();
    await db.searchIndex.bulkPut(inFile ? [{ name: FILE_MARK, data: stamp }] : parts);
  });
}

/** The saved parts; none when nothing was saved for this cache. */
export async function loadIndexParts(profileId: string): Promise<StoredPart[]> {
  // Both read at once: the file is most of the wait, the records are a few bytes when it is in use.
  const [records, file] = await Promise.all([
    cacheDb(profileId).searchIndex.toArray(),
    // A file that cannot be read is as good as none: the index is rebuilt from the cache.
    readIndexFile(profileId).catch(() => null),
  ]);
  const mark = records.find((r) => r.name === FILE_MARK);
  if (!mark) return records;
  return file && file.stamp === mark.data ? file.parts : [];
}

export async function clearIndexParts(profileId: string): Promise<void> {
  await cacheDb(profileId).searchIndex.clear();
  await deleteIndexFile(profileId).catch(() => undefined);
}

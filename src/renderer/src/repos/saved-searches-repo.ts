import Dexie from 'dexie';
import type { SavedSearchRecord } from '../db/cache-db';
import { cacheDb } from '../db/open';

export type SavedSearch = Required<Pick<SavedSearchRecord, 'id'>> & SavedSearchRecord;

export class DuplicateNameError extends Error {}

/** Saves a search under a name; a name already used is refused (the person picks another). */
export async function saveSearch(profileId: string, name: string, query: unknown, now = Date.now()): Promise<number> {
  try {
    return await cacheDb(profileId).savedSearches.add({ name, query, createdAt: now });
  } catch (error) {
    if (error instanceof Dexie.ConstraintError)
      throw new DuplicateNameError(`A saved search is already called “${name}”. Choose another name.`);
    throw error;
  }
}

export async function deleteSavedSearch(profileId: string, id: number): Promise<void> {
  await cacheDb(profileId).savedSearches.delete(id);
}

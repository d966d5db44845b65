import { useLiveQuery } from 'dexie-react-hooks';
import { cacheDb } from '../db/open';
import type { SavedSearch } from './saved-searches-repo';

export function useSavedSearches(profileId: string | null): SavedSearch[] | undefined {
  return useLiveQuery(async () => {
    if (!profileId) return [];
    const all = await cacheDb(profileId).savedSearches.orderBy('name').toArray();
    return all as SavedSearch[];
  }, [profileId]);
}

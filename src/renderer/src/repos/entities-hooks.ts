import { useLiveQuery } from 'dexie-react-hooks';
import { cacheDb } from '../db/open';
import type { EntityKind } from './entities-repo';

// React hooks over the entity cache, apart from entities-repo.ts so that the search worker can
// read the cache without bundling React.

export interface CachedList<T> {
  items: T[];
  /** When the list was last refreshed completely; null when never. */
  asOf: number | null;
}

/** A live view of a kind: re-renders when a sync or a write changes it. Undefined while loading. */
export function useEntities<T>(profileId: string | null, kind: EntityKind): CachedList<T> | undefined {
  return useLiveQuery(async () => {
    if (!profileId) return { items: [], asOf: null };
    const db = cacheDb(profileId);
    const [records, meta] = await Promise.all([
      db.entities.where('kind').equals(kind).toArray(),
      db.entityMeta.get(kind),
    ]);
    return { items: records.map((r) => r.value as T), asOf: meta?.asOf ?? null };
  }, [profileId, kind]);
}

import type { EntityKind } from '../db/cache-db';
import { cacheDb } from '../db/open';

export type { EntityKind };

/**
 * Replaces every cached item of a kind with a complete fresh list, and its "as of" time, in one
 * transaction: a screen never sees half an old list and half a new one.
 */
export async function replaceEntities<T>(profileId: string, kind: EntityKind, items: T[], idOf: (item: T) => string, asOf: number): Promise<void> {
  const db = cacheDb(profileId);
  await db.transaction('rw', db.entities, db.entityMeta, async () => {
    await db.entities.where('kind').equals(kind).delete();
    await db.entities.bulkPut(items.map((value) => ({ kind, id: idOf(value), value })));
    await db.entityMeta.put({ kind, asOf });
  });
}

/** Puts one item (a write the service confirmed) without touching the rest. */
export async function putEntity<T>(profileId: string, kind: EntityKind, id: string, item: T): Promise<void> {
  await cacheDb(profileId).entities.put({ kind, id, value: item });
}

export async function readEntities<T>(profileId: string, kind: EntityKind): Promise<T[]> {
  const records = await cacheDb(profileId).entities.where('kind').equals(kind).toArray();
  return records.map((r) => r.value as T);
}

/** One cached item and when its kind was last fetched in full (null when never). */
export async function readEntity<T>(profileId: string, kind: EntityKind, id: string): Promise<{ value: T; asOf: number | null } | undefined> {
  const db = cacheDb(profileId);
  const [record, meta] = await Promise.all([db.entities.get([kind, id]), db.entityMeta.get(kind)]);
  return record ? { value: record.value as T, asOf: meta?.asOf ?? null } : undefined;
}

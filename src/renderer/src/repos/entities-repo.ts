import type { EntityKind } from '../db/cache-db';
import { cacheDb } from '../db/open';

export type { EntityKind };

/**
 * Replaces every cached item of a kind with a complete fresh list, and its "as of" time, in one
 * transaction: a screen never sees half an old list and half a new one.
 */
export async function replaceEntities<T>(
  profileId: string,
  kind: EntityKind,
  items: T[],
  idOf: (item: T) => string,
  asOf: number,
): Promise<void> {
  const db = cacheDb(profileId);
  await db.transaction('rw', db.entities, db.entityMeta, async () => {
    await db.entities.where('kind').equals(kind).delete();
    await db.entities.bulkPut(items.map((value) => ({ kind, id: idOf(value), value })));
    await db.entityMeta.put({ kind, asOf });
  });
}

/** What a confirmed write does to one cached item, given what the cache held (undefined when nothing). */
export type EntityChange<T> = { put: T } | { remove: true } | { keep: true };

/**
 * Applies a write the service confirmed to one cached item, reading it and writing it in one
 * transaction (a result that carries only part of the item, such as a virtual account's PATCH
 * answer without its balance, is merged with what is cached without a sync slipping in between).
 * The kind's "as of" is left alone: it says when the whole list was last fetched, and one item
 * being newer does not make the rest newer. Returns the item as cached afterwards.
 */
export async function changeEntity<T>(
  profileId: string,
  kind: EntityKind,
  id: string,
  change: (cached: T | undefined) => EntityChange<T>,
): Promise<T | undefined> {
  const db = cacheDb(profileId);
  return db.transaction('rw', db.entities, async () => {
    const cached = (await db.entities.get([kind, id]))?.value as T | undefined;
    const next = change(cached);
    if ('put' in next) {
      await db.entities.put({ kind, id, value: next.put });
      return next.put;
    }
    if ('remove' in next) {
      await db.entities.delete([kind, id]);
      return undefined;
    }
    return cached;
  });
}

/** Puts one item (a write the service confirmed) without touching the rest of its kind. */
export async function upsertEntity<T>(profileId: string, kind: EntityKind, id: string, item: T): Promise<void> {
  await changeEntity<T>(profileId, kind, id, () => ({ put: item }));
}

/** Removes one item (the service says it is gone) without touching the rest of its kind. */
export async function removeEntity(profileId: string, kind: EntityKind, id: string): Promise<void> {
  await changeEntity(profileId, kind, id, () => ({ remove: true }));
}

export async function readEntities<T>(profileId: string, kind: EntityKind): Promise<T[]> {
  const records = await cacheDb(profileId).entities.where('kind').equals(kind).toArray();
  return records.map((r) => r.value as T);
}

/** One cached item and when its kind was last fetched in full (null when never). */
export async function readEntity<T>(
  profileId: string,
  kind: EntityKind,
  id: string,
): Promise<{ value: T; asOf: number | null } | undefined> {
  const db = cacheDb(profileId);
  const [record, meta] = await Promise.all([db.entities.get([kind, id]), db.entityMeta.get(kind)]);
  return record ? { value: record.value as T, asOf: meta?.asOf ?? null } : undefined;
}

/**
 * Puts a page of items the service just answered (a fresh page of a filtered list) without
 * touching the rest of the kind or its "as of": a page is not the whole list.
 */
export async function upsertEntities<T>(
  profileId: string,
  kind: EntityKind,
  items: readonly T[],
  idOf: (item: T) => string,
): Promise<void> {
  if (items.length === 0) return;
  const db = cacheDb(profileId);
  await db.entities.bulkPut(items.map((value) => ({ kind, id: idOf(value), value })));
}

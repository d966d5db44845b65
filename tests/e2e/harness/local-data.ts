import type { Page } from '@playwright/test';

/**
 * What the page's origin holds, read straight from IndexedDB and the private file system (not
 * through the app's code): the names of its databases, a profile's cached transactions and
 * items, its outbox's rows, its search index file.
 */

export const cacheDbName = (profileId: string) => `treasury-cache:${profileId}`;
export const outboxDbName = (profileId: string) => `treasury-outbox:${profileId}`;

export async function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').sort());
}

/** Every record of each store named, from a database that exists (never created here). */
async function readStores(page: Page, db: string, stores: string[]): Promise<Record<string, unknown[]>> {
  if (!(await databaseNames(page)).includes(db)) throw new Error(`there is no database ${db}`);
  return page.evaluate(
    async ({ db, stores }) =>
      new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const conn = open.result;
          const tx = conn.transaction(stores, 'readonly');
          const out: Record<string, unknown[]> = {};
          for (const name of stores) {
            const r = tx.objectStore(name).getAll();
            r.onsuccess = () => (out[name] = r.result as unknown[]);
          }
          tx.oncomplete = () => {
            conn.close();
            resolve(out);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { db, stores },
  );
}

/** A profile's cache as stored: distinct transactions over every page kept, and cached items. */
export async function cachedCounts(
  page: Page,
  profileId: string,
): Promise<{ transactions: number; entities: number; savedSearches: number }> {
  const s = await readStores(page, cacheDbName(profileId), ['chunks', 'entities', 'savedSearches']);
  const ids = new Set<string>();
  for (const chunk of s['chunks'] as { rows: { id: string }[] }[]) for (const row of chunk.rows) ids.add(row.id);
  return {
    transactions: ids.size,
    entities: (s['entities'] ?? []).length,
    savedSearches: (s['savedSearches'] ?? []).length,
  };
}

export interface StoredRow {
  id: string;
  state: string;
  amountCents: number;
  idempotencyKey: string;
}

/** The rows of a profile's outbox queue (finished ones are in its archive). */
export async function outboxQueue(page: Page, profileId: string): Promise<StoredRow[]> {
  return (await readStores(page, outboxDbName(profileId), ['rows']))['rows'] as StoredRow[];
}

/** The size of the profile's saved search index file in the private file system; null when there is none. */
export async function indexFileBytes(page: Page, profileId: string): Promise<number | null> {
  return page.evaluate(
    async (name) => {
      try {
        const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('search-index');
        return (await (await dir.getFileHandle(name)).getFile()).size;
      } catch {
        return null;
      }
    },
    `${encodeURIComponent(profileId)}.index`,
  );
}

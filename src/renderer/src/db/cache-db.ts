import Dexie, { type Table } from 'dexie';
import type { Transaction } from '../../../shared/service';

/**
 * One cache database per profile: what the service told us, kept for offline use. It can be
 * rebuilt from the service at any time, so it uses the default (relaxed) durability; the outbox,
 * which holds money movements, has its own strict database.
 *
 * Transactions are stored in chunks, not one record per row. Measured in Chromium on this
 * machine at 1M rows: one record per transaction wrote 7,000-9,500 rows/s (a primary key and one
 * date index; ~2,000 with the indexes a naive layout needs), records packing hundreds of rows
 * 180,000-290,000 rows/s. A chunk is one page as the service sent it, appended in arrival order
 * with an increasing `seq` and never edited in place; a newer version of a row (a pending item that
 * posted and changed its date) is simply written again in a newer chunk, and the newest `seq`
 * wins. So a chunk survives any change to its rows, a write is one small record, and a page the
 * list needs reads a few small chunks. The search index, not IndexedDB, answers queries; it
 * records where each row's newest version lives (seq, slot). Chunks left mostly holding older
 * versions are replaced in the background by new chunks of their newest rows (rewriteChunks).
 */

export interface ChunkRecord {
  seq?: number;
  /** Which sync walk wrote it (a backfill partition, or the incremental window). */
  source: string;
  rows: Transaction[];
  /** Newest date in the chunk (ms): the cold-start preview reads the newest chunks first. */
  maxDateMs: number;
  writtenAt: number;
}

export interface SyncStateRecord {
  key: string;
  value: unknown;
}

// 'wallet' has no list endpoint: it is only ever written by a confirmed create, and no sync replaces it.
// 'cardEvent': a card's network events as they were read on its page (id = event id), kept so
// they read offline; no sync lists them.
export type EntityKind =
  | 'card'
  | 'cardGroup'
  | 'virtualAccount'
  | 'account'
  | 'legalEntity'
  | 'svcHandle'
  | 'merchant'
  | 'cardProduct'
  | 'webhook'
  | 'wallet'
  | 'cardEvent';

export interface EntityRecord {
  kind: EntityKind;
  id: string;
  value: unknown;
}

/** When a kind was last refreshed completely (its "as of" time). */
export interface EntityMetaRecord {
  kind: EntityKind;
  asOf: number;
}

/** One part of the persisted search index: a binary buffer, or the JSON meta that ties them. */
export interface IndexPartRecord {
  name: string;
  data: ArrayBuffer | string;
}

export interface SavedSearchRecord {
  id?: number;
  name: string;
  /** A TxQuery, stored as given. */
  query: unknown;
  createdAt: number;
}

export class CacheDb extends Dexie {
  chunks!: Table<ChunkRecord, number>;
  syncState!: Table<SyncStateRecord, string>;
  entities!: Table<EntityRecord, [EntityKind, string]>;
  entityMeta!: Table<EntityMetaRecord, EntityKind>;
  searchIndex!: Table<IndexPartRecord, string>;
  savedSearches!: Table<SavedSearchRecord, number>;

  constructor(name: string) {
    super(name);
    // One entry per schema version, never edited once released: a new version is a new entry
    // with its own upgrade and its own test: add the released schema to tests/renderer/entries/migrations.ts (cache-db-migrations.spec.ts).
    this.version(1).stores({
      chunks: '++seq, maxDateMs',
      syncState: 'key',
      entities: '[kind+id], kind',
      entityMeta: 'kind',
      searchIndex: 'name',
      savedSearches: '++id, &name',
    });
  }
}

export const CACHE_DB_VERSION = 1;

export function cacheDbName(profileId: string): string {
  return `treasury-cache:${profileId}`;
}

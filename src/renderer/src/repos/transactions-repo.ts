import type { Transaction } from '../../../shared/service';
import type { ChunkRecord, SyncStateRecord } from '../db/cache-db';
import { cacheDb } from '../db/open';
import { compareNewestFirst } from '../search/model/query';

/** Where a row's version lives: its chunk and its place in the chunk. */
export interface RowLocation {
  seq: number;
  slot: number;
}

function maxDateOf(rows: Transaction[]): number {
  let max = 0;
  for (const r of rows) {
    const t = Date.parse(r.date);
    if (t > max) max = t;
  }
  return max;
}

/**
 * Writes one page of transactions as a chunk and, in the same transaction, the sync state that
 * says the page is done (a cursor): killed at any point, a sync either has both or neither.
 */
export async function appendPage(profileId: string, source: string, rows: Transaction[], state?: SyncStateRecord, now = Date.now()): Promise<number> {
  const db = cacheDb(profileId);
  return db.transaction('rw', db.chunks, db.syncState, async () => {
    const seq = rows.length > 0 ? await db.chunks.add({ source, rows, maxDateMs: maxDateOf(rows), writtenAt: now }) : await lastSeq(profileId);
    if (state) await db.syncState.put(state);
    return seq;
  });
}

export interface PageWrite {
  source: string;
  rows: Transaction[];
  state?: SyncStateRecord | undefined;
}

/**
 * Several pages (from concurrent cursors) in one transaction, each chunk with its own state:
 * IndexedDB runs read-write transactions on the same tables one after another, so one commit for
 * all the pages waiting is what lets cursors write as fast as they read. Chunk numbers in order.
 */
export async function appendPages(profileId: string, pages: PageWrite[], now = Date.now()): Promise<number[]> {
  const db = cacheDb(profileId);
  return db.transaction('rw', db.chunks, db.syncState, async () => {
    const seqs: number[] = [];
    let last: number | null = null;
    for (const page of pages) {
      if (page.rows.length > 0) last = await db.chunks.add({ source: page.source, rows: page.rows, maxDateMs: maxDateOf(page.rows), writtenAt: now });
      else last ??= await lastSeq(profileId);
      seqs.push(last);
      if (page.state) await db.syncState.put(page.state);
    }
    return seqs;
  });
}

/** The highest chunk number written so far (0 when none). */
export async function lastSeq(profileId: string): Promise<number> {
  const last = await cacheDb(profileId).chunks.orderBy(':id').lastKey();
  return typeof last === 'number' ? last : 0;
}

/** Chunks written after `afterSeq`, oldest first, at most `limit`: how the index catches up. */
export async function chunksAfter(profileId: string, afterSeq: number, limit: number): Promise<ChunkRecord[]> {
  return cacheDb(profileId).chunks.where(':id').above(afterSeq).limit(limit).toArray();
}

export async function chunkCount(profileId: string): Promise<number> {
  return cacheDb(profileId).chunks.count();
}

/** The rows at these places (undefined where a chunk is gone), reading each chunk once. */
export async function rowsAt(profileId: string, places: RowLocation[]): Promise<(Transaction | undefined)[]> {
  const seqs = [...new Set(places.map((p) => p.seq))];
  const chunks = await cacheDb(profileId).chunks.bulkGet(seqs);
  const bySeq = new Map<number, ChunkRecord>();
  chunks.forEach((c, i) => {
    if (c) bySeq.set(seqs[i] as number, c);
  });
  return places.map((p) => bySeq.get(p.seq)?.rows[p.slot]);
}

/**
 * The newest rows straight from the chunks, before the search index is loaded (the first thing
 * a cold start shows). Reads the chunks with the newest dates until it has enough, keeping the
 * newest version of each row.
 */
export async function newestRows(profileId: string, count: number): Promise<Transaction[]> {
  const db = cacheDb(profileId);
  const newest = new Map<string, { seq: number; tx: Transaction }>();
  let floorMs = Infinity;
  await db.chunks
    .orderBy('maxDateMs')
    .reverse()
    .until((c) => newest.size >= count * 2 && c.maxDateMs < floorMs)
    .each((c) => {
      for (const tx of c.rows) {
        const had = newest.get(tx.id);
        if (!had || had.seq < (c.seq as number)) newest.set(tx.id, { seq: c.seq as number, tx });
      }
      floorMs = Math.min(floorMs, c.maxDateMs);
    });
  return [...newest.values()]
    .map((v) => v.tx)
    .sort((a, b) => compareNewestFirst(Date.parse(a.date), a.id, Date.parse(b.date), b.id))
    .slice(0, count);
}

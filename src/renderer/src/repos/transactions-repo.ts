import type { Transaction } from '../../../shared/service';
import type { ChunkRecord, SyncStateRecord } from '../db/cache-db';
import { cacheDb } from '../db/open';
import { compareNewestFirst } from '../model/tx-query';

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
export async function appendPage(
  profileId: string,
  source: string,
  rows: Transaction[],
  state?: SyncStateRecord,
  now = Date.now(),
): Promise<number> {
  const db = cacheDb(profileId);
  return db.transaction('rw', db.chunks, db.syncState, async () => {
    const seq =
      rows.length > 0
        ? await db.chunks.add({ source, rows, maxDateMs: maxDateOf(rows), writtenAt: now })
        : await lastSeq(profileId);
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
      if (page.rows.length > 0)
        last = await db.chunks.add({
          source: page.source,
          rows: page.rows,
          maxDateMs: maxDateOf(page.rows),
          writtenAt: now,
        });
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

/** What a rewrite of chunks did: the chunk that now holds their live rows (null when none was left). */
export interface ChunkRewrite {
  seq: number | null;
  rows: Transaction[];
  /** Rows left behind: older versions of rows that have a newer one. */
  dropped: number;
}

/**
 * Replaces chunks whose rows are mostly older versions by one new chunk holding only their rows
 * that are still the newest (`isNewest`, as of chunk `knownSeq`), in one transaction: killed at
 * any point, either the old chunks are there or the new one is, never both or neither, so every
 * transaction stays present once as its newest version. Rows of chunks written after `knownSeq`
 * (a sync that went on meanwhile) are newer than anything here: their ids are left behind. The
 * new chunk is appended (a higher `seq`), so whoever follows the chunks in order (the search
 * index catching up) sees the moved rows as re-written ones and points at their new place.
 * Resolves to null, changing nothing, when one of the chunks is already gone (compacted elsewhere).
 */
export async function rewriteChunks(
  profileId: string,
  seqs: number[],
  knownSeq: number,
  isNewest: (seq: number, slot: number, tx: Transaction) => boolean,
  now = Date.now(),
): Promise<ChunkRewrite | null> {
  const db = cacheDb(profileId);
  return db.transaction('rw', db.chunks, async () => {
    const chunks = await db.chunks.bulkGet(seqs);
    const newer = new Set<string>();
    await db.chunks
      .where(':id')
      .above(knownSeq)
      .each((c) => c.rows.forEach((tx) => newer.add(tx.id)));
    const rows: Transaction[] = [];
    let dropped = 0;
    for (const [i, c] of chunks.entries()) {
      if (!c) return null;
      const seq = seqs[i] as number;
      c.rows.forEach((tx, slot) => {
        if (!newer.has(tx.id) && isNewest(seq, slot, tx)) rows.push(tx);
        else dropped++;
      });
    }
    const seq =
      rows.length > 0
        ? await db.chunks.add({ source: 'compacted', rows, maxDateMs: maxDateOf(rows), writtenAt: now })
        : null;
    await db.chunks.bulkDelete(seqs);
    return { seq, rows, dropped };
  });
}

export async function chunkCount(profileId: string): Promise<number> {
  return cacheDb(profileId).chunks.count();
}

/**
 * Chunks read lately, by database instance (a deleted and re-created cache starts with none) and
 * seq. A chunk is never edited in place (a changed row is written again in a newer chunk), so a
 * chunk read once stays right for its seq; typing a search reads mostly the same chunks key after
 * key (measured at 100k: 40-100 chunks per first page, 10-30 ms from IndexedDB on a busy
 * machine). Bounded; the least recently used go first.
 */
const RECENT_CHUNKS = 256;
const recentChunks = new WeakMap<object, Map<number, ChunkRecord>>();

/** The rows at these places (undefined where a chunk is gone), reading each chunk once. */
export async function rowsAt(profileId: string, places: RowLocation[]): Promise<(Transaction | undefined)[]> {
  const db = cacheDb(profileId);
  let recent = recentChunks.get(db);
  if (!recent) recentChunks.set(db, (recent = new Map()));
  const bySeq = new Map<number, ChunkRecord>();
  const missing: number[] = [];
  for (const seq of new Set(places.map((p) => p.seq))) {
    const c = recent.get(seq);
    if (c) {
      recent.delete(seq); // re-inserted below: most recently used
      bySeq.set(seq, c);
    } else missing.push(seq);
  }
  const read = missing.length ? await db.chunks.bulkGet(missing) : [];
  read.forEach((c, i) => {
    if (c) bySeq.set(missing[i] as number, c);
  });
  for (const [seq, c] of bySeq) recent.set(seq, c);
  for (const seq of recent.keys()) {
    if (recent.size <= RECENT_CHUNKS) break;
    recent.delete(seq);
  }
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

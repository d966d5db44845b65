import type { Transaction } from '../../../shared/service';
import { readEntities } from '../repos/entities-repo';
import { readSyncState, writeSyncState } from '../repos/sync-state-repo';
import { clearIndexParts, loadIndexParts, saveIndexParts, type StoredPart } from '../repos/search-index-repo';
import { runIfFree } from '../platform/locks';
import { chunkCount, chunksAfter, lastSeq, rewriteChunks } from '../repos/transactions-repo';
import {
  chartOf,
  IndexCorruptError,
  SearchIndex,
  type ChartData,
  type IndexedRow,
  type RowRef,
  type SearchResult,
} from './engine';
import { AnswerCache } from './answer-cache';
import { PendingChecks } from './index-checks';
import { fromParts, toParts } from './index-parts';
import { forEachChunkBatch } from './read-chunks';
import type { TxQuery, TxSummary } from '../model/tx-query';
import { groupsAsCards } from './model/group-filter';
import { toSearchRow, type CardFacts } from './model/search-row';
import { parseQueryText } from '../model/query-text';

/**
 * The search index of the profile on screen, living in the worker: loaded from its saved parts
 * (or rebuilt from the cached chunks when there are none or they are damaged), kept up to date
 * with the chunks the sync writes (a delta, folded in the background), saved back when it
 * settles. The window talks to it through search-client.ts; only ids and small pages cross.
 */

export type IndexState = 'closed' | 'loading' | 'building' | 'ready' | 'error';

export interface IndexStatus {
  profileId: string | null;
  state: IndexState;
  /** Live rows in the index. */
  rows: number;
  /** The last chunk the index has absorbed. */
  watermark: number;
  /** While building: chunks read of those there are. */
  progress?: { done: number; total: number };
  /** Where the index came from this time, and how long that took. */
  loadedFrom?: 'storage' | 'rebuild';
  loadMs?: number;
  /** Of loadMs, the time spent reading the saved index's parts from storage. */
  readMs?: number;
  /** The last chunk the copy saved in storage covers (a cold start loads that copy, then catches up). */
  savedWatermark?: number;
  /** Something the person should know (a damaged index was rebuilt, an error). */
  note?: string;
}

export interface QueryAnswer {
  queryId: number;
  summary: TxSummary;
  rows: RowRef[];
  tookMs: number;
  /** The text was longer than the limits and was cut. */
  truncated: boolean;
  status: IndexStatus;
}

export type { ChartData };

export interface ChunkCompactionOptions {
  /** Chunks read per run, from where the previous run stopped (the bound on one run's work). */
  scanChunks?: number;
  /** A chunk is rewritten when at least this share of its rows are older versions (and one is). */
  minDeadShare?: number;
  /** Rows per chunk written. */
  rowsPerChunk?: number;
  /** Rewrites per run at most. */
  maxRewrites?: number;
}

export interface ChunkCompactionReport {
  /** False when there was no index, or another window was compacting this profile. */
  ran: boolean;
  scanned: number;
  rewrites: number;
  chunksRemoved: number;
  rowsMoved: number;
  rowsDropped: number;
  /** This run reached the newest chunk: the next one starts again from the oldest. */
  wrapped: boolean;
}

const COMPACT_FROM_KEY = 'tx:compact-from';
const COMPACTION_DEFAULTS: Required<ChunkCompactionOptions> = {
  scanChunks: 400,
  minDeadShare: 0.5,
  rowsPerChunk: 500,
  maxRewrites: 20,
};

/** Rows a chunk holds, to size a rebuild's columns up front (a sync page; too few only costs a regrowth). */
const CHUNK_ROWS_GUESS = 50;
const RESULTS_KEPT = 16;
/** Fold the delta into the base once it is this large (or this share of the base). */
const COMPACT_ROWS = 50_000;
const COMPACT_SHARE = 0.05;
const SAVE_DELAY_MS = 5_000;
/**
 * A save waits for a quiet moment, but no longer than this: during a backfill the index catches
 * up every ~400 ms, and each save folds and writes the whole index (at 1M, hundreds of MB through
 * IndexedDB, beside the sync's own writes), so saving every 5 s made the catch-up quadratic.
 */
const SAVE_MAX_DELAY_MS = 60_000;

const now = () => performance.now();

export class IndexHost {
  private profileId: string | null = null;
  private index: SearchIndex | null = null;
  private st: IndexStatus = { profileId: null, state: 'closed', rows: 0, watermark: 0 };
  private cards = new Map<string, CardFacts>();
  private readonly results = new AnswerCache<SearchIndex, TxQuery, SearchResult>(RESULTS_KEPT);
  /** One change at a time: opening, catching up, folding and saving never interleave. */
  private chain: Promise<unknown> = Promise.resolve();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the pending save was first asked for (a save postponed by new rows waits at most SAVE_MAX_DELAY_MS). */
  private saveAskedAt = 0;
  private dirty = false;
  private readonly checks = new PendingChecks(() => {
    const profileId = this.profileId;
    void this.serially(() =>
      this.checks.run(
        (error) => this.recover(error),
        () => this.profileId === profileId,
      ),
    );
  });

  constructor(private readonly onStatus: (s: IndexStatus) => void = () => {}) {}

  status(): IndexStatus {
    return { ...this.st };
  }

  /** Opens a profile's index (closing the previous one); resolves when it answers queries. */
  open(profileId: string): Promise<IndexStatus> {
    return this.serially(async () => {
      if (this.profileId === profileId && this.index) return this.status();
      await this.flushSave();
      this.reset(profileId);
      this.set({ state: 'loading' });
      const started = now();
      try {
        await this.loadCards();
        const loaded = await this.loadSaved();
        if (loaded) this.set({ loadedFrom: 'storage' });
        else await this.rebuild();
        await this.catchUpOrRecover();
        this.set({ state: 'ready', loadMs: Math.round(now() - started) });
        this.checks.postpone();
      } catch (error) {
        this.set({
          state: 'error',
          note: `The search index could not be prepared: ${error instanceof Error ? error.message : String(error)}. Searching is unavailable until it is rebuilt.`,
        });
      }
      return this.status();
    });
  }

  /** Absorbs the chunks written since the last call (the sync calls this as it writes). */
  refresh(): Promise<IndexStatus> {
    return this.serially(async () => {
      if (!this.index || !this.profileId) return this.status();
      await this.loadCards();
      await this.catchUpOrRecover();
      return this.status();
    });
  }

  query(q: TxQuery, limit: number): QueryAnswer {
    const started = now();
    const index = this.index;
    if (!index) {
      const { truncated } = parseQueryText(q.text);
      return {
        queryId: 0,
        summary: { count: 0, inCents: 0, outCents: 0, netCents: 0 },
        rows: [],
        tookMs: 0,
        truncated,
        status: this.status(),
      };
    }
    // The saved index's checks and a pending save wait while someone is searching: a save folds
    // and writes the whole index (~1 s at 1M), and a key typed meanwhile would wait for it.
    this.checks.postpone();
    if (this.saveTimer) this.scheduleSave();
    // Kept as the index answers it (groups as their cards): read again later, it answers the same.
    const resolved = groupsAsCards(q, this.cards);
    const result = index.query(resolved);
    const queryId = this.results.add(index, resolved, result);
    const rows = index.page(result, 0, Math.max(0, Math.min(limit, 500)));
    // The result says whether the text was cut: parsing it a second time here cost a parse per key.
    return {
      queryId,
      summary: result.summary,
      rows,
      tookMs: now() - started,
      truncated: result.truncated,
      status: this.status(),
    };
  }

  /** Rows `offset`..`offset+limit` of an earlier answer; null when it was forgotten (run it again). */
  page(queryId: number, offset: number, limit: number): RowRef[] | null {
    const kept = this.results.read(queryId, this.index);
    if (!kept) return null;
    const refs = kept.index.page(kept.result, Math.max(0, offset), Math.max(0, Math.min(limit, 500)));
    // An answer kept from before a chunk compaction points where its rows were: ask where they are now.
    const index = this.index;
    return index ? refs.map((r) => index.get(r.id) ?? r) : refs;
  }

  /** Spend per period and top merchants of an earlier answer; null when it was forgotten. */
  chart(queryId: number): ChartData | null {
    const kept = this.results.read(queryId, this.index);
    if (!kept) return null;
    return chartOf(kept.result);
  }

  /** Where the newest version of each id lives (ids not in the index are left out). */
  refs(ids: string[]): RowRef[] {
    const index = this.index;
    if (!index) return [];
    return ids.map((id) => index.get(id)).filter((r): r is RowRef => r !== undefined);
  }

  /** Where the fee rows charged for `id` as transactions of their own live (a wire's fee). */
  feeRowsOf(id: string): RowRef[] {
    return this.index?.feeRowsOf(id) ?? [];
  }

  /** Ids of pending transactions dated before `beforeMs` (for the sync's reconciliation). */
  pendingIdsBefore(beforeMs: number): string[] {
    const index = this.index;
    if (!index) return [];
    const result = index.query({ statuses: ['pending'], toMs: beforeMs - 1 });
    return index.page(result, 0, result.summary.count).map((r) => r.id);
  }

  /**
   * Rewrites chunks that mostly hold older versions of rows (a pending item written again when it
   * posted) so that the cache stops growing with every change: reads up to `scanChunks` chunks
   * from where the last run stopped, groups those whose share of older versions is at least
   * `minDeadShare`, and replaces each group by one chunk of its newest versions (rewriteChunks:
   * one transaction each, so a kill between or during steps loses nothing). Which version is the
   * newest is what the index says, caught up first. The index reads each new chunk as soon as its
   * rewrite commits (as it reads the sync's), so queries point at the rows' new place. Single-flight across windows.
   */
  compactChunks(options: ChunkCompactionOptions = {}): Promise<ChunkCompactionReport> {
    const o = { ...COMPACTION_DEFAULTS, ...options };
    return this.serially(async () => {
      const report: ChunkCompactionReport = {
        ran: false,
        scanned: 0,
        rewrites: 0,
        chunksRemoved: 0,
        rowsMoved: 0,
        rowsDropped: 0,
        wrapped: false,
      };
      const profileId = this.profileId;
      if (!this.index || !profileId) return report;
      await runIfFree(`compact-chunks:${profileId}`, async () => {
        report.ran = true;
        await this.loadCards();
        await this.catchUpOrRecover();
        const knownSeq = this.st.watermark;
        // Where the last run stopped, kept with the cache: a run goes round the chunks a bounded
        // part at a time, and a window that reloads often must not start from the oldest each time.
        const from = (await readSyncState(profileId, COMPACT_FROM_KEY, (v) => (typeof v === 'number' ? v : null))) ?? 0;
        const chunks = (await chunksAfter(profileId, from, o.scanChunks)).filter((c) => (c.seq as number) <= knownSeq);
        report.scanned = chunks.length;
        report.wrapped = chunks.length < o.scanChunks;
        await writeSyncState(
          profileId,
          COMPACT_FROM_KEY,
          report.wrapped ? 0 : ((chunks.at(-1)?.seq as number | undefined) ?? 0),
        );

        const isNewest = (seq: number, slot: number, tx: Transaction) => {
          const at = this.index?.get(tx.id);
          // A row the index does not know is kept: compaction never drops what it cannot prove older.
          return !at || (at.seq === seq && at.slot === slot);
        };
        const groups: number[][] = [];
        let group: number[] = [];
        let groupRows = 0;
        for (const c of chunks) {
          const seq = c.seq as number;
          const live = c.rows.reduce((n, tx, slot) => n + (isNewest(seq, slot, tx) ? 1 : 0), 0);
          const dead = c.rows.length - live;
          if (dead === 0 || dead < c.rows.length * o.minDeadShare) continue;
          group.push(seq);
          groupRows += live;
          if (groupRows >= o.rowsPerChunk) {
            groups.push(group);
            group = [];
            groupRows = 0;
          }
        }
        if (group.length > 0) groups.push(group);

        for (const seqs of groups.slice(0, o.maxRewrites)) {
          const done = await rewriteChunks(profileId, seqs, knownSeq, isNewest);
          if (!done || this.profileId !== profileId) continue;
          // At once, not at the end of the run: until the index reads the new chunk, it points
          // the moved rows at chunks that are gone.
          await this.catchUp();
          report.rewrites++;
          report.chunksRemoved += seqs.length;
          report.rowsMoved += done.rows.length;
          report.rowsDropped += done.dropped;
        }
      });
      return report;
    });
  }

  /** Saves now (before the page unloads, or after a big change). */
  save(): Promise<void> {
    return this.serially(() => this.flushSave());
  }

  close(): Promise<void> {
    return this.serially(async () => {
      await this.flushSave();
      this.reset(null);
    });
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private reset(profileId: string | null): void {
    this.profileId = profileId;
    this.index = null;
    this.results.clear();
    this.cards.clear();
    this.dirty = false;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.checks.clear();
    this.st = { profileId, state: profileId ? 'loading' : 'closed', rows: 0, watermark: 0 };
  }

  /** The index searched from now on; the answers kept let go of the one it replaces (answer-cache.ts). */
  private setIndex(index: SearchIndex | null): void {
    this.index = index;
    this.results.replaced(index);
  }

  private set(patch: Partial<IndexStatus>): void {
    this.st = { ...this.st, ...patch, rows: this.index?.size ?? 0 };
    this.onStatus(this.status());
  }

  private async loadCards(): Promise<void> {
    if (!this.profileId) return;
    const cards = await readEntities<{ id: string; last4: string; name: string; cardGroupId?: string }>(
      this.profileId,
      'card',
    );
    this.cards = new Map(cards.map((c) => [c.id, { last4: c.last4, name: c.name, cardGroupId: c.cardGroupId }]));
  }

  private async loadSaved(): Promise<boolean> {
    const profileId = this.profileId as string;
    const started = now();
    const parts = await loadIndexParts(profileId);
    if (parts.length === 0) return false;
    this.st.readMs = Math.round(now() - started);
    try {
      const { stored, watermark } = fromParts(parts);
      // A saved index that claims chunks the cache does not have belongs to another cache (reset).
      if (watermark > (await lastSeq(profileId)))
        throw new IndexCorruptError('the saved index is newer than the cached transactions');
      // Answering as soon as the buffers are in: the structural checks run once searching pauses.
      const { index, checks } = SearchIndex.mapBuffers(stored);
      this.setIndex(index);
      this.checks.set(checks);
      this.set({ watermark, savedWatermark: watermark });
      return true;
    } catch (error) {
      if (!(error instanceof IndexCorruptError)) throw error;
      await this.discardSaved(error);
      return false;
    }
  }

  private async discardSaved(error: IndexCorruptError): Promise<void> {
    await clearIndexParts(this.profileId as string);
    this.setIndex(null);
    this.checks.clear();
    this.set({
      note: `The saved search index was damaged (${error.message}) and is being rebuilt from the cached transactions.`,
    });
  }

  /** A saved index found damaged after it was loaded: rebuilt from the cache, as at open. */
  private async recover(error: IndexCorruptError): Promise<void> {
    await this.discardSaved(error);
    await this.rebuild();
    await this.catchUp();
    this.set({ state: 'ready' });
  }

  /** catchUp(); a loaded index whose ids turn out to repeat (found on first use) is rebuilt. */
  private async catchUpOrRecover(): Promise<void> {
    try {
      await this.catchUp();
    } catch (error) {
      if (!(error instanceof IndexCorruptError)) throw error;
      await this.recover(error);
    }
  }

  private rowsOf(seq: number, rows: Transaction[]): IndexedRow[] {
    return rows.map((tx, slot) => this.rowOf(seq, slot, tx));
  }

  private rowOf(seq: number, slot: number, tx: Transaction, wordsInText = false): IndexedRow {
    // toSearchRow's object is new: completed in place rather than copied (a rebuild makes a million).
    const row = toSearchRow(tx, (id) => this.cards.get(id), wordsInText) as IndexedRow;
    row.seq = seq;
    row.slot = slot;
    return row;
  }

  /**
   * Builds the index from every cached chunk, newest version of each row winning (the builder
   * keeps the last one added, and chunks come oldest first). Each row goes into the index's
   * columns as soon as its chunk is read, and the next batch is read while this one is indexed.
   */
  private async rebuild(): Promise<void> {
    const profileId = this.profileId as string;
    const total = await lastSeq(profileId);
    this.set({ state: 'building', progress: { done: 0, total }, loadedFrom: 'rebuild' });
    const builder = SearchIndex.builder((await chunkCount(profileId)) * CHUNK_ROWS_GUESS);
    const watermark = await forEachChunkBatch(profileId, 0, (chunks, last) => {
      for (const c of chunks) {
        const seq = c.seq as number;
        // The builder reads each row's words from its text (no string per word).
        c.rows.forEach((tx, slot) => builder.add(this.rowOf(seq, slot, tx, true)));
      }
      this.set({ progress: { done: last, total } });
    });
    this.setIndex(builder.finish());
    this.set({ watermark, progress: { done: total, total } });
    this.dirty = true;
    this.scheduleSave();
  }

  private async catchUp(): Promise<void> {
    const profileId = this.profileId as string;
    await forEachChunkBatch(profileId, this.st.watermark, (chunks, watermark) => {
      const rows: IndexedRow[] = [];
      for (const c of chunks) rows.push(...this.rowsOf(c.seq as number, c.rows));
      this.index?.upsert(rows);
      this.dirty = true;
      this.set({ watermark });
    });
    const index = this.index;
    if (index && index.deltaSize > Math.max(COMPACT_ROWS, index.size * COMPACT_SHARE)) {
      this.setIndex(index.compact());
      this.set({});
    }
    if (this.dirty) this.scheduleSave();
  }

  private scheduleSave(): void {
    if (this.saveTimer) {
      if (now() - this.saveAskedAt >= SAVE_MAX_DELAY_MS - SAVE_DELAY_MS) return;
      clearTimeout(this.saveTimer);
    } else this.saveAskedAt = now();
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.save();
    }, SAVE_DELAY_MS);
  }

  private async flushSave(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.dirty || !this.index || !this.profileId) return;
    // Saved as a compact base, so the next cold start loads one piece and no delta.
    if (this.index.deltaSize > 0) this.setIndex(this.index.compact());
    const parts: StoredPart[] = toParts(this.index.toBuffers(), this.st.watermark);
    await saveIndexParts(this.profileId, parts);
    this.dirty = false;
    this.set({ savedWatermark: this.st.watermark });
  }
}

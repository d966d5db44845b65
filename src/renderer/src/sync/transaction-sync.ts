import type { Transaction } from '../../../shared/service';
import { planBackfill, type BackfillPlan } from './backfill-plan';
import { RateGate } from './rate-gate';
import { retrying } from './retrying';
import { advance, type SyncProgress } from './sync-progress';
import { SyncFailure, type TransactionSource, type TxPage, type TxWindow } from './transaction-source';

/** Where the sync keeps its rows and its place (the app's is Dexie through the repositories). */
export interface SyncStore {
  /** Appends rows as one chunk and writes the state record in the same transaction; returns the chunk's seq. */
  appendPage(source: string, rows: Transaction[], state?: { key: string; value: unknown }): Promise<number>;
  readState(key: string): Promise<unknown>;
  writeState(key: string, value: unknown): Promise<void>;
}

/** What the cache already holds, so the incremental sync writes only what changed. */
export interface LocalView {
  /** The rows that are new, or differ from their cached version. */
  changedOnly(rows: Transaction[]): Promise<Transaction[]>;
  /** Records rows just written to the cache. */
  noteWritten(rows: Transaction[]): Promise<void>;
  /** Ids of cached transactions that are pending and dated before `beforeMs`. */
  pendingIdsBefore(beforeMs: number): Promise<string[]>;
  /** Rows a backfill just wrote, seen as they go: spares the first incremental run a scan of the whole cache. */
  seeBackfilled?(rows: Transaction[]): void;
  /** The backfill ended; `whole` when every row it holds was written (and seen) in this run, none by an earlier one. */
  backfillDone?(whole: boolean): Promise<void>;
}

export interface TransactionSyncOptions {
  source: TransactionSource;
  store: SyncStore;
  local: LocalView;
  signal: AbortSignal;
  onProgress: (p: SyncProgress) => void;
  /** Called after each chunk is written, with its seq (the search index catches up). */
  onChunk?: (seq: number) => void;
  now?: () => number;
  /** Cursors walked at once during the backfill. */
  concurrency?: number;
  /** Days the incremental sync re-reads (pending items post, decline, reverse...). */
  windowDays?: number;
  rowsPerPartition?: number;
  /** Pages the backfill asks for in one call, where the source can (see TransactionSource.pages). */
  pagesPerCall?: number;
  /** Attempts at a failing (5xx) page before the sync gives up and says so. */
  maxServerRetries?: number;
  initial: SyncProgress;
}

const DAY = 86_400_000;
const PLAN_KEY = 'tx:plan';
const BACKFILLED_KEY = 'tx:backfilled';
const INCREMENTAL_KEY = 'tx:incremental';
const partKey = (i: number) => `tx:part:${i}`;
/**
 * Pages per call to main during the backfill: at 100k, one call per page cost ~2.4 ms of the
 * harness's bridge each (27% of its process) beside ~1 ms of main's own work; 16 pages (800 rows,
 * ~0.5 MB) make 16 times fewer crossings, and the first rows still land after 16 round trips.
 */
const PAGES_PER_CALL = 16;

interface PartState {
  cursor: string | null;
  done: boolean;
  rows: number;
  pages: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function parsePlan(v: unknown): BackfillPlan | null {
  if (!isRecord(v) || typeof v['upperMs'] !== 'number' || !Array.isArray(v['partitions'])) return null;
  return v as unknown as BackfillPlan;
}

function parsePart(v: unknown): PartState | null {
  if (!isRecord(v) || typeof v['done'] !== 'boolean' || typeof v['rows'] !== 'number') return null;
  return {
    cursor: typeof v['cursor'] === 'string' ? v['cursor'] : null,
    done: v['done'],
    rows: v['rows'],
    pages: typeof v['pages'] === 'number' ? v['pages'] : 0,
  };
}

/**
 * Brings a profile's cached transactions up to date: a resumable, partitioned backfill of the
 * whole history the first time, then incremental runs that re-read recent days and reconcile
 * older pending items. Nothing is deleted because the service stopped listing it.
 */
export async function runTransactionSync(o: TransactionSyncOptions): Promise<SyncProgress> {
  const now = o.now ?? Date.now;
  const gate = new RateGate(now);
  let progress = o.initial;
  const report = (p: SyncProgress) => {
    progress = p;
    o.onProgress(p);
  };

  const retry = <T>(step: () => Promise<T>) => retrying(gate, o.signal, step, o.maxServerRetries);

  /** The next pages of a window: several per call where the source can, one otherwise. */
  const fetchPages = (window: TxWindow, cursor: string | undefined, maxPages: number) =>
    retry(async () => {
      const { source } = o;
      return source.pages
        ? source.pages(window, cursor, maxPages, o.signal)
        : [await source.page(window, cursor, o.signal)];
    });

  async function walkPartition(plan: BackfillPlan, i: number): Promise<void> {
    const p = plan.partitions[i];
    if (!p) return;
    let st = parsePart(await o.store.readState(partKey(i))) ?? { cursor: null, done: false, rows: 0, pages: 0 };
    const window = { fromMs: p.fromMs, toMs: p.toMs };
    // Calls start at one page and double: the first rows of a window land after one round trip
    // (on a slow network, and when a window is short), the bulk comes at full size.
    let pagesPerCall = 1;
    const prefetch = (cursor: string | null) => {
      const next = fetchPages(window, cursor ?? undefined, pagesPerCall);
      pagesPerCall = Math.min(o.pagesPerCall ?? PAGES_PER_CALL, pagesPerCall * 2);
      // Awaited below; until then a failure must not count as unhandled.
      next.catch(() => undefined);
      return next;
    };
    // The next pages are asked for while these are written: the walk is latency-bound, and the
    // cursor it needs came with the last page, not with the write.
    let coming = st.done ? null : prefetch(st.cursor);
    while (!st.done && coming) {
      let pages;
      try {
        pages = await coming;
      } catch (error) {
        if (error instanceof SyncFailure && error.kind === 'bad-cursor' && st.cursor !== null) {
          // The service forgot our place: walk this window again; the index keeps one version per id.
          st = { cursor: null, done: false, rows: 0, pages: 0 };
          coming = prefetch(null);
          continue;
        }
        throw error;
      }
      // Each page with the place after it: a kill between any two pages loses nothing and doubles nothing.
      const writes: { page: TxPage; state: PartState }[] = [];
      let after = st;
      for (const page of pages) {
        after = {
          cursor: page.nextCursor ?? null,
          done: !page.nextCursor,
          rows: after.rows + page.items.length,
          pages: after.pages + 1,
        };
        writes.push({ page, state: after });
        if (after.done) break;
      }
      if (writes.length === 0)
        throw new SyncFailure('rejected', 'The service answered with no page where one was expected.');
      coming = after.done ? null : prefetch(after.cursor);
      // Handed to the store together, in order: its one writer puts them in as few commits as it can.
      const seqs = await Promise.all(
        writes.map((w) => o.store.appendPage(`backfill:${i}`, w.page.items, { key: partKey(i), value: w.state })),
      );
      st = after;
      // One report per answer, not per page: each is a new progress object and a store update
      // the screens re-render on (20,000 pages at 1M).
      report(
        advance(
          progress,
          writes.reduce((n, w) => n + w.page.items.length, 0),
          now(),
          writes.length,
        ),
      );
      writes.forEach((w, k) => {
        o.local.seeBackfilled?.(w.page.items);
        if (w.page.items.length > 0) o.onChunk?.(seqs[k] as number);
      });
    }
  }

  async function backfill(): Promise<BackfillPlan> {
    let plan = parsePlan(await o.store.readState(PLAN_KEY));
    if (!plan) {
      report({ ...progress, phase: 'planning' });
      plan = await planBackfill((w, s) => retry(() => o.source.count(w, s)), now(), {
        signal: o.signal,
        ...(o.rowsPerPartition ? { rowsPerPartition: o.rowsPerPartition } : {}),
      });
      await o.store.writeState(PLAN_KEY, plan);
    }
    let resumed = 0;
    const todo: number[] = [];
    for (let i = 0; i < plan.partitions.length; i++) {
      const st = parsePart(await o.store.readState(partKey(i)));
      resumed += st?.rows ?? 0;
      if (!st?.done) todo.push(i);
    }
    report({ ...progress, phase: 'backfill', total: plan.total, resumedRows: resumed });
    const queue = [...todo];
    const walkers = Array.from({ length: Math.max(1, Math.min(o.concurrency ?? 4, queue.length)) }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) await walkPartition(plan, i);
    });
    await Promise.all(walkers);
    await o.local.backfillDone?.(resumed === 0 && todo.length === plan.partitions.length);
    await o.store.writeState(BACKFILLED_KEY, { upperMs: plan.upperMs, completedAt: now() });
    return plan;
  }

  /** Writes the rows that are new or differ from the cached version. */
  async function upsertChanged(source: string, rows: Transaction[]): Promise<number> {
    if (rows.length === 0) return 0;
    const changed = await o.local.changedOnly(rows);
    if (changed.length === 0) return 0;
    const seq = await o.store.appendPage(source, changed);
    await o.local.noteWritten(changed);
    o.onChunk?.(seq);
    return changed.length;
  }

  async function incremental(sinceMs: number): Promise<void> {
    const startedAt = now();
    report({ ...progress, phase: 'incremental', total: null });
    const fromMs = sinceMs - (o.windowDays ?? 7) * DAY;
    // Several pages a call, as the backfill does: right after a 1M backfill the week re-read is
    // ~200 pages, and one round trip each kept "searchable" waiting ~17 s. Nothing here keeps a
    // cursor across runs (a stopped run starts again), so an answer's pages are checked together.
    const walk = async (window: TxWindow, each: (items: Transaction[], pages: number) => Promise<void>) => {
      let cursor: string | undefined;
      let perCall = 1;
      do {
        const pages = await fetchPages(window, cursor, perCall);
        perCall = Math.min(o.pagesPerCall ?? PAGES_PER_CALL, perCall * 2);
        const items = pages.flatMap((p) => p.items);
        await each(items, pages.length);
        cursor = pages.at(-1)?.nextCursor;
      } while (cursor);
    };
    await walk({ fromMs }, async (items, pages) => {
      await upsertChanged('incremental', items);
      report(advance(progress, items.length, now(), pages));
    });

    // Pending items older than the window may have declined, failed or been canceled without
    // their date changing: ask for those the service no longer lists as pending, one by one.
    report({ ...progress, phase: 'reconciling' });
    const stillPending = new Set<string>();
    await walk({ status: 'pending' }, async (items) => {
      for (const tx of items) stillPending.add(tx.id);
      await upsertChanged('incremental', items);
    });
    const changed: Transaction[] = [];
    for (const id of await o.local.pendingIdsBefore(fromMs)) {
      if (stillPending.has(id)) continue;
      const tx = await retry(() => o.source.get(id, o.signal));
      if (tx) changed.push(tx);
    }
    await upsertChanged('reconcile', changed);
    await o.store.writeState(INCREMENTAL_KEY, { upperMs: startedAt });
  }

  const backfilled = (await o.store.readState(BACKFILLED_KEY)) as { upperMs?: number } | undefined;
  const lastIncremental = (await o.store.readState(INCREMENTAL_KEY)) as { upperMs?: number } | undefined;
  let since: number;
  if (typeof backfilled?.upperMs === 'number') since = Math.max(backfilled.upperMs, lastIncremental?.upperMs ?? 0);
  else since = (await backfill()).upperMs;
  await incremental(since);
  const done = { ...progress, phase: 'done' as const, lastSuccessAt: now(), etaSeconds: 0 };
  report(done);
  return done;
}

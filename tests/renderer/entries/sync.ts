import { cacheDb, deleteCache } from '../../../src/renderer/src/db/open';
import { LocalWatch } from '../../../src/renderer/src/sync/local-watch';
import { syncProfile } from '../../../src/renderer/src/sync/profile-sync';
import { idleProgress } from '../../../src/renderer/src/sync/sync-progress';
import { expose } from './expose';

interface SyncArgs {
  concurrency?: number;
  rowsPerPartition?: number;
  /** Abort the sync once this many chunks were written (a kill at a page boundary or mid-request). */
  abortAfterChunks?: number;
}

expose({
  async sync(profileId: string, args: SyncArgs = {}) {
    const controller = new AbortController();
    let chunks = 0;
    const phases: string[] = [];
    let total: number | null = null;
    let watchAtIncremental: Promise<boolean> | null = null;
    try {
      const done = await syncProfile(profileId, {
        signal: controller.signal,
        initial: idleProgress(Date.now()),
        onProgress: (p) => {
          // Whether the incremental run starts with the record of recent and pending rows already kept.
          if (p.phase === 'incremental' && !watchAtIncremental)
            watchAtIncremental = cacheDb(profileId)
              .syncState.get('tx:watch')
              .then((r) => r !== undefined);
          if (phases.at(-1) !== p.phase) phases.push(p.phase);
          if (p.phase === 'backfill') total = p.total;
        },
        onChunk: () => {
          chunks++;
          if (args.abortAfterChunks !== undefined && chunks >= args.abortAfterChunks) controller.abort();
        },
        ...(args.concurrency ? { concurrency: args.concurrency } : {}),
        ...(args.rowsPerPartition ? { rowsPerPartition: args.rowsPerPartition } : {}),
      });
      return {
        outcome: done.phase,
        rows: done.rows,
        total,
        resumed: done.resumedRows,
        phases,
        error: done.error ?? null,
        watchAtIncremental: await watchAtIncremental,
      };
    } catch (error) {
      return {
        outcome: 'failed',
        kind: (error as { kind?: string }).kind ?? null,
        message: error instanceof Error ? error.message : String(error),
        phases,
      };
    }
  },

  /** What the cache holds: the newest version of each row, and how many rows the backfill wrote. */
  async cache(profileId: string) {
    const chunks = await cacheDb(profileId).chunks.toArray();
    const newest: Record<string, { status: string; date: string; seq: number }> = {};
    let backfillRows = 0;
    for (const c of chunks) {
      if (c.source.startsWith('backfill')) backfillRows += c.rows.length;
      for (const tx of c.rows) newest[tx.id] = { status: tx.status, date: tx.date, seq: c.seq as number };
    }
    return { chunks: chunks.length, backfillRows, newest };
  },

  /**
   * The record of recent and pending rows the sync kept, beside the one a scan of every chunk
   * builds now (what the first incremental run did after every backfill before).
   */
  async watchRecords(profileId: string, windowDays: number) {
    const db = cacheDb(profileId);
    const kept = (await db.syncState.get('tx:watch'))?.value ?? null;
    await db.syncState.delete('tx:watch');
    const windowStartMs = Date.now() - windowDays * 86_400_000;
    await new LocalWatch(profileId, () => windowStartMs).pendingIdsBefore(0);
    const scanned = (await db.syncState.get('tx:watch'))?.value ?? null;
    return { kept, scanned, windowStartMs };
  },

  async entityCounts(profileId: string) {
    const all = await cacheDb(profileId).entities.toArray();
    const counts: Record<string, number> = {};
    for (const e of all) counts[e.kind] = (counts[e.kind] ?? 0) + 1;
    const meta = await cacheDb(profileId).entityMeta.toArray();
    return { counts, asOf: Object.fromEntries(meta.map((m) => [m.kind, m.asOf])) };
  },

  async reset(profileId: string) {
    await deleteCache(profileId);
  },
});

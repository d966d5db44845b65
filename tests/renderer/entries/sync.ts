import { cacheDb, deleteCache } from '../../../src/renderer/src/db/open';
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
    try {
      const done = await syncProfile(profileId, {
        signal: controller.signal,
        initial: idleProgress(Date.now()),
        onProgress: (p) => {
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
      return { outcome: done.phase, rows: done.rows, total, resumed: done.resumedRows, phases, error: done.error ?? null };
    } catch (error) {
      return { outcome: 'failed', kind: (error as { kind?: string }).kind ?? null, message: error instanceof Error ? error.message : String(error), phases };
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

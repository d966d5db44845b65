import { readSyncState, writeSyncState } from '../repos/sync-state-repo';
import { appendPages, type PageWrite } from '../repos/transactions-repo';
import { syncEntities } from './entity-sync';
import { LocalWatch } from './local-watch';
import { BatchWriter } from '../util/batch-writer';
import type { SyncProgress } from './sync-progress';
import { runTransactionSync, type SyncStore } from './transaction-sync';
import { serviceTransactionSource, type TransactionSource } from './transaction-source';

export const WINDOW_DAYS = 7;
const DAY = 86_400_000;

export interface ProfileSyncOptions {
  signal: AbortSignal;
  initial: SyncProgress;
  onProgress(p: SyncProgress): void;
  onChunk?(seq: number): void;
  now?: () => number;
  concurrency?: number;
  rowsPerPartition?: number;
  /** Tests and benchmarks may bring their own service. */
  source?: TransactionSource;
}

/** The cache side of a profile's sync: its repositories. */
export function cacheSyncStore(profileId: string, now: () => number = Date.now): SyncStore {
  // One writer for every cursor: pages waiting on a commit go in the next one together.
  const writer = new BatchWriter<PageWrite, number>((pages) => appendPages(profileId, pages, now()));
  return {
    appendPage: (source, rows, state) => writer.append({ source, rows, state }),
    readState: (key) => readSyncState(profileId, key, (v) => v),
    writeState: (key, value) => writeSyncState(profileId, key, value),
  };
}

/** One complete sync of a profile: its lists (cards, accounts, ...), then its transactions. */
export async function syncProfile(profileId: string, o: ProfileSyncOptions): Promise<SyncProgress> {
  const now = o.now ?? Date.now;
  o.onProgress({ ...o.initial, phase: 'entities' });
  const entities = await syncEntities(profileId, o.signal, now);
  const done = await runTransactionSync({
    source: o.source ?? serviceTransactionSource(profileId),
    store: cacheSyncStore(profileId, now),
    local: new LocalWatch(profileId, () => now() - WINDOW_DAYS * DAY),
    signal: o.signal,
    onProgress: o.onProgress,
    ...(o.onChunk ? { onChunk: o.onChunk } : {}),
    now,
    windowDays: WINDOW_DAYS,
    ...(o.concurrency ? { concurrency: o.concurrency } : {}),
    ...(o.rowsPerPartition ? { rowsPerPartition: o.rowsPerPartition } : {}),
    initial: { ...o.initial, phase: 'planning' },
  });
  if (entities.failed.length > 0) {
    const which = entities.failed.map((f) => f.kind).join(', ');
    return {
      ...done,
      error: `Transactions are up to date, but some lists could not be refreshed (${which}); the cached ones are shown.`,
    };
  }
  return done;
}

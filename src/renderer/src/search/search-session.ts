import type { Transaction } from '../../../shared/service';
import { rowsAt } from '../repos/transactions-repo';
import type { RowRef } from './engine';
import type { SearchClient } from './search-client';
import { spawnSearchWorker } from './spawn-search-worker';

/**
 * The one search worker of the window, holding the index of the profile on screen. The sync
 * tells it when new chunks land for that profile; other profiles' chunks wait until they are opened.
 */
let client: SearchClient | null = null;
let openProfileId: string | null = null;
let spawn: () => SearchClient = spawnSearchWorker;
const refreshTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** Tests and the lane may bring their own worker. */
export function useWorkerFactory(factory: () => SearchClient): void {
  spawn = factory;
}

export function searchClient(): SearchClient {
  client ??= spawn();
  return client;
}

export function searchProfileId(): string | null {
  return openProfileId;
}

export async function openSearch(profileId: string): Promise<void> {
  openProfileId = profileId;
  await searchClient().open(profileId);
}

/**
 * Has the index absorb every chunk written so far, at once rather than at its batched catch-up:
 * until it does, its pages point at older versions of rows written a moment ago (a note just
 * saved, a sync's last page), which an export would write out. Throws when the index is broken.
 */
export async function catchUpIndex(): Promise<void> {
  const status = await searchClient().refresh();
  if (status.state === 'error')
    throw new Error(status.note ?? 'The local search index is not available. Reopen the app, then export again.');
}

/** New chunks were written for a profile: the index catches up soon (batched while a sync runs). */
export function chunksWritten(profileId: string): void {
  if (profileId !== openProfileId || refreshTimers.has(profileId)) return;
  refreshTimers.set(
    profileId,
    setTimeout(() => {
      refreshTimers.delete(profileId);
      if (profileId === openProfileId) void searchClient().refresh();
    }, 400),
  );
}

/**
 * A sync of a profile settled: its chunks are compacted in the background (in the worker, a
 * bounded amount per run; nothing waits for it). Other profiles' chunks wait until they are
 * opened and synced.
 */
export function syncSettled(profileId: string): void {
  if (profileId !== openProfileId) return;
  searchClient()
    .compactChunks()
    .catch(() => undefined);
}

/**
 * The rows at `refs`, read from the cache. A ref taken just before a chunk compaction moved its
 * row points at a chunk that is gone: those are looked up again where the index says they are now.
 */
export async function readRows(profileId: string, refs: RowRef[]): Promise<(Transaction | undefined)[]> {
  const rows = await rowsAt(profileId, refs);
  const moved = refs.filter((r, i) => rows[i]?.id !== r.id);
  if (moved.length === 0) return rows;
  const now = new Map((await searchClient().refs(moved.map((r) => r.id))).map((r) => [r.id, r]));
  const again = await rowsAt(
    profileId,
    moved.map((r) => now.get(r.id) ?? r),
  );
  const byId = new Map(again.filter((tx): tx is Transaction => tx !== undefined).map((tx) => [tx.id, tx]));
  return refs.map((r, i) => (rows[i]?.id === r.id ? rows[i] : byId.get(r.id)));
}

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

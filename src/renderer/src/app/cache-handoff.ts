import { openSearch, searchClient, searchProfileId } from '../search/search-session';
import { idleProgress } from '../sync/sync-progress';
import { syncs, useSyncStore } from './sync';

/**
 * Before a profile's cache is emptied or replaced: its sync in this window stops, and the
 * search index lets go of it when it is the one open. Another window's sync is kept out by the
 * caller (the `sync:<profile>` lock).
 */
export async function releaseCache(profileId: string): Promise<void> {
  await syncs.stopSync(profileId);
  if (searchProfileId() === profileId) await searchClient().close();
}

/**
 * After: the sync's progress starts from nothing (the last success belonged to the old cache),
 * and the search opens the new cache when the profile is on screen.
 */
export async function takeBackCache(profileId: string, onScreen: boolean): Promise<void> {
  useSyncStore.getState().set(profileId, idleProgress(Date.now()));
  if (onScreen) await openSearch(profileId);
}

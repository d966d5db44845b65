import { createSearchClient } from '../../../src/renderer/src/search/search-client';
import { openSearch, searchClient, useWorkerFactory } from '../../../src/renderer/src/search/search-session';
import { syncProfile } from '../../../src/renderer/src/sync/profile-sync';
import { idleProgress } from '../../../src/renderer/src/sync/sync-progress';

// What the entries that drive the search worker share: the app's worker, as esbuild bundles it
// for the lane (Vite builds it for the app), a whole sync, and opening a profile's index.
useWorkerFactory(() => createSearchClient(new Worker('/__lane/workers/search.js', { type: 'module' })));

export const searchLane = {
  async sync(profileId: string) {
    const done = await syncProfile(profileId, {
      signal: new AbortController().signal,
      initial: idleProgress(Date.now()),
      onProgress: () => undefined,
    });
    return done.phase;
  },
  async open(profileId: string) {
    await openSearch(profileId);
    return searchClient().status();
  },
  async refresh() {
    return searchClient().refresh();
  },
};

import { openSearch, searchClient } from '../../../src/renderer/src/search/search-session';

/** The app's path for a profile's index: opened (loaded, or built from the cache), then saved; how long each took. */
export async function openAndSaveIndex(profileId: string) {
  const t = performance.now();
  await openSearch(profileId);
  const status = await searchClient().status();
  const openMs = performance.now() - t;
  const s = performance.now();
  await searchClient().save();
  return { status, openMs, saveMs: performance.now() - s };
}

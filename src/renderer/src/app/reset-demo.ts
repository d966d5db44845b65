import type { DemoInfo, Result } from '../../../shared/ipc';
import { callMain } from '../platform/bridge';
import { forgetProfileCache } from '../repos/cache-repo';
import { openSearch, searchClient, searchProfileId } from '../search/search-session';
import { idleProgress } from '../sync/sync-progress';
import { syncs, useSyncStore } from './sync';

const DEMO = 'demo';

/**
 * A new Demo history: the sync stops, the index lets go of the old cache, main starts the
 * Demo's service again with `transactions` rows, the old cache is forgotten and a fresh sync
 * downloads the new one (with its progress on the Transactions screen).
 */
export async function resetDemo(transactions: DemoInfo['transactions'], demoOnScreen: boolean): Promise<Result<DemoInfo>> {
  await syncs.stopSync(DEMO);
  if (searchProfileId() === DEMO) await searchClient().close();
  const r = await callMain((api) => api.demo.reset({ transactions: transactions as 3000 }));
  if (!r.ok) return r;
  await forgetProfileCache(DEMO);
  useSyncStore.getState().set(DEMO, idleProgress(Date.now()));
  if (demoOnScreen) {
    await openSearch(DEMO);
    void syncs.startSync(DEMO);
  }
  return r;
}

import type { DemoInfo, Result } from '../../../shared/ipc';
import { bridge, callMain } from '../platform/bridge';
import { forgetProfileCache } from '../repos/cache-repo';
import { useDemoReset } from '../stores/demo-reset';
import { openSearch } from '../search/search-session';
import { idleProgress } from '../sync/sync-progress';
import { releaseCache } from './cache-handoff';
import { syncs, useSyncStore } from './sync';

const DEMO = 'demo';

/**
 * A new Demo history: the sync stops, the index lets go of the old cache, main starts the
 * Demo's service again with `transactions` rows, the old cache is forgotten and a fresh sync
 * downloads the new one. Its progress from the click to searchable (main's preparation of the
 * sample, the download, the indexing) is kept in `useDemoReset` for the screens to show.
 */
export async function resetDemo(
  transactions: DemoInfo['transactions'],
  demoOnScreen: boolean,
): Promise<Result<DemoInfo>> {
  const progress = useDemoReset.getState();
  progress.begin(transactions, Date.now());
  const off = bridge()?.on('demo:reset-progress', (p) => {
    if (p.transactions === transactions) useDemoReset.getState().prepProgress(p.done, p.total);
  });
  let r: Result<DemoInfo>;
  try {
    await releaseCache(DEMO);
    r = await callMain((api) => api.demo.reset({ transactions: transactions as 3000 }));
  } finally {
    off?.();
  }
  if (!r.ok) {
    progress.failed(r.error.message);
    return r;
  }
  await forgetProfileCache(DEMO);
  useSyncStore.getState().set(DEMO, idleProgress(Date.now()));
  // Not on screen: the download starts when the person switches to the Demo, shown by its sync.
  if (demoOnScreen) useDemoReset.getState().prepared(Date.now());
  else useDemoReset.getState().clear();
  if (demoOnScreen) {
    await openSearch(DEMO);
    void syncs.startSync(DEMO);
  }
  return r;
}

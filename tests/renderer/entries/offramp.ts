import type { OfframpRequest } from '../../../src/shared/service';
import { entityWrites } from '../../../src/renderer/src/app/entity-writes';
import { cacheDb } from '../../../src/renderer/src/db/open';
import { readEntities } from '../../../src/renderer/src/repos/entities-repo';
import { syncEntities } from '../../../src/renderer/src/sync/entity-sync';
import { expose } from './expose';

expose({
  async syncEntities(profileId: string) {
    return (await syncEntities(profileId, new AbortController().signal)).failed;
  },
  /** Cached as of a fixed time, so the test knows the exact record to expect. */
  createWallet: (profileId: string, body: OfframpRequest, cachedAt: number) =>
    entityWrites.createOfframpWallet(profileId, body, () => cachedAt),
  wallets: (profileId: string) => readEntities(profileId, 'wallet'),
  async walletAsOf(profileId: string) {
    return (await cacheDb(profileId).entityMeta.get('wallet')) ?? null;
  },
});

import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { VirtualAccountView } from '../../../src/shared/service';
import { entityWrites } from '../../../src/renderer/src/app/entity-writes';
import { cacheDb } from '../../../src/renderer/src/db/open';
import { readEntity, removeEntity } from '../../../src/renderer/src/repos/entities-repo';
import { useEntities } from '../../../src/renderer/src/repos/entities-hooks';
import { useConnectivity } from '../../../src/renderer/src/stores/connectivity';
import { syncEntities } from '../../../src/renderer/src/sync/entity-sync';
import { expose } from './expose';

/** A live view of the cached virtual accounts, as a screen would render it: one line per account. */
function VirtualAccounts({ profileId }: { profileId: string }) {
  const list = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  if (!list) return createElement('p', { id: 'loading' }, 'loading');
  return createElement(
    'ul',
    { id: 'accounts' },
    list.items.map((v) =>
      createElement('li', { key: v.virtualAccount.id, 'data-id': v.virtualAccount.id }, v.virtualAccount.name),
    ),
  );
}

expose({
  async syncEntities(profileId: string) {
    const r = await syncEntities(profileId, new AbortController().signal);
    return r.failed;
  },
  async cached(profileId: string, kind: 'virtualAccount' | 'webhook' | 'card', id: string) {
    return (await readEntity(profileId, kind, id)) ?? null;
  },
  async asOf(profileId: string) {
    return Object.fromEntries((await cacheDb(profileId).entityMeta.toArray()).map((m) => [m.kind, m.asOf]));
  },
  mountList(profileId: string) {
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(createElement(VirtualAccounts, { profileId }));
    return true;
  },
  renameVirtualAccount: (profileId: string, id: string, name: string) =>
    entityWrites.renameVirtualAccount(profileId, id, name),
  setCommissionRule: (profileId: string, id: string, amountCents: number, startDate: string) =>
    entityWrites.setCommissionRule(profileId, id, {
      type: 'flatFee',
      amount: { amountCents },
      frequency: 'monthly',
      startDate,
    }),
  renameCard: (profileId: string, id: string, name: string) => entityWrites.renameCard(profileId, id, name),
  createWebhook: (profileId: string, url: string, name: string) => entityWrites.createWebhook(profileId, { url, name }),
  archiveWebhook: (profileId: string, id: string) => entityWrites.archiveWebhook(profileId, id, 'no longer used'),
  removeVirtualAccount: (profileId: string, id: string) => removeEntity(profileId, 'virtualAccount', id),
  /** Asks main to probe the profile's service now, as "Retry now" does; returns what main saw. */
  async checkConnection(profileId: string) {
    await useConnectivity.getState().check(profileId);
    return useConnectivity.getState().byProfile[profileId]?.state ?? null;
  },
});

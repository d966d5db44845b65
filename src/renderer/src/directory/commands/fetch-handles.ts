import type { Result } from '../../../../shared/ipc';
import { fetchedPage, type FetchedPage } from '../../model/fetched-page';
import { serviceCall } from '../../platform/service';
import { upsertEntities } from '../../repos/entities-repo';
import { useConnectivity } from '../../stores/connectivity';

/** One page of `GET /svc-handle` (with the cursor of the page before) put into the profile's cache. */
export async function fetchHandlePage(profileId: string, cursor?: string): Promise<Result<FetchedPage>> {
  if (useConnectivity.getState().byProfile[profileId]?.state === 'offline') {
    return {
      ok: false,
      error: {
        code: 'invalid-argument',
        message: 'Offline: the payees shown are those of the last sync. Fetch again when the connection returns.',
      },
    };
  }
  const r = await serviceCall(profileId, 'listSvcHandles', { query: cursor ? { cursor } : {} });
  if (!r.ok) return r;
  await upsertEntities(profileId, 'svcHandle', r.value.items, (h) => h.id);
  return { ok: true, value: fetchedPage(r.value) };
}

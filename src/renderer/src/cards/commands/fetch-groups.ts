import type { CardGroup } from '../../../../shared/service';
import type { Result } from '../../../../shared/ipc';
import { serviceCall } from '../../platform/service';
import { upsertEntities, upsertEntity } from '../../repos/entities-repo';
import { useConnectivity } from '../../stores/connectivity';
import { fetchedPage, type FetchedPage } from '../../model/fetched-page';

const OFFLINE = 'Offline: the groups shown are those of the last sync. Fetch again when the connection returns.';

function offline(profileId: string): boolean {
  return useConnectivity.getState().byProfile[profileId]?.state === 'offline';
}

/** One page of `GET /card-group` (optionally `filter:name`), put into the profile's cache. */
export async function fetchGroupPage(
  profileId: string,
  name: string | undefined,
  cursor?: string,
): Promise<Result<FetchedPage>> {
  if (offline(profileId)) return { ok: false, error: { code: 'invalid-argument', message: OFFLINE } };
  const trimmed = name?.trim();
  const r = await serviceCall(profileId, 'listCardGroups', {
    query: { ...(trimmed ? { 'filter:name': trimmed } : {}), ...(cursor ? { cursor } : {}) },
  });
  if (!r.ok) return r;
  await upsertEntities(profileId, 'cardGroup', r.value.items, (g) => g.id);
  return { ok: true, value: fetchedPage(r.value) };
}

/** `GET /card-group/{id}`: the group as the service has it now, into the cache. */
export async function readGroup(profileId: string, cardGroupId: string): Promise<Result<CardGroup>> {
  if (offline(profileId)) return { ok: false, error: { code: 'invalid-argument', message: OFFLINE } };
  const r = await serviceCall(profileId, 'getCardGroup', { params: { cardGroupId } });
  if (!r.ok) return r;
  await upsertEntity(profileId, 'cardGroup', r.value.id, r.value);
  return r;
}

import type { CardGroup } from '../../../../shared/service';
import type { Result } from '../../../../shared/ipc';
import { serviceCall } from '../../platform/service';
import { upsertEntity } from '../../repos/entities-repo';
import { useConnectivity } from '../../stores/connectivity';

const OFFLINE = 'Offline: the groups shown are those of the last sync. Fetch again when the connection returns.';

function offline(profileId: string): boolean {
  return useConnectivity.getState().byProfile[profileId]?.state === 'offline';
}

/** `GET /card-group/{id}`: the group as the service has it now, into the cache. */
export async function readGroup(profileId: string, cardGroupId: string): Promise<Result<CardGroup>> {
  if (offline(profileId)) return { ok: false, error: { code: 'invalid-argument', message: OFFLINE } };
  const r = await serviceCall(profileId, 'getCardGroup', { params: { cardGroupId } });
  if (!r.ok) return r;
  await upsertEntity(profileId, 'cardGroup', r.value.id, r.value);
  return r;
}

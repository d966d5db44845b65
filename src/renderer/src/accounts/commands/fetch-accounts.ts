import type { Result } from '../../../../shared/ipc';
import type { VirtualAccountView } from '../../../../shared/service';
import { serviceCall } from '../../platform/service';
import { upsertEntity } from '../../repos/entities-repo';
import { useConnectivity } from '../../stores/connectivity';

const OFFLINE = 'Offline: the accounts shown are those of the last sync. Fetch again when the connection returns.';

function offline(profileId: string): boolean {
  return useConnectivity.getState().byProfile[profileId]?.state === 'offline';
}

/** `GET /virtual-account/{id}`: balance and spend as the service has them now, into the cache. */
export async function readAccount(profileId: string, virtualAccountId: string): Promise<Result<VirtualAccountView>> {
  if (offline(profileId)) return { ok: false, error: { code: 'invalid-argument', message: OFFLINE } };
  const r = await serviceCall(profileId, 'getVirtualAccount', { params: { virtualAccountId } });
  if (!r.ok) return r;
  await upsertEntity(profileId, 'virtualAccount', r.value.virtualAccount.id, r.value);
  return r;
}

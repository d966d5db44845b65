import type { Merchant } from '../../../../shared/service';
import type { Result } from '../../../../shared/ipc';
import { serviceCall } from '../../platform/service';
import { upsertEntity } from '../../repos/entities-repo';

/**
 * Asks the service for merchants whose name matches `text` (`search:merchant_name`, first page)
 * and keeps each in the profile's cache, so the same search works offline next time.
 */
export async function searchMerchantsOnline(
  profileId: string,
  text: string,
  signal?: AbortSignal,
): Promise<Result<Merchant[]>> {
  const r = await serviceCall(
    profileId,
    'listMerchants',
    { query: { 'search:merchant_name': text } },
    signal ? { signal } : {},
  );
  if (!r.ok) return r;
  for (const m of r.value.items) await upsertEntity(profileId, 'merchant', m.id, m);
  return { ok: true, value: r.value.items };
}

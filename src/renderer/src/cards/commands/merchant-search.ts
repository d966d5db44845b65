import type { Merchant } from '../../../../shared/service';
import type { Result } from '../../../../shared/ipc';
import { serviceCall } from '../../platform/service';
import { upsertEntity } from '../../repos/entities-repo';

/**
 * Asks the service for merchants whose name matches `text` (`search:merchant_name`, first page)
 * and keeps each in the profile's cache, so the same search works offline next time.
 */
export async function searchMerchantsOnline(profileId: string, text: string, signal?: AbortSignal): Promise<Result<Merchant[]>> {
  const r = await serviceCall(profileId, 'listMerchants', { query: { 'search:merchant_name': text } }, signal ? { signal } : {});
  if (!r.ok) return r;
  for (const m of r.value.items) await upsertEntity(profileId, 'merchant', m.id, m);
  return { ok: true, value: r.value.items };
}

/** Cached merchants whose name contains `text` (any case), best first: names that start with it. */
export function matchMerchants(merchants: readonly Merchant[], text: string, limit = 20): Merchant[] {
  const t = text.trim().toLowerCase();
  if (!t) return merchants.slice(0, limit);
  const hits = merchants.filter((m) => m.name.toLowerCase().includes(t));
  hits.sort((a, b) => Number(!a.name.toLowerCase().startsWith(t)) - Number(!b.name.toLowerCase().startsWith(t)) || a.name.localeCompare(b.name));
  return hits.slice(0, limit);
}

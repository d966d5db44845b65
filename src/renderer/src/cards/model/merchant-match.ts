import type { Merchant } from '../../../../shared/service';

/** Cached merchants whose name contains `text` (any case), best first: names that start with it. */
export function matchMerchants(merchants: readonly Merchant[], text: string, limit = 20): Merchant[] {
  const t = text.trim().toLowerCase();
  if (!t) return merchants.slice(0, limit);
  const hits = merchants.filter((m) => m.name.toLowerCase().includes(t));
  hits.sort(
    (a, b) =>
      Number(!a.name.toLowerCase().startsWith(t)) - Number(!b.name.toLowerCase().startsWith(t)) ||
      a.name.localeCompare(b.name),
  );
  return hits.slice(0, limit);
}

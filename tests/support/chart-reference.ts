import type { ChartData } from '../../src/renderer/src/search/engine';
import type { SearchRow } from '../../src/renderer/src/search/model/search-row';
import { bucketFor } from '../../src/renderer/src/search/engine/chart';

/**
 * The charts of a result worked out the obvious way: card spend (money out with a card, pending,
 * settled or disputed), each row's period from its calendar date, sums in BigInt. Only the choice of period length (a policy, not a computation) is shared with
 * the engine.
 */
export function referenceChart(rows: readonly SearchRow[]): ChartData {
  const wentThrough = ['pending', 'settled', 'dispute'];
  const spending = rows.filter(
    (r) => r.amountCents < 0 && r.cardId !== undefined && wentThrough.includes(r.detailedStatus),
  );
  if (rows.length === 0) return { bucket: 'day', buckets: [], topMerchants: [], clamped: false };
  const dates = rows.map((r) => r.dateMs);
  const minMs = Math.min(...dates);
  const maxMs = Math.max(...dates);
  const bucket = bucketFor(maxMs - minMs);
  const startOf = (ms: number): number => {
    const d = new Date(ms);
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth();
    if (bucket === 'month') return Date.UTC(y, m, 1);
    const day = Date.UTC(y, m, d.getUTCDate());
    if (bucket === 'day') return day;
    const sinceMonday = (d.getUTCDay() + 6) % 7;
    return Date.UTC(y, m, d.getUTCDate() - sinceMonday);
  };
  const sums = new Map<number, bigint>();
  for (let at = startOf(minMs); at <= maxMs;) {
    sums.set(at, 0n);
    const d = new Date(at);
    at =
      bucket === 'day'
        ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
        : bucket === 'week'
          ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 7)
          : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  const merchants = new Map<string, { spend: bigint; count: number }>();
  for (const r of spending) {
    const k = startOf(r.dateMs);
    sums.set(k, (sums.get(k) ?? 0n) - BigInt(r.amountCents));
    if (r.merchant === undefined) continue;
    const m = merchants.get(r.merchant) ?? { spend: 0n, count: 0 };
    m.spend -= BigInt(r.amountCents);
    m.count++;
    merchants.set(r.merchant, m);
  }
  let clamped = false;
  const cap = (v: bigint): number => {
    if (v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
    clamped = true;
    return Number.MAX_SAFE_INTEGER;
  };
  const buckets = [...sums].sort((a, b) => a[0] - b[0]).map(([startMs, v]) => ({ startMs, spendCents: cap(v) }));
  const topMerchants = [...merchants]
    .map(([name, m]) => ({ name, spendCents: cap(m.spend), count: m.count }))
    .sort((a, b) => b.spendCents - a.spendCents || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, 10);
  return { bucket, buckets, topMerchants, clamped };
}

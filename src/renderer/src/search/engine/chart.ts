import { CARD_SPEND_STATUSES, isCardSpend } from '../../model/card-spend';
import type { IndexedRow } from './rows';
import type { SearchResult } from './result';

/**
 * Spend over time and the top merchants of a whole result, from the index's columns (no row
 * objects, no IndexedDB): the charts answer offline and in a few milliseconds at a million rows.
 *
 * Spend is card spend (model/card-spend.ts: money out with a card that went through), as positive
 * cents: the figure the Dashboard and an account's detail show per month. Periods are UTC days, Monday-based UTC weeks or UTC months, chosen by the result's span, so the
 * same data draws the same chart in every time zone.
 */
export type ChartBucket = 'day' | 'week' | 'month';

export interface ChartData {
  bucket: ChartBucket;
  /** Oldest first, every period of the span (empty ones at 0). */
  buckets: { startMs: number; spendCents: number }[];
  /** By spend, largest first; rows without a merchant are left out. */
  topMerchants: { name: string; spendCents: number; count: number }[];
  /** A sum went past 2^53 cents and was held there (no real history gets near). */
  clamped: boolean;
}

const DAY_MS = 86_400_000;
const TOP_MERCHANTS = 10;
/** Spans up to about a quarter are drawn per day, up to two years per week, longer per month. */
const DAYS_BY_DAY = 92;
const DAYS_BY_WEEK = 731;

export function chartOf(result: SearchResult): ChartData {
  const { base, bits, delta } = result.parts();
  const dates = base.rows.dates;
  const amounts = base.rows.amounts;
  const merchant = base.rows.merchant;
  const card = base.rows.cardId;
  const detailed = base.rows.detailedStatus;
  const wentThrough = base.dicts.detailedStatus.lookupTable(new Set(CARD_SPEND_STATUSES));
  const merchantNames = base.dicts.merchant.values;

  const span = dateSpan(bits, dates, delta);
  if (span === null) return { bucket: 'day', buckets: [], topMerchants: [], clamped: false };
  const bucket = bucketFor(span.maxMs - span.minMs);
  const starts = bucketStarts(bucket, span.minMs, span.maxMs);
  const spend = new Float64Array(starts.length);
  const byCode = new Float64Array(merchantNames.length + 1);
  const countByCode = new Uint32Array(merchantNames.length + 1);

  // Base rows come newest first, so the period only ever steps back.
  let k = starts.length - 1;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] as number;
    while (word !== 0) {
      const low = word & -word;
      const p = w * 32 + (31 - Math.clz32(low));
      word ^= low;
      const a = amounts[p] as number;
      // isCardSpend over the columns: a card (code 0 is none), money out, a status that went through.
      if (a >= 0 || card[p] === 0 || wentThrough[detailed[p] as number] === 0) continue;
      const d = dates[p] as number;
      while (k > 0 && (starts[k] as number) > d) k--;
      spend[k] = (spend[k] as number) - a;
      const m = merchant[p] as number;
      if (m !== 0) {
        byCode[m] = (byCode[m] as number) - a;
        countByCode[m] = (countByCode[m] as number) + 1;
      }
    }
  }

  const merchants = new Map<string, { spendCents: number; count: number }>();
  for (let m = 1; m < byCode.length; m++) {
    if (countByCode[m] !== 0)
      merchants.set(merchantNames[m - 1] as string, {
        spendCents: byCode[m] as number,
        count: countByCode[m] as number,
      });
  }
  for (const row of delta) addDelta(row, starts, spend, merchants);

  let clamped = false;
  const safe = (v: number) => {
    if (v <= Number.MAX_SAFE_INTEGER) return v;
    clamped = true;
    return Number.MAX_SAFE_INTEGER;
  };
  const topMerchants = [...merchants]
    .map(([name, m]) => ({ name, spendCents: safe(m.spendCents), count: m.count }))
    .sort((a, b) => b.spendCents - a.spendCents || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, TOP_MERCHANTS);
  const buckets = Array.from(starts, (startMs, i) => ({ startMs, spendCents: safe(spend[i] as number) }));
  return { bucket, buckets, topMerchants, clamped };
}

function addDelta(
  row: IndexedRow,
  starts: number[],
  spend: Float64Array,
  merchants: Map<string, { spendCents: number; count: number }>,
): void {
  if (!isCardSpend(row)) return;
  let k = starts.length - 1;
  while (k > 0 && (starts[k] as number) > row.dateMs) k--;
  spend[k] = (spend[k] as number) - row.amountCents;
  if (row.merchant === undefined) return;
  const m = merchants.get(row.merchant) ?? { spendCents: 0, count: 0 };
  m.spendCents -= row.amountCents;
  m.count++;
  merchants.set(row.merchant, m);
}

/** The oldest and newest date of the result: the last and first set bits, and the delta rows. */
function dateSpan(
  bits: Uint32Array,
  dates: Float64Array,
  delta: readonly IndexedRow[],
): { minMs: number; maxMs: number } | null {
  let minMs = Infinity;
  let maxMs = -Infinity;
  for (let w = 0; w < bits.length; w++) {
    const word = bits[w] as number;
    if (word === 0) continue;
    maxMs = dates[w * 32 + (31 - Math.clz32(word & -word))] as number;
    break;
  }
  for (let w = bits.length - 1; w >= 0; w--) {
    const word = bits[w] as number;
    if (word === 0) continue;
    minMs = dates[w * 32 + (31 - Math.clz32(word))] as number;
    break;
  }
  for (const row of delta) {
    if (row.dateMs < minMs) minMs = row.dateMs;
    if (row.dateMs > maxMs) maxMs = row.dateMs;
  }
  return minMs === Infinity ? null : { minMs, maxMs };
}

export function bucketFor(spanMs: number): ChartBucket {
  const days = spanMs / DAY_MS;
  return days <= DAYS_BY_DAY ? 'day' : days <= DAYS_BY_WEEK ? 'week' : 'month';
}

/** Start of each period from the one holding `minMs` to the one holding `maxMs`, ascending. */
export function bucketStarts(bucket: ChartBucket, minMs: number, maxMs: number): number[] {
  const out: number[] = [];
  let at = periodStart(bucket, minMs);
  while (at <= maxMs) {
    out.push(at);
    at = nextPeriod(bucket, at);
  }
  return out;
}

function periodStart(bucket: ChartBucket, ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  if (bucket === 'day') return day * DAY_MS;
  // Day 0 (1970-01-01) was a Thursday: three days after a Monday.
  if (bucket === 'week') return (day - ((((day + 3) % 7) + 7) % 7)) * DAY_MS;
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

function nextPeriod(bucket: ChartBucket, startMs: number): number {
  if (bucket === 'day') return startMs + DAY_MS;
  if (bucket === 'week') return startMs + 7 * DAY_MS;
  const d = new Date(startMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

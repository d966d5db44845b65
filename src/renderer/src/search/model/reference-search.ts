import { compareNewestFirst, type TxQuery, type TxSummary } from '../../model/tx-query';
import type { SearchRow } from './search-row';
import { amountMatches, parseQueryText, type QueryWord } from '../../model/query-text';

/**
 * The search semantics of query.ts and text.ts done the obvious way: every row tested against
 * every condition, the hits sorted. The oracle the engines are checked against; not for use on
 * large data. Rows are expected to have distinct ids.
 */
export function referenceSearch(rows: readonly SearchRow[], q: TxQuery): { summary: TxSummary; ids: string[] } {
  const words = parseQueryText(q.text).words;
  const charged = new Set(rows.map((row) => row.feeFor).filter((id) => id !== undefined));
  const withFee = (row: SearchRow) => row.hasFee || charged.has(row.id);
  const hits = rows.filter((row) => passesFilters(row, q, withFee) && words.every((word) => matchesWord(row, word)));
  hits.sort((a, b) => compareNewestFirst(a.dateMs, a.id, b.dateMs, b.id));
  // Exact integer sums (as BigInts), rounded once when they exceed 2^53.
  let inCents = 0n;
  let outCents = 0n;
  for (const row of hits) {
    if (row.amountCents > 0) inCents += BigInt(row.amountCents);
    if (row.amountCents < 0) outCents += BigInt(row.amountCents);
  }
  const summary = {
    count: hits.length,
    inCents: Number(inCents),
    outCents: Number(outCents),
    netCents: Number(inCents + outCents),
  };
  return { summary, ids: hits.map((row) => row.id) };
}

/** A bound that is absent or NaN does not filter (query.ts). */
function isBound(v: number | undefined): v is number {
  return typeof v === 'number' && !Number.isNaN(v);
}

/** An absent or empty set does not filter; otherwise the value must be in it. */
function inSet(set: readonly string[] | undefined, value: string | undefined): boolean {
  if (set === undefined || set.length === 0) return true;
  return value !== undefined && set.includes(value);
}

function passesFilters(row: SearchRow, q: TxQuery, withFee: (row: SearchRow) => boolean): boolean {
  if (isBound(q.fromMs) && row.dateMs < q.fromMs) return false;
  if (isBound(q.toMs) && row.dateMs > q.toMs) return false;
  if (isBound(q.minCents) && row.amountCents < q.minCents) return false;
  if (isBound(q.maxCents) && row.amountCents > q.maxCents) return false;
  if (q.hasFee !== undefined && withFee(row) !== q.hasFee) return false;
  return (
    inSet(q.statuses, row.status) &&
    inSet(q.detailedStatuses, row.detailedStatus) &&
    inSet(q.cardIds, row.cardId) &&
    inSet(q.cardGroupIds, row.cardGroupId) &&
    inSet(q.virtualAccountIds, row.virtualAccountId) &&
    inSet(q.accountIds, row.accountId) &&
    inSet(q.currencies, row.currency) &&
    inSet(q.merchants, row.merchant)
  );
}

function hasWordStartingWith(row: SearchRow, prefix: string): boolean {
  return row.words.some((w) => w.startsWith(prefix));
}

function matchesWord(row: SearchRow, word: QueryWord): boolean {
  if (word.kind === 'text') return word.pieces.every((piece) => hasWordStartingWith(row, piece));
  if (amountMatches(word.amount, row.amountCents)) return true;
  return word.orWordPrefix !== undefined && hasWordStartingWith(row, word.orWordPrefix);
}

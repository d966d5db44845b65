import { compareNewestFirst, type TxQuery } from '../../../../src/renderer/src/model/tx-query';
import { amountMatches, type QueryWord } from '../../../../src/renderer/src/model/query-text';
import type { Answer } from '../shared/protocol';

/**
 * What the peers' libraries lack and an app would write around them: the filters a library cannot
 * express, newest-first order, the count and the totals. Written once so every peer's glue is the
 * same code; each engine's notes say which parts it uses.
 */

/** The filterable values of a row, as a peer keeps them (a stored document, a table row). */
export interface FilterFields {
  dateMs: number;
  amountCents: number;
  status: string;
  detailedStatus: string;
  accountId: string;
  cardId?: string | undefined;
  cardGroupId?: string | undefined;
  virtualAccountId?: string | undefined;
  currency: string;
  /** A boolean, or 0/1 where the store cannot index booleans (IndexedDB). */
  hasFee: boolean | number;
}

/** The set filters of a query and the row field each applies to. */
export const SET_FILTERS = [
  ['statuses', 'status'],
  ['detailedStatuses', 'detailedStatus'],
  ['accountIds', 'accountId'],
  ['cardIds', 'cardId'],
  ['cardGroupIds', 'cardGroupId'],
  ['virtualAccountIds', 'virtualAccountId'],
  ['currencies', 'currency'],
] as const satisfies readonly (readonly [keyof TxQuery, keyof FilterFields])[];

export type SetField = (typeof SET_FILTERS)[number][1];

/** The non-empty sets of a query, by row field. */
export function setFiltersOf(q: TxQuery): { field: SetField; values: readonly string[] }[] {
  const out: { field: SetField; values: readonly string[] }[] = [];
  for (const [queryField, field] of SET_FILTERS) {
    const values = q[queryField];
    if (values && values.length > 0) out.push({ field, values });
  }
  return out;
}

export interface FilterParts {
  /** Check the set filters (statuses, cards, ...). */
  sets: boolean;
  /** Check hasFee. */
  fee: boolean;
  /** Check the date bounds. */
  dates: boolean;
  /** Check the amount bounds. */
  amounts: boolean;
}

export const ALL_FILTERS: FilterParts = { sets: true, fee: true, dates: true, amounts: true };

/** A bound that is absent or NaN does not filter (query.ts). */
export function isBound(v: number | undefined): v is number {
  return typeof v === 'number' && !Number.isNaN(v);
}

/** A predicate for the chosen parts of a query's filters, or undefined when they filter nothing. */
export function filterOf(q: TxQuery, parts: FilterParts = ALL_FILTERS): ((r: FilterFields) => boolean) | undefined {
  const checks: ((r: FilterFields) => boolean)[] = [];
  if (parts.sets) {
    for (const { field, values } of setFiltersOf(q)) {
      const set = new Set(values);
      checks.push((r) => {
        const v = r[field];
        return v !== undefined && set.has(v);
      });
    }
  }
  if (parts.fee && q.hasFee !== undefined) {
    const want = q.hasFee;
    checks.push((r) => Boolean(r.hasFee) === want);
  }
  if (parts.dates && isBound(q.fromMs)) {
    const from = q.fromMs;
    checks.push((r) => r.dateMs >= from);
  }
  if (parts.dates && isBound(q.toMs)) {
    const to = q.toMs;
    checks.push((r) => r.dateMs <= to);
  }
  if (parts.amounts && isBound(q.minCents)) {
    const min = q.minCents;
    checks.push((r) => r.amountCents >= min);
  }
  if (parts.amounts && isBound(q.maxCents)) {
    const max = q.maxCents;
    checks.push((r) => r.amountCents <= max);
  }
  if (checks.length === 0) return undefined;
  return (r) => checks.every((c) => c(r));
}

/** Whether a row's words and amount satisfy every query word (text.ts), checked row by row. */
export function matchesWords(words: readonly QueryWord[], rowWords: readonly string[], amountCents: number): boolean {
  const hasPrefix = (p: string) => rowWords.some((w) => w.startsWith(p));
  return words.every((w) =>
    w.kind === 'text'
      ? w.pieces.every(hasPrefix)
      : amountMatches(w.amount, amountCents) || (w.orWordPrefix !== undefined && hasPrefix(w.orWordPrefix)),
  );
}

/** Keeps the `limit` newest rows of those offered, and the count and totals of all of them. */
export class AnswerBuilder {
  private readonly top: { dateMs: number; id: string }[] = [];
  private count = 0;
  private inCents = 0;
  private outCents = 0;

  constructor(private readonly limit: number) {}

  add(id: string, dateMs: number, amountCents: number): void {
    this.count++;
    if (amountCents > 0) this.inCents += amountCents;
    else this.outCents += amountCents;
    const top = this.top;
    if (this.limit === 0) return;
    const last = top[top.length - 1];
    if (top.length === this.limit && last && compareNewestFirst(dateMs, id, last.dateMs, last.id) >= 0) return;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = top[mid] as { dateMs: number; id: string };
      if (compareNewestFirst(m.dateMs, m.id, dateMs, id) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, { dateMs, id });
    if (top.length > this.limit) top.pop();
  }

  answer(): Answer {
    return {
      summary: {
        count: this.count,
        inCents: this.inCents,
        outCents: this.outCents,
        netCents: this.inCents + this.outCents,
      },
      ids: this.top.map((t) => t.id),
    };
  }
}

/** A peer's tokenizer: the words are folded and split already (text.ts), and the library must not change them. */
export const splitOnSpace = (text: string): string[] => text.split(' ');

import {
  DETAILED_STATUSES,
  TRANSACTION_STATUSES,
  type DetailedStatus,
  type TransactionStatus,
} from '../../../shared/service';
import type { TxQuery } from './tx-query';
import { dayOf, money } from './format';
import { detailedStatusWords, statusWords } from './transaction-words';

export { DETAILED_STATUSES, TRANSACTION_STATUSES };
export type { DetailedStatus, TransactionStatus };

/** Names for ids, from the entity cache, so chips read "Card Ops •4242" rather than an id. */
export interface Names {
  card(id: string): string;
  cardGroup(id: string): string;
  virtualAccount(id: string): string;
  account(id: string): string;
  /** A card network's descriptor as a merchant's name. */
  merchant(raw: string): string;
}

export interface Chip {
  key: string;
  label: string;
  remove: Partial<TxQuery>;
}

const DAY = 86_400_000;

/** "2026-01-31" -> start of that UTC day (ms); null for anything else. */
export function dayStartMs(iso: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(ms) ? null : ms;
}

export function dayEndMs(iso: string): number | null {
  const start = dayStartMs(iso);
  return start === null ? null : start + DAY - 1;
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** One removable chip per active filter, in words. */
export function chipsOf(q: TxQuery, names: Names): Chip[] {
  const chips: Chip[] = [];
  const list = <T extends string>(
    key: keyof TxQuery,
    values: T[] | undefined,
    word: string,
    name: (v: T) => string,
  ) => {
    for (const v of values ?? []) {
      chips.push({
        key: `${key}:${v}`,
        label: `${word}: ${name(v)}`,
        remove: { [key]: (values ?? []).filter((x) => x !== v) } as Partial<TxQuery>,
      });
    }
  };
  if (q.fromMs !== undefined)
    chips.push({ key: 'from', label: `From ${dayOf(q.fromMs)}`, remove: { fromMs: undefined } });
  if (q.toMs !== undefined) chips.push({ key: 'to', label: `To ${dayOf(q.toMs)}`, remove: { toMs: undefined } });
  if (q.minCents !== undefined)
    chips.push({ key: 'min', label: `Amount ≥ ${money(q.minCents)}`, remove: { minCents: undefined } });
  if (q.maxCents !== undefined)
    chips.push({ key: 'max', label: `Amount ≤ ${money(q.maxCents)}`, remove: { maxCents: undefined } });
  list('statuses', q.statuses, 'Status', statusWords);
  list('detailedStatuses', q.detailedStatuses, 'Detail', detailedStatusWords);
  list('cardIds', q.cardIds, 'Card', names.card);
  list('cardGroupIds', q.cardGroupIds, 'Group', names.cardGroup);
  list('virtualAccountIds', q.virtualAccountIds, 'Virtual account', names.virtualAccount);
  list('accountIds', q.accountIds, 'Account', names.account);
  list('currencies', q.currencies, 'Currency', (c) => c);
  list('merchants', q.merchants, 'Merchant', names.merchant);
  if (q.hasFee !== undefined)
    chips.push({ key: 'fee', label: q.hasFee ? 'With a fee' : 'Without a fee', remove: { hasFee: undefined } });
  return chips;
}

import type { SearchRow } from '../model/search-row';
import { isAscii } from './utf8';
import { InvalidRowError } from './errors';

/** A row to index, with where the full transaction lives in the cache. */
export interface IndexedRow extends SearchRow {
  seq: number;
  slot: number;
}

/** A row of a result: its id and where to read the full transaction. */
export interface RowRef {
  id: string;
  seq: number;
  slot: number;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Throws InvalidRowError when a row breaks the contract in a way that would make answers wrong:
 * an unordered date, an amount that is not whole cents (sums must stay exact), a seq or slot that
 * does not fit 32 bits, an id that cannot round-trip through UTF-8.
 */
export function checkRow(row: IndexedRow): void {
  const id: unknown = row?.id;
  if (typeof id !== 'string') throw new InvalidRowError('a row has no string id');
  const problem = problemOf(row);
  if (problem !== null) throw new InvalidRowError(`row ${id}: ${problem}`);
}

function problemOf(row: IndexedRow): string | null {
  if (!isAscii(row.id) && LONE_SURROGATE.test(row.id)) return 'the id has an unpaired surrogate';
  if (typeof row.feeFor === 'string' && !isAscii(row.feeFor) && LONE_SURROGATE.test(row.feeFor))
    return 'feeFor has an unpaired surrogate';
  if (typeof row.dateMs !== 'number' || !Number.isFinite(row.dateMs)) return 'dateMs must be a finite number';
  if (!Number.isSafeInteger(row.amountCents)) return 'amountCents must be a safe integer';
  if (!isUint32(row.seq) || !isUint32(row.slot)) return 'seq and slot must be integers in 0..2^32-1';
  if (typeof row.hasFee !== 'boolean') return 'hasFee must be a boolean';
  if (typeof row.status !== 'string' || typeof row.detailedStatus !== 'string')
    return 'status and detailedStatus must be strings';
  if (typeof row.accountId !== 'string' || typeof row.currency !== 'string')
    return 'accountId and currency must be strings';
  if (!isOptionalString(row.cardId) || !isOptionalString(row.cardGroupId) || !isOptionalString(row.virtualAccountId)) {
    return 'cardId, cardGroupId and virtualAccountId must be strings or undefined';
  }
  if (!isOptionalString(row.merchant) || !isOptionalString(row.feeFor))
    return 'merchant and feeFor must be strings or undefined';
  if (!Array.isArray(row.words)) return 'words must be an array of strings';
  for (const w of row.words) if (typeof w !== 'string') return 'words must be an array of strings';
  return null;
}

function isOptionalString(v: unknown): boolean {
  return v === undefined || typeof v === 'string';
}

function isUint32(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff;
}

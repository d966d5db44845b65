import { AccountSubtype, DetailedStatus, TransactionStatus } from '../../shared/service';

/**
 * A hand-written check of a transaction page (`listTransactions`' answer) that accepts exactly
 * what the zod schema `paginated(Transaction)` accepts (tests/unit/transaction-page-check.test.ts
 * proves it on random and mutated pages). zod's parse was 40% of main's own cost per page at 100k
 * (0.37 ms a page of 50): it walks every field of every row through generic checks and copies
 * each object. This walks the same fields with plain comparisons and copies nothing (every schema
 * in the page is loose, so a valid page is its own parse). It only ever says yes or no: a page it
 * refuses goes through zod, which names the place for the error message.
 */

type Obj = Record<string, unknown>;

const STATUSES = new Set<unknown>(TransactionStatus.options);
const DETAILED = new Set<unknown>(DetailedStatus.options);
const SUBTYPES = new Set<unknown>(AccountSubtype.options);

// zod's objects are plain objects, not arrays or null.
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
// z.number() refuses NaN and the infinities; Cents and .int() also the unsafe integers.
const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isCents = (v: unknown) => Number.isSafeInteger(v);
const optStr = (v: unknown) => v === undefined || typeof v === 'string';

const OPTIONAL_STRINGS = ['virtualAccountId', 'memo', 'merchantDescription', 'cardId', 'orderId', 'referenceNumber', 'authorizedAt', 'declineReason', 'note'] as const;

function isLocation(v: unknown): boolean {
  return v === undefined || (isObj(v) && optStr(v['city']) && optStr(v['state']) && optStr(v['country']) && optStr(v['zip']));
}

function isMerchantData(v: unknown): boolean {
  return v === undefined || (isObj(v) && optStr(v['description']) && optStr(v['categoryCode']) && isLocation(v['location']));
}

function isOriginalCurrency(v: unknown): boolean {
  return v === undefined || (isObj(v) && typeof v['code'] === 'string' && isNum(v['amountCents']) && isNum(v['conversionRate']));
}

function isFeeInfo(v: unknown): boolean {
  if (v === undefined) return true;
  if (!isObj(v)) return false;
  const r = v['relatedTransaction'];
  return r === undefined || (isObj(r) && typeof r['id'] === 'string' && isNum(r['amount']));
}

export function isTransaction(v: unknown): boolean {
  if (!isObj(v)) return false;
  if (typeof v['id'] !== 'string' || typeof v['date'] !== 'string' || typeof v['description'] !== 'string' || typeof v['accountId'] !== 'string') return false;
  if (!isCents(v['amountCents']) || !STATUSES.has(v['status']) || !DETAILED.has(v['detailedStatus']) || !SUBTYPES.has(v['accountSubtype'])) return false;
  for (const k of OPTIONAL_STRINGS) if (!optStr(v[k])) return false;
  const fx = v['fxFeeInfo'];
  return isMerchantData(v['merchantData']) && isOriginalCurrency(v['originalCurrency']) && isFeeInfo(v['feeInfo']) && (fx === undefined || (isObj(fx) && isCents(fx['amountCents'])));
}

/** True when `v` is a valid page of transactions, as `paginated(Transaction)` would say. */
export function isTransactionPage(v: unknown): boolean {
  if (!isObj(v) || !Array.isArray(v['items'])) return false;
  const m = v['metadata'];
  if (m !== undefined && !(isObj(m) && optStr(m['nextCursor']) && (m['count'] === undefined || (Number.isSafeInteger(m['count']) && (m['count'] as number) >= 0)))) return false;
  for (const item of v['items'] as unknown[]) if (!isTransaction(item)) return false;
  return true;
}

import {
  AccountSubtype,
  cleanText,
  CODE_MAX,
  CURSOR_MAX,
  DetailedStatus,
  ID_MAX,
  isPlainText,
  NAME_MAX,
  TEXT_MAX,
  TransactionStatus,
  type Page,
  type Transaction,
} from '../../shared/service';

// Held locally: where modules are loaded as CommonJS (tsx, vitest) an imported function is read
// through a getter on every call, which was a quarter of the reading's cost on a page of 50.
const plain = isPlainText;
const clean = cleanText;

/**
 * A hand-written reading of a transaction page (`listTransactions`' answer) that gives exactly
 * what the zod schema `paginated(Transaction)` gives: the same pages refused, and for the others
 * the same copy, unknown fields dropped and shown text cleaned (tests/unit/transaction-page-check
 * .test.ts proves it on random and mutated pages). zod's parse was 40% of main's own cost per
 * page at 100k (0.37 ms a page of 50): it walks every field of every row through generic checks.
 * This walks the same fields with plain comparisons and copies only what it must change (a page
 * with nothing to drop or clean is returned as it came). It only ever reads or says no: a page it
 * refuses goes through zod, which names the place for the error message.
 */

type Obj = Record<string, unknown>;
const BAD = Symbol('refused');
type Reader = (v: unknown) => unknown;

const STATUSES = new Set<unknown>(TransactionStatus.options);
const DETAILED = new Set<unknown>(DetailedStatus.options);
const SUBTYPES = new Set<unknown>(AccountSubtype.options);

// zod's objects are plain objects, not arrays or null.
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
// z.number() refuses NaN and the infinities; Cents and .int() also the unsafe integers.
const num: Reader = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : BAD);
const cents: Reader = (v) => (Number.isSafeInteger(v) ? v : BAD);
const exact =
  (max: number): Reader =>
  (v) =>
    typeof v === 'string' && v.length <= max && plain(v) ? v : BAD;
const shown =
  (max: number): Reader =>
  (v) =>
    typeof v === 'string' && v.length <= max ? clean(v) : BAD;
const oneOf =
  (set: Set<unknown>): Reader =>
  (v) =>
    set.has(v) ? v : BAD;

const id = exact(ID_MAX);
const code = exact(CODE_MAX);
const name = shown(NAME_MAX);
const text = shown(TEXT_MAX);

/** Field readers of an object. */
type Shape = Record<string, Reader>;

/** How many own enumerable keys `v` has (JSON objects have no others). */
function ownKeyCount(v: Obj): number {
  let n = 0;
  for (const k in v) if (Object.prototype.hasOwnProperty.call(v, k)) n++;
  return n;
}

/**
 * As z.object strips: each field of the shape read, nothing else kept. An optional field that is
 * absent stays absent; one present as undefined stays present as undefined (zod keeps `key in`).
 * Copy on write: an object with no other field and nothing cleaned is its own reading (as a page
 * from the service nearly always is), so a page costs no allocation at all.
 */
function object(shape: Shape, optional: ReadonlySet<string>): Reader {
  // Plain arrays, not the shape's properties: this runs for every field of every row.
  const keys = Object.keys(shape);
  const readers = keys.map((k) => shape[k] as Reader);
  const optionals = keys.map((k) => optional.has(k));
  const n = keys.length;
  return (v) => {
    if (!isObj(v)) return BAD;
    let out: Obj | undefined;
    let present = 0;
    for (let i = 0; i < n; i++) {
      const key = keys[i] as string;
      const value = v[key];
      if (value === undefined && optionals[i]) {
        if (key in v) {
          present++;
          if (out) out[key] = undefined;
        }
        continue;
      }
      const read = (readers[i] as Reader)(value);
      if (read === BAD) return BAD;
      present++;
      if (read !== value) {
        out ??= copyOf(v, keys, i);
        out[key] = read;
      } else if (out) out[key] = read;
    }
    if (out) return out;
    // JSON makes plain objects; any other (a null prototype) is copied, as zod's output is plain.
    return ownKeyCount(v) === present && Object.getPrototypeOf(v) === Object.prototype ? v : copyOf(v, keys, n);
  };
}

/** The fields of the shape among the first `upTo` that `v` has, as they are (already read). */
function copyOf(v: Obj, keys: readonly string[], upTo: number): Obj {
  const out: Obj = {};
  for (let i = 0; i < upTo; i++) {
    const key = keys[i] as string;
    if (key in v) out[key] = v[key];
  }
  return out;
}

const opt = (...keys: string[]) => new Set(keys);

const location = object({ city: name, state: name, country: name, zip: name }, opt('city', 'state', 'country', 'zip'));
const merchantData = object(
  { description: text, categoryCode: code, location },
  opt('description', 'categoryCode', 'location'),
);
const originalCurrency = object({ code, amountCents: num, conversionRate: num }, opt());
const feeInfo = object({ relatedTransaction: object({ id, amount: num }, opt()) }, opt('relatedTransaction'));
const fxFeeInfo = object({ amountCents: cents }, opt());

const transaction = object(
  {
    id,
    date: code,
    description: text,
    amountCents: cents,
    status: oneOf(STATUSES),
    detailedStatus: oneOf(DETAILED),
    accountId: id,
    accountSubtype: oneOf(SUBTYPES),
    virtualAccountId: id,
    memo: text,
    merchantDescription: text,
    merchantData,
    cardId: id,
    originalCurrency,
    orderId: name,
    referenceNumber: code,
    authorizedAt: code,
    declineReason: text,
    note: text,
    feeInfo,
    fxFeeInfo,
  },
  opt(
    'virtualAccountId',
    'memo',
    'merchantDescription',
    'merchantData',
    'cardId',
    'originalCurrency',
    'orderId',
    'referenceNumber',
    'authorizedAt',
    'declineReason',
    'note',
    'feeInfo',
    'fxFeeInfo',
  ),
);

const metadata = object(
  {
    nextCursor: (v) => (typeof v === 'string' && v.length <= CURSOR_MAX ? v : BAD),
    count: (v) => (Number.isSafeInteger(v) && (v as number) >= 0 ? v : BAD),
  },
  opt('nextCursor', 'count'),
);

const items: Reader = (v) => {
  if (!Array.isArray(v)) return BAD;
  const list = v as unknown[];
  let out: unknown[] | undefined;
  // A hole in the list reads as undefined, which is not a transaction: refused, as zod does.
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    const read = transaction(item);
    if (read === BAD) return BAD;
    if (read !== item) out ??= list.slice(0, i);
    out?.push(read);
  }
  return out ?? v;
};

const page = object({ items, metadata }, opt('metadata'));

/** The page as `paginated(Transaction)` would parse it, or undefined where zod would refuse it. */
export function readTransactionPage(v: unknown): Page<Transaction> | undefined {
  const read = page(v);
  // Built field by field from the schema's own shape above, which the checker cannot follow.
  return read === BAD ? undefined : (read as Page<Transaction>);
}

import type { TxQuery } from '../../model/tx-query';
import type { SearchRow } from '../model/search-row';

/** The row values a query filters by set membership; each is stored as a code into a dictionary. */
export const DIMENSIONS = [
  'status',
  'detailedStatus',
  'accountId',
  'cardId',
  'cardGroupId',
  'virtualAccountId',
  'currency',
  'merchant',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The query field holding each dimension's set. */
export const QUERY_FIELD = {
  status: 'statuses',
  detailedStatus: 'detailedStatuses',
  accountId: 'accountIds',
  cardId: 'cardIds',
  cardGroupId: 'cardGroupIds',
  virtualAccountId: 'virtualAccountIds',
  currency: 'currencies',
  merchant: 'merchants',
} as const satisfies Record<Dimension, keyof TxQuery>;

/** Dimensions a row may lack (code 0); the others are required strings. */
export const OPTIONAL_DIMENSIONS: ReadonlySet<Dimension> = new Set([
  'cardId',
  'cardGroupId',
  'virtualAccountId',
  'merchant',
]);

/** Statuses have a handful of values, so their codes are bytes. */
export const BYTE_DIMENSIONS: ReadonlySet<Dimension> = new Set(['status', 'detailedStatus']);

/** Each dimension's value of a row, as one small function per dimension (not row[d], a slow keyed read). */
export const VALUE_OF: Record<Dimension, (row: SearchRow) => string | undefined> = {
  status: (row) => row.status,
  detailedStatus: (row) => row.detailedStatus,
  accountId: (row) => row.accountId,
  cardId: (row) => row.cardId,
  cardGroupId: (row) => row.cardGroupId,
  virtualAccountId: (row) => row.virtualAccountId,
  currency: (row) => row.currency,
  merchant: (row) => row.merchant,
};

/**
 * The distinct values of one dimension. Code 0 means "none"; a value's code is its index + 1 and
 * never changes, so a dictionary can grow (compact) without recoding existing rows.
 */
export class Dictionary {
  private readonly codes = new Map<string, number>();
  /** Consecutive rows often share a value: asking for the last one again skips the Map. */
  private last: string | undefined = undefined;
  private lastCode = 0;

  constructor(
    readonly values: string[] = [],
    private readonly limit = 0xffffffff,
  ) {
    values.forEach((v, i) => this.codes.set(v, i + 1));
  }

  /** The code of a value, adding it when new. */
  intern(value: string | undefined): number {
    if (value === undefined) return 0;
    if (value === this.last) return this.lastCode;
    let code = this.codes.get(value);
    if (code === undefined) {
      if (this.values.length >= this.limit) throw new RangeError(`more than ${this.limit} distinct values`);
      this.values.push(value);
      code = this.values.length;
      this.codes.set(value, code);
    }
    this.last = value;
    this.lastCode = code;
    return code;
  }

  /** The code of a known value, or 0. */
  find(value: string): number {
    return this.codes.get(value) ?? 0;
  }

  get size(): number {
    return this.values.length;
  }

  clone(): Dictionary {
    return new Dictionary([...this.values], this.limit);
  }

  /** 1 for each code whose value is in the set (index 0, "none", never is). */
  lookupTable(set: ReadonlySet<string>): Uint8Array {
    const table = new Uint8Array(this.values.length + 1);
    for (const v of set) {
      const code = this.codes.get(v);
      if (code !== undefined) table[code] = 1;
    }
    return table;
  }
}

export type Dictionaries = Record<Dimension, Dictionary>;

export function newDictionaries(values?: Record<Dimension, string[]>): Dictionaries {
  const make = (d: Dimension) =>
    new Dictionary(values ? [...values[d]] : [], BYTE_DIMENSIONS.has(d) ? 0xff : 0xffffffff);
  return Object.fromEntries(DIMENSIONS.map((d) => [d, make(d)])) as Dictionaries;
}

export function cloneDictionaries(dicts: Dictionaries): Dictionaries {
  return Object.fromEntries(DIMENSIONS.map((d) => [d, dicts[d].clone()])) as Dictionaries;
}

import type { BaseIndex } from './base-index';
import type { CompiledQuery } from './compiled-query';
import { DIMENSIONS, type Dimension } from './dimensions';
import type { FeeColumn } from './fee-links';

/** A kind of per-row filter: the amount (bounds and typed amounts), a set filter, or hasFee. */
export type FilterKind = 'amount' | 'hasFee' | Dimension;

/** The per-row filters of a query over a base: everything but the date window, the words and dead rows. */
export interface RowFilters {
  /** Nothing in the base can pass (a set filter names no value the base has). */
  none: boolean;
  /** Whether a row passes; null when no filter applies. */
  test: RowTest | null;
  /** Per filtered dimension, 1 for each code that passes. */
  tables: Partial<Record<Dimension, Uint8Array>>;
  /** The kinds of filter the test checks. */
  kinds: FilterKind[];
  /** Each position's "with a fee" flag (fee-links.ts). */
  fees: FeeColumn;
}

export function rowFiltersOf(base: BaseIndex, c: CompiledQuery, fees: FeeColumn): RowFilters {
  const tables: Partial<Record<Dimension, Uint8Array>> = {};
  for (const d of DIMENSIONS) {
    const set = c.sets[d];
    if (set === null) continue;
    const table = base.dicts[d].lookupTable(set);
    if (!table.includes(1)) return { none: true, test: null, tables, kinds: [], fees };
    tables[d] = table;
  }
  const kinds: FilterKind[] = Object.keys(tables) as Dimension[];
  if (c.hasFee !== null) kinds.push('hasFee');
  if (c.amount !== null || c.minCents > -Infinity || c.maxCents < Infinity) kinds.push('amount');
  return {
    none: false,
    test: kinds.length > 0 ? new RowTest(base, c, tables, c.hasFee !== null ? fees.flags : base.rows.hasFee) : null,
    tables,
    kinds,
    fees,
  };
}

/**
 * A query's filters compiled once into fields (columns, bounds, lookup tables by code), so the
 * per-row work reads no query object and no Map: reading the query per row was measured three
 * times slower. One class, so every call site sees one method and inlines it (a closure made per
 * query was not, and cost several times the checks themselves).
 */
export class RowTest {
  private readonly amounts: Float64Array;
  private readonly hasFee: Uint8Array;
  private readonly feeWanted: number;
  private readonly minCents: number;
  private readonly maxCents: number;
  private readonly byAmount: boolean;
  private readonly absLo: number;
  private readonly absHi: number;
  private readonly negative: boolean;
  private readonly st: Uint8Array;
  private readonly ds: Uint8Array;
  private readonly ac: Uint32Array;
  private readonly cd: Uint32Array;
  private readonly cg: Uint32Array;
  private readonly va: Uint32Array;
  private readonly cu: Uint32Array;
  private readonly mc: Uint32Array;
  private readonly stT: Uint8Array | null;
  private readonly dsT: Uint8Array | null;
  private readonly acT: Uint8Array | null;
  private readonly cdT: Uint8Array | null;
  private readonly cgT: Uint8Array | null;
  private readonly vaT: Uint8Array | null;
  private readonly cuT: Uint8Array | null;
  private readonly mcT: Uint8Array | null;

  constructor(base: BaseIndex, c: CompiledQuery, tables: Partial<Record<Dimension, Uint8Array>>, feeFlags: Uint8Array) {
    const rows = base.rows;
    this.amounts = rows.amounts;
    this.hasFee = feeFlags;
    this.feeWanted = c.hasFee === null ? -1 : c.hasFee ? 1 : 0;
    this.minCents = c.minCents;
    this.maxCents = c.maxCents;
    this.byAmount = c.amount !== null;
    this.absLo = c.amount?.lo ?? 0;
    this.absHi = c.amount?.hi ?? 0;
    this.negative = c.negative;
    this.st = rows.status;
    this.ds = rows.detailedStatus;
    this.ac = rows.accountId;
    this.cd = rows.cardId;
    this.cg = rows.cardGroupId;
    this.va = rows.virtualAccountId;
    this.cu = rows.currency;
    this.mc = rows.merchant;
    this.stT = tables.status ?? null;
    this.dsT = tables.detailedStatus ?? null;
    this.acT = tables.accountId ?? null;
    this.cdT = tables.cardId ?? null;
    this.cgT = tables.cardGroupId ?? null;
    this.vaT = tables.virtualAccountId ?? null;
    this.cuT = tables.currency ?? null;
    this.mcT = tables.merchant ?? null;
  }

  passes(i: number): boolean {
    const a = this.amounts[i] as number;
    if (a < this.minCents || a > this.maxCents) return false;
    if (this.byAmount) {
      const abs = a < 0 ? -a : a;
      if (abs < this.absLo || abs > this.absHi || (this.negative && a >= 0)) return false;
    }
    if (this.feeWanted >= 0 && this.hasFee[i] !== this.feeWanted) return false;
    if (this.stT !== null && this.stT[this.st[i] as number] === 0) return false;
    if (this.dsT !== null && this.dsT[this.ds[i] as number] === 0) return false;
    if (this.acT !== null && this.acT[this.ac[i] as number] === 0) return false;
    if (this.cdT !== null && this.cdT[this.cd[i] as number] === 0) return false;
    if (this.cgT !== null && this.cgT[this.cg[i] as number] === 0) return false;
    if (this.vaT !== null && this.vaT[this.va[i] as number] === 0) return false;
    if (this.cuT !== null && this.cuT[this.cu[i] as number] === 0) return false;
    return this.mcT === null || this.mcT[this.mc[i] as number] === 1;
  }
}

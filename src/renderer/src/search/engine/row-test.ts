import type { BaseIndex } from './base-index';
import type { CompiledQuery } from './compiled-query';
import { DIMENSIONS, type Dimension } from './dimensions';

/** The per-row filters of a query over a base: everything but the date window, the words and dead rows. */
export interface RowFilters {
  /** Nothing in the base can pass (a set filter names no value the base has). */
  none: boolean;
  /** Whether row p passes; null when no filter applies. */
  test: ((p: number) => boolean) | null;
  /** Per filtered dimension, 1 for each code that passes. */
  tables: Partial<Record<Dimension, Uint8Array>>;
}

/**
 * Compiles the filters once per query into a closure over locals (columns, bounds, lookup tables
 * by code), so the per-row work reads no query object and no Map: reading the query per row was
 * measured three times slower.
 */
export function rowFiltersOf(base: BaseIndex, c: CompiledQuery): RowFilters {
  const tables: Partial<Record<Dimension, Uint8Array>> = {};
  for (const d of DIMENSIONS) {
    const set = c.sets[d];
    if (set === null) continue;
    const table = base.dicts[d].lookupTable(set);
    if (!table.includes(1)) return { none: true, test: null, tables };
    tables[d] = table;
  }
  const { status: st, detailedStatus: ds, accountId: ac, cardId: cd, cardGroupId: cg, virtualAccountId: va, currency: cu, amounts, hasFee } = base.rows;
  const [stT, dsT, acT, cdT, cgT, vaT, cuT] = [tables.status, tables.detailedStatus, tables.accountId, tables.cardId, tables.cardGroupId, tables.virtualAccountId, tables.currency];
  const feeWanted = c.hasFee === null ? -1 : c.hasFee ? 1 : 0;
  const minCents = c.minCents;
  const maxCents = c.maxCents;
  const byAmount = c.amount !== null;
  const absLo = c.amount?.lo ?? 0;
  const absHi = c.amount?.hi ?? 0;
  const negative = c.negative;
  const active = Object.keys(tables).length > 0 || feeWanted >= 0 || byAmount || minCents > -Infinity || maxCents < Infinity;
  if (!active) return { none: false, test: null, tables };
  const test = (i: number): boolean => {
    const a = amounts[i] as number;
    if (a < minCents || a > maxCents) return false;
    if (byAmount) {
      const abs = a < 0 ? -a : a;
      if (abs < absLo || abs > absHi || (negative && a >= 0)) return false;
    }
    if (feeWanted >= 0 && hasFee[i] !== feeWanted) return false;
    if (stT !== undefined && stT[st[i] as number] === 0) return false;
    if (dsT !== undefined && dsT[ds[i] as number] === 0) return false;
    if (acT !== undefined && acT[ac[i] as number] === 0) return false;
    if (cdT !== undefined && cdT[cd[i] as number] === 0) return false;
    if (cgT !== undefined && cgT[cg[i] as number] === 0) return false;
    if (vaT !== undefined && vaT[va[i] as number] === 0) return false;
    return cuT === undefined || cuT[cu[i] as number] === 1;
  };
  return { none: false, test, tables };
}

import type { BaseIndex } from './base-index';
import type { CompiledQuery } from './compiled-query';
import { amountIntervals, amountSlice, type PositionLists } from './derived';
import type { FilterKind, RowFilters } from './row-test';
import type { Dimension } from './dimensions';

/** Rows to visit instead of the whole date window: parts of sorted position lists. */
export interface Driver {
  slices: { list: Uint32Array; from: number; to: number }[];
  /** How many positions the slices hold (an upper bound on the rows they let in). */
  size: number;
  /** The filter whose rows these are, exactly. */
  covers: FilterKind;
  /**
   * The slices name the rows the filter keeps OUT: "no fee" or "not pending" let in most rows,
   * and the few they exclude are cheaper to clear from the candidates than the many to set.
   */
  negated: boolean;
}

/**
 * For each filter, the rows it alone lets in (or keeps out), read from a derived index: rows by
 * amount for amount bounds and typed amounts, rows per value for set filters and hasFee; the
 * smallest first, so several filters become ANDs of bitsets rather than tests per row.
 */
export function driversBySize(
  base: BaseIndex,
  c: CompiledQuery,
  filters: RowFilters,
  lo: number,
  hi: number,
): Driver[] {
  const all: Driver[] = [];
  const consider = (d: Driver) => all.push(d);
  if (c.amount !== null || c.minCents > -Infinity || c.maxCents < Infinity) {
    const order = base.derived.amountOrder();
    const slices = amountIntervals(c.amount, c.negative, c.minCents, c.maxCents).map(([min, max]) => {
      const [from, to] = amountSlice(order, base.rows.amounts, min, max);
      return { list: order, from, to };
    });
    consider({ slices, size: slices.reduce((n, s) => n + s.to - s.from, 0), covers: 'amount', negated: false });
  }
  for (const d of Object.keys(filters.tables) as Dimension[]) {
    const table = filters.tables[d] as Uint8Array;
    consider(listDriver(base.derived.lists(d, base.dicts[d].size), table, lo, hi, d));
  }
  if (c.hasFee !== null) {
    const table = Uint8Array.of(c.hasFee ? 0 : 1, c.hasFee ? 1 : 0);
    consider(listDriver(filters.fees.lists(), table, lo, hi, 'hasFee'));
  }
  return all.sort((a, b) => a.size - b.size);
}

/** The rows of the codes a table lets in, or of those it keeps out when they are fewer. */
function listDriver(lists: PositionLists, table: Uint8Array, lo: number, hi: number, covers: FilterKind): Driver {
  const inside: Driver['slices'] = [];
  const outside: Driver['slices'] = [];
  let inSize = 0;
  let outSize = 0;
  for (let code = 0; code < table.length; code++) {
    const [from, to] = lists.window(code, lo, hi);
    if (from === to) continue;
    if (table[code] === 1) {
      inside.push({ list: lists.list, from, to });
      inSize += to - from;
    } else {
      outside.push({ list: lists.list, from, to });
      outSize += to - from;
    }
  }
  return outSize < inSize
    ? { slices: outside, size: outSize, covers, negated: true }
    : { slices: inside, size: inSize, covers, negated: false };
}

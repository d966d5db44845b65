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
}

/**
 * The smallest set of rows one filter alone lets in, read from a derived index: rows by amount
 * for amount bounds and typed amounts, rows per value for set filters and hasFee.
 * Null when no filter narrows by index.
 */
export function cheapestDriver(base: BaseIndex, c: CompiledQuery, filters: RowFilters, lo: number, hi: number): Driver | null {
  let best: Driver | null = null;
  const consider = (d: Driver) => {
    if (best === null || d.size < best.size) best = d;
  };
  if (c.amount !== null || c.minCents > -Infinity || c.maxCents < Infinity) {
    const order = base.derived.amountOrder();
    const slices = amountIntervals(c.amount, c.negative, c.minCents, c.maxCents).map(([min, max]) => {
      const [from, to] = amountSlice(order, base.rows.amounts, min, max);
      return { list: order, from, to };
    });
    consider({ slices, size: slices.reduce((n, s) => n + s.to - s.from, 0), covers: 'amount' });
  }
  for (const d of Object.keys(filters.tables) as Dimension[]) {
    const table = filters.tables[d] as Uint8Array;
    consider(listDriver(base.derived.lists(d, base.dicts[d].size), table, lo, hi, d));
  }
  if (c.hasFee !== null) {
    const table = Uint8Array.of(c.hasFee ? 0 : 1, c.hasFee ? 1 : 0);
    consider(listDriver(filters.fees.lists(), table, lo, hi, 'hasFee'));
  }
  return best;
}

function listDriver(lists: PositionLists, table: Uint8Array, lo: number, hi: number, covers: FilterKind): Driver {
  const slices: Driver['slices'] = [];
  let size = 0;
  for (let code = 0; code < table.length; code++) {
    if (table[code] !== 1) continue;
    const [from, to] = lists.window(code, lo, hi);
    if (from === to) continue;
    slices.push({ list: lists.list, from, to });
    size += to - from;
  }
  return { slices, size, covers };
}

import type { BaseIndex } from './base-index';
import type { CompiledQuery } from './compiled-query';
import { amountSlice } from './derived';
import type { RowFilters } from './row-test';
import type { Dimension } from './dimensions';

/** Rows to visit instead of the whole date window: parts of sorted position lists. */
export interface Driver {
  slices: { list: Uint32Array; from: number; to: number }[];
  /** How many positions the slices hold (an upper bound on the rows they let in). */
  size: number;
}

/**
 * The smallest set of rows one filter alone lets in, read from a derived index: rows by
 * |amount| for amount bounds and typed amounts, rows per value for set filters and hasFee.
 * Null when no filter narrows by index.
 */
export function cheapestDriver(base: BaseIndex, c: CompiledQuery, filters: RowFilters, lo: number, hi: number): Driver | null {
  let best: Driver | null = null;
  const consider = (d: Driver) => {
    if (best === null || d.size < best.size) best = d;
  };
  const abs = absBounds(c);
  if (abs !== null) {
    const order = base.derived.amountOrder();
    const [from, to] = amountSlice(order, base.rows.amounts, abs.lo, abs.hi);
    consider({ slices: [{ list: order, from, to }], size: to - from });
  }
  for (const d of Object.keys(filters.tables) as Dimension[]) {
    const table = filters.tables[d] as Uint8Array;
    consider(listDriver(base.derived.lists(d, base.dicts[d].size), table, lo, hi));
  }
  if (c.hasFee !== null) {
    const table = Uint8Array.of(c.hasFee ? 0 : 1, c.hasFee ? 1 : 0);
    consider(listDriver(base.derived.lists('hasFee', 1), table, lo, hi));
  }
  return best;
}

function listDriver(lists: { list: Uint32Array; window(c: number, lo: number, hi: number): [number, number] }, table: Uint8Array, lo: number, hi: number): Driver {
  const slices: Driver['slices'] = [];
  let size = 0;
  for (let code = 0; code < table.length; code++) {
    if (table[code] !== 1) continue;
    const [from, to] = lists.window(code, lo, hi);
    if (from === to) continue;
    slices.push({ list: lists.list, from, to });
    size += to - from;
  }
  return { slices, size };
}

/** The |amount| range every row passing the amount filters lies in, or null when there are none. */
function absBounds(c: CompiledQuery): { lo: number; hi: number } | null {
  const bounded = c.minCents > -Infinity || c.maxCents < Infinity;
  if (c.amount === null && !bounded) return null;
  let lo = c.amount?.lo ?? 0;
  let hi = c.amount?.hi ?? Infinity;
  if (bounded) {
    const { minCents: min, maxCents: max } = c;
    const [bLo, bHi] = min >= 0 ? [min, max] : max <= 0 ? [-max, -min] : [0, Math.max(-min, max)];
    lo = Math.max(lo, bLo);
    hi = Math.min(hi, bHi);
  }
  return { lo, hi };
}

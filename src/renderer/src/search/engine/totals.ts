import type { TxSummary } from '../../model/tx-query';
import type { BaseIndex } from './base-index';
import { nextSetBit } from './bitset';
import type { IndexedRow } from './rows';

/**
 * The summary of a result. Money in and money out are each summed in one direction, so while
 * their totals stay within 2^53 every partial sum is an exact integer, in whatever order rows were
 * added. Past that (sums of sums no company reaches, but inputs can), they are summed again
 * exactly as BigInts and rounded once, so the answer does not depend on the order either.
 */
export function summarize(
  base: BaseIndex,
  bits: Uint32Array,
  baseCount: number,
  baseIn: number,
  baseOut: number,
  deltaRows: readonly IndexedRow[],
): TxSummary {
  let inCents = baseIn;
  let outCents = baseOut;
  for (const row of deltaRows) {
    if (row.amountCents > 0) inCents += row.amountCents;
    else outCents += row.amountCents;
  }
  if (inCents > Number.MAX_SAFE_INTEGER || outCents < -Number.MAX_SAFE_INTEGER) {
    let exactIn = 0n;
    let exactOut = 0n;
    const add = (a: number) => {
      if (a > 0) exactIn += BigInt(a);
      else exactOut += BigInt(a);
    };
    for (let p = nextSetBit(bits, 0); p >= 0; p = nextSetBit(bits, p + 1)) add(base.rows.amounts[p] as number);
    for (const row of deltaRows) add(row.amountCents);
    return {
      count: baseCount + deltaRows.length,
      inCents: Number(exactIn),
      outCents: Number(exactOut),
      netCents: Number(exactIn + exactOut),
    };
  }
  return { count: baseCount + deltaRows.length, inCents, outCents, netCents: inCents + outCents };
}

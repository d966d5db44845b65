import type { BaseIndex } from './base-index';
import { newBitset } from './bitset';
import type { CompiledQuery } from './compiled-query';
import type { Dimension } from './dimensions';

export interface ScanOutput {
  /** The matching base positions. */
  bits: Uint32Array;
  count: number;
  inCents: number;
  outCents: number;
}

/**
 * The base rows in the date window [lo, hi) that are candidates (all when null), not dead, and
 * pass every filter, with their exact totals. The hot loop: every column and query value is in a
 * local, set filters are lookup tables by code, and rows are visited as set bits of 32-row words
 * (candidates AND NOT dead), so skipped rows cost nothing.
 */
export function scanBase(base: BaseIndex, c: CompiledQuery, cand: Uint32Array | null, dead: Uint32Array | null, lo: number, hi: number): ScanOutput {
  const out: ScanOutput = { bits: newBitset(base.size), count: 0, inCents: 0, outCents: 0 };
  if (c.impossible || lo >= hi) return out;
  const tables: Partial<Record<Dimension, Uint8Array>> = {};
  for (const d of Object.keys(c.sets) as Dimension[]) {
    const set = c.sets[d];
    if (set === null) continue;
    const table = base.dicts[d].lookupTable(set);
    if (!table.includes(1)) return out;
    tables[d] = table;
  }
  const rows = base.rows;
  const [stT, dsT, acT, cdT, cgT, vaT, cuT] = [tables.status, tables.detailedStatus, tables.accountId, tables.cardId, tables.cardGroupId, tables.virtualAccountId, tables.currency];
  const { status: st, detailedStatus: ds, accountId: ac, cardId: cd, cardGroupId: cg, virtualAccountId: va, currency: cu, amounts, hasFee } = rows;
  const feeWanted = c.hasFee === null ? -1 : c.hasFee ? 1 : 0;
  const minCents = c.minCents;
  const maxCents = c.maxCents;
  const byAmount = c.amount !== null;
  const absLo = c.amount?.lo ?? 0;
  const absHi = c.amount?.hi ?? 0;
  const negative = c.negative;
  const result = out.bits;
  let count = 0;
  let inCents = 0;
  let outCents = 0;
  const firstWord = lo >>> 5;
  const lastWord = (hi - 1) >>> 5;
  for (let w = firstWord; w <= lastWord; w++) {
    let bits = cand === null ? -1 : (cand[w] as number) | 0;
    if (w === firstWord) bits &= -1 << (lo & 31);
    if (w === lastWord && (hi & 31) !== 0) bits &= (1 << (hi & 31)) - 1;
    if (dead !== null) bits &= ~(dead[w] as number);
    let keep = 0;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const i = (w << 5) + 31 - Math.clz32(low);
      const a = amounts[i] as number;
      if (a < minCents || a > maxCents) continue;
      if (byAmount) {
        const abs = a < 0 ? -a : a;
        if (abs < absLo || abs > absHi || (negative && a >= 0)) continue;
      }
      if (feeWanted >= 0 && hasFee[i] !== feeWanted) continue;
      if (stT !== undefined && stT[st[i] as number] === 0) continue;
      if (dsT !== undefined && dsT[ds[i] as number] === 0) continue;
      if (acT !== undefined && acT[ac[i] as number] === 0) continue;
      if (cdT !== undefined && cdT[cd[i] as number] === 0) continue;
      if (cgT !== undefined && cgT[cg[i] as number] === 0) continue;
      if (vaT !== undefined && vaT[va[i] as number] === 0) continue;
      if (cuT !== undefined && cuT[cu[i] as number] === 0) continue;
      keep |= low;
      count++;
      if (a > 0) inCents += a;
      else outCents += a;
    }
    result[w] = keep;
  }
  out.count = count;
  out.inCents = inCents;
  out.outCents = outCents;
  return out;
}

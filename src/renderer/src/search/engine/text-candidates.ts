import type { BaseIndex } from './base-index';
import { andInto, newBitset, setPositions } from './bitset';
import type { CompiledQuery } from './compiled-query';

/**
 * The base rows the query's words allow, as a bitset, or null when the query has no words.
 * A piece's terms are a contiguous range of the sorted term list, so their postings are one
 * contiguous slice: OR-ed into a bitset, then the pieces AND-ed, the rarest first. A plain run of
 * digits also lets in the rows whose amount it matches (read from the amount column within the
 * date window [lo, hi); rows outside it are never looked at).
 */
export function textCandidates(base: BaseIndex, c: CompiledQuery, lo: number, hi: number): Uint32Array | null {
  if (c.pieces.length === 0 && c.amountOrWords.length === 0) return null;
  const { offsets, list } = base.postings;
  const slices = c.pieces.map((piece) => {
    const [first, past] = base.prefixRange(piece);
    return { from: offsets[first] as number, to: offsets[past] as number };
  });
  slices.sort((a, b) => a.to - a.from - (b.to - b.from));
  let bits: Uint32Array | null = null;
  let scratch: Uint32Array | null = null;
  const intersect = (fill: (into: Uint32Array) => void) => {
    if (bits === null) {
      bits = newBitset(base.size);
      fill(bits);
      return;
    }
    scratch ??= newBitset(base.size);
    scratch.fill(0);
    fill(scratch);
    andInto(bits, scratch);
  };
  for (const s of slices) {
    if (s.from === s.to) return newBitset(base.size);
    intersect((into) => setPositions(into, list, s.from, s.to));
  }
  const amounts = base.rows.amounts;
  for (const t of c.amountOrWords) {
    const [first, past] = base.prefixRange(t.prefix);
    const range = t.range;
    intersect((into) => {
      setPositions(into, list, offsets[first] as number, offsets[past] as number);
      if (range === null) return;
      const { lo: min, hi: max } = range;
      for (let i = lo; i < hi; i++) {
        const a = amounts[i] as number;
        const abs = a < 0 ? -a : a;
        if (abs >= min && abs <= max) into[i >>> 5] = (into[i >>> 5] as number) | (1 << (i & 31));
      }
    });
  }
  return bits;
}

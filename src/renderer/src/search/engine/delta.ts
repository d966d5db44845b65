import { compareNewestFirst } from '../query';
import { inAbsRange } from './amount-range';
import type { CompiledQuery } from './compiled-query';
import { DIMENSIONS, type Dimension } from './dimensions';
import type { IndexedRow } from './rows';

/**
 * Rows upserted since the base was built: few (the caller compacts past tens of thousands), kept
 * as objects and scanned one by one. A row here replaces any base row with its id.
 */
export class Delta {
  private readonly byId = new Map<string, IndexedRow>();
  private sorted: IndexedRow[] | null = [];

  get size(): number {
    return this.byId.size;
  }

  /** Keeps a copy, so a caller that later changes its object does not change the index. */
  put(row: IndexedRow): void {
    this.byId.set(row.id, { ...row, words: [...row.words] });
    this.sorted = null;
  }

  get(id: string): IndexedRow | undefined {
    return this.byId.get(id);
  }

  /** All rows, newest first (sorted once after each batch of changes). */
  rows(): readonly IndexedRow[] {
    this.sorted ??= [...this.byId.values()].sort((a, b) => compareNewestFirst(a.dateMs, a.id, b.dateMs, b.id));
    return this.sorted;
  }

  /** The matching rows, newest first. */
  match(c: CompiledQuery): IndexedRow[] {
    if (c.impossible) return [];
    const sets = DIMENSIONS.flatMap((d) => {
      const set = c.sets[d];
      return set === null ? [] : [{ d, set }];
    });
    const out: IndexedRow[] = [];
    for (const row of this.rows()) if (matchesRow(c, sets, row)) out.push(row);
    return out;
  }

  approxBytes(): number {
    let bytes = 0;
    for (const row of this.byId.values()) {
      bytes += 200 + 2 * row.id.length;
      for (const w of row.words) bytes += 24 + 2 * w.length;
    }
    return bytes;
  }
}

function matchesRow(c: CompiledQuery, sets: readonly { d: Dimension; set: ReadonlySet<string> }[], row: IndexedRow): boolean {
  if (row.dateMs < c.fromMs || row.dateMs > c.toMs) return false;
  const a = row.amountCents;
  if (a < c.minCents || a > c.maxCents) return false;
  if (c.amount !== null && (!inAbsRange(c.amount, a) || (c.negative && !(a < 0)))) return false;
  if (c.hasFee !== null && row.hasFee !== c.hasFee) return false;
  for (const { d, set } of sets) {
    const v = row[d];
    if (v === undefined || !set.has(v)) return false;
  }
  for (const p of c.pieces) if (!hasWordStartingWith(row.words, p)) return false;
  for (const t of c.amountOrWords) if (!inAbsRange(t.range, a) && !hasWordStartingWith(row.words, t.prefix)) return false;
  return true;
}

function hasWordStartingWith(words: readonly string[], prefix: string): boolean {
  for (const w of words) if (w.startsWith(prefix)) return true;
  return false;
}

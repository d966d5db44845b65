import { compareNewestFirst } from '../../model/tx-query';
import { inAbsRange, type AbsRange } from './amount-range';
import type { CompiledQuery } from './compiled-query';
import { DIMENSIONS, VALUE_OF } from './dimensions';
import type { IndexedRow } from './rows';

interface DeltaRow {
  row: IndexedRow;
  /** Place in the newest-first order (valid while `sorted` is). */
  place: number;
}

/**
 * Rows upserted since the base was built (the caller compacts past tens of thousands), kept as
 * objects, newest first, with a small word index: each word's rows, and the words sorted for
 * prefix ranges (re-sorted on the first query after changes). A query with words checks only the
 * rows its rarest word allows; a filter-only query checks every row. A row here replaces any
 * base row with its id.
 */
export class Delta {
  private readonly byId = new Map<string, DeltaRow>();
  private readonly rowsOfWord = new Map<string, Set<DeltaRow>>();
  private sorted: DeltaRow[] | null = [];
  private words: string[] | null = [];

  get size(): number {
    return this.byId.size;
  }

  /** Keeps a copy, so a caller that later changes its object does not change the index. */
  put(input: IndexedRow): void {
    const old = this.byId.get(input.id);
    if (old) for (const w of old.row.words) this.unlink(w, old);
    const d: DeltaRow = { row: { ...input, words: [...input.words] }, place: -1 };
    this.byId.set(input.id, d);
    for (const w of d.row.words) {
      let rows = this.rowsOfWord.get(w);
      if (!rows) {
        rows = new Set();
        this.rowsOfWord.set(w, rows);
        this.words = null;
      }
      rows.add(d);
    }
    this.sorted = null;
  }

  private unlink(word: string, d: DeltaRow): void {
    const rows = this.rowsOfWord.get(word);
    rows?.delete(d);
    if (rows?.size === 0) {
      this.rowsOfWord.delete(word);
      this.words = null;
    }
  }

  get(id: string): IndexedRow | undefined {
    return this.byId.get(id)?.row;
  }

  /** All rows, newest first (sorted once after each batch of changes). */
  rows(): readonly IndexedRow[] {
    return this.sortedRows().map((d) => d.row);
  }

  private sortedRows(): DeltaRow[] {
    if (this.sorted === null) {
      this.sorted = [...this.byId.values()].sort((a, b) =>
        compareNewestFirst(a.row.dateMs, a.row.id, b.row.dateMs, b.row.id),
      );
      this.sorted.forEach((d, i) => (d.place = i));
    }
    return this.sorted;
  }

  /** The matching rows, newest first; `feeLinked` tells whether a fee row names an id (fee-links.ts). */
  match(c: CompiledQuery, feeLinked: (id: string) => boolean): IndexedRow[] {
    if (c.impossible || this.byId.size === 0) return [];
    const rows = this.sortedRows();
    const allowed = this.allowedByRarestWord(c, rows);
    const sets = DIMENSIONS.flatMap((d) => {
      const set = c.sets[d];
      return set === null ? [] : [{ valueOf: VALUE_OF[d], set }];
    });
    const out: IndexedRow[] = [];
    for (let i = 0; i < rows.length; i++) {
      if (allowed !== null && allowed[i] === 0) continue;
      const row = (rows[i] as DeltaRow).row;
      if (matchesRow(c, sets, row, feeLinked)) out.push(row);
    }
    return out;
  }

  /**
   * Places of the rows the query's rarest word allows: those holding a word that starts with a
   * piece, or, for a plain run of digits, also those whose amount it matches. Null for a query
   * without words.
   */
  private allowedByRarestWord(c: CompiledQuery, rows: readonly DeltaRow[]): Uint8Array | null {
    let best: { groups: Set<DeltaRow>[]; range: AbsRange | null } | null = null;
    let bestSize = Infinity;
    const words = [...c.pieces.map((p) => ({ prefix: p, range: null })), ...c.amountOrWords];
    for (const { prefix, range } of words) {
      const groups = this.prefixRange(prefix).map((w) => this.rowsOfWord.get(w) as Set<DeltaRow>);
      // A digits word lets in rows by amount too: count those as all, so a piece is preferred.
      const size = range === null ? groups.reduce((n, g) => n + g.size, 0) : rows.length;
      if (size < bestSize) [best, bestSize] = [{ groups, range }, size];
    }
    if (best === null) return null;
    const allowed = new Uint8Array(rows.length);
    for (const group of best.groups) for (const d of group) allowed[d.place] = 1;
    const range = best.range;
    if (range !== null) rows.forEach((d, i) => (allowed[i] ||= inAbsRange(range, d.row.amountCents) ? 1 : 0));
    return allowed;
  }

  /** The delta's words that start with `piece` (a contiguous range of the sorted words). */
  private prefixRange(piece: string): string[] {
    const words = (this.words ??= [...this.rowsOfWord.keys()].sort());
    const first = (past: boolean) => {
      let lo = 0;
      let hi = words.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const w = words[mid] as string;
        if (w < piece || (past && w.startsWith(piece))) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return words.slice(first(false), first(true));
  }

  approxBytes(): number {
    let bytes = 0;
    for (const { row } of this.byId.values()) {
      bytes += 200 + 2 * row.id.length;
      for (const w of row.words) bytes += 60 + 2 * w.length;
    }
    return bytes;
  }
}

function matchesRow(
  c: CompiledQuery,
  sets: readonly { valueOf: (row: IndexedRow) => string | undefined; set: ReadonlySet<string> }[],
  row: IndexedRow,
  feeLinked: (id: string) => boolean,
): boolean {
  if (row.dateMs < c.fromMs || row.dateMs > c.toMs) return false;
  const a = row.amountCents;
  if (a < c.minCents || a > c.maxCents) return false;
  if (c.amount !== null && (!inAbsRange(c.amount, a) || (c.negative && !(a < 0)))) return false;
  if (c.hasFee !== null && (row.hasFee || feeLinked(row.id)) !== c.hasFee) return false;
  for (const { valueOf, set } of sets) {
    const v = valueOf(row);
    if (v === undefined || !set.has(v)) return false;
  }
  for (const p of c.pieces) if (!hasWordStartingWith(row.words, p)) return false;
  for (const t of c.amountOrWords)
    if (!inAbsRange(t.range, a) && !hasWordStartingWith(row.words, t.prefix)) return false;
  return true;
}

function hasWordStartingWith(words: readonly string[], prefix: string): boolean {
  for (const w of words) if (w.startsWith(prefix)) return true;
  return false;
}

/**
 * The answers the worker keeps so that later pages of them can be read (page(queryId, …)), the
 * last `capacity` of them. Each answer holds the index it was computed on, and an index that
 * was replaced (its delta folded in, rebuilt) is all garbage otherwise: at a million rows an index
 * is ~210 MB, and the sixteen answers given during a backfill held older generations alive
 * (bench:typing at 1M: the search worker held 451 MB of array buffers while searching after the
 * sync; 231 MB once answers let go). So when the index is replaced, each answer lets go of the
 * old one and keeps only its query, run again on the current index when it is next read: a fold
 * answers the same rows, and rows a sync added meanwhile are what the screen asks for anyway. One
 * answer keeps its index: the one read last, as an export or a scrolled list reads it page after
 * page, so that it goes on reading the rows it started with.
 */
export interface Answerable<Q, R> {
  query(q: Q): R;
}

interface Kept<I, Q, R> {
  q: Q;
  /** The index and result it was computed on; null once that index was replaced (run again on read). */
  on: { index: I; result: R } | null;
}

export class AnswerCache<I extends Answerable<Q, R>, Q, R> {
  private readonly kept = new Map<number, Kept<I, Q, R>>();
  private next = 1;
  private readLast: number | null = null;

  constructor(private readonly capacity: number) {}

  /** Keeps `result` (the answer to `q` on `index`); its id. */
  add(index: I, q: Q, result: R): number {
    const id = this.next++;
    this.kept.set(id, { q, on: { index, result } });
    if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value as number);
    return id;
  }

  /**
   * The answer `id` and the index it belongs to, to read from; run again on `current` when its own
   * index was replaced. Null when it was forgotten (too many answers since) or there is no index.
   */
  read(id: number, current: I | null): { index: I; result: R } | null {
    const kept = this.kept.get(id);
    if (!kept) return null;
    this.readLast = id;
    if (!kept.on) {
      if (!current) return null;
      kept.on = { index: current, result: current.query(kept.q) };
    }
    return kept.on;
  }

  /** The index became `current`: every answer on another index lets go of it, but the one read last. */
  replaced(current: I | null): void {
    for (const [id, kept] of this.kept)
      if (kept.on && kept.on.index !== current && id !== this.readLast) kept.on = null;
  }

  /** How many distinct indexes the answers hold (1 in the steady state: the current one). */
  indexesHeld(): number {
    return new Set([...this.kept.values()].flatMap((k) => (k.on ? [k.on.index] : []))).size;
  }

  clear(): void {
    this.kept.clear();
    this.readLast = null;
  }
}

/**
 * Rows sorted ascending by (dateMs, seq), stored as parallel arrays of plain numbers (date, seq,
 * amount) so scans and binary searches read memory in order instead of chasing one object per
 * row. The store keeps one list of all rows and one per indexed value (a card, a status, ...).
 *
 * A list can also answer "is row `seq` in me?" in O(1) through a bitset, built the first time a
 * query asks and kept up to date afterwards; that is how a query walking one list checks the
 * other equality filters without touching the rows themselves.
 */
export class PostingList {
  readonly dates: number[] = [];
  readonly seqs: number[] = [];
  readonly amounts: number[] = [];
  /** Sum of the positive amounts (cents). */
  totalIn = 0;
  /** Sum of the negative amounts (cents, so zero or negative: money out is negative, as in amountCents). */
  totalOut = 0;
  private bits: Uint32Array | undefined;

  get size(): number {
    return this.seqs.length;
  }

  /** Index of the first row not before (dateMs, seq); rows [0, result) sort strictly before it. */
  lowerBound(dateMs: number, seq: number): number {
    const dates = this.dates;
    const seqs = this.seqs;
    let lo = 0;
    let hi = dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const d = dates[mid] as number;
      if (d < dateMs || (d === dateMs && (seqs[mid] as number) < seq)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Adds a row at its place; O(1) for the usual case of a row newer than every other. */
  add(dateMs: number, seq: number, amountCents: number): void {
    const n = this.dates.length;
    const lastDate = this.dates[n - 1];
    if (lastDate === undefined || lastDate < dateMs || (lastDate === dateMs && (this.seqs[n - 1] as number) < seq)) {
      this.append(dateMs, seq, amountCents);
      return;
    }
    const at = this.lowerBound(dateMs, seq);
    this.dates.splice(at, 0, dateMs);
    this.seqs.splice(at, 0, seq);
    this.amounts.splice(at, 0, amountCents);
    this.count(amountCents, 1);
    this.setBit(seq, true);
  }

  /** Appends a row known to sort after every row already here (bulk loading). */
  append(dateMs: number, seq: number, amountCents: number): void {
    this.dates.push(dateMs);
    this.seqs.push(seq);
    this.amounts.push(amountCents);
    this.count(amountCents, 1);
    this.setBit(seq, true);
  }

  /** Removes the row placed under (dateMs, seq). */
  remove(dateMs: number, seq: number): void {
    const at = this.indexOf(dateMs, seq);
    this.count(this.amounts[at] as number, -1);
    this.dates.splice(at, 1);
    this.seqs.splice(at, 1);
    this.amounts.splice(at, 1);
    this.setBit(seq, false);
  }

  /** Changes the amount of a row that stays in place. */
  reamount(dateMs: number, seq: number, amountCents: number): void {
    const at = this.indexOf(dateMs, seq);
    this.count(this.amounts[at] as number, -1);
    this.amounts[at] = amountCents;
    this.count(amountCents, 1);
  }

  /** Whether row `seq` is in this list. Call `index()` first. */
  has(seq: number): boolean {
    const bits = this.bits as Uint32Array;
    const word = seq >>> 5;
    return word < bits.length && ((bits[word] as number) & (1 << (seq & 31))) !== 0;
  }

  /** Builds the membership bitset if it does not exist yet (O(size) once). */
  index(): void {
    if (this.bits) return;
    let max = 0;
    for (const s of this.seqs) if (s > max) max = s;
    this.bits = new Uint32Array((max >>> 5) + 1);
    for (const s of this.seqs) this.setBit(s, true);
  }

  private indexOf(dateMs: number, seq: number): number {
    const at = this.lowerBound(dateMs, seq);
    if (this.seqs[at] !== seq || this.dates[at] !== dateMs)
      throw new Error(`transaction index out of step for row ${seq}`);
    return at;
  }

  private setBit(seq: number, on: boolean): void {
    let bits = this.bits;
    if (!bits) return;
    const word = seq >>> 5;
    if (word >= bits.length) {
      if (!on) return;
      const grown = new Uint32Array(Math.max(word + 1, bits.length * 2));
      grown.set(bits);
      this.bits = bits = grown;
    }
    const mask = 1 << (seq & 31);
    bits[word] = on ? (bits[word] as number) | mask : (bits[word] as number) & ~mask;
  }

  private count(amountCents: number, sign: 1 | -1): void {
    if (amountCents >= 0) this.totalIn += sign * amountCents;
    else this.totalOut += sign * amountCents;
  }
}

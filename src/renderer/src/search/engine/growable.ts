type Typed = Float64Array | Uint32Array | Uint8Array;

/** A typed array that doubles as it fills (columns while the number of rows is unknown). */
export class Growable<T extends Typed> {
  private data: T;
  length = 0;

  constructor(
    private readonly make: (capacity: number) => T,
    capacity = 1024,
  ) {
    this.data = make(capacity);
  }

  push(v: number): void {
    if (this.length === this.data.length) this.reserve(1);
    this.data[this.length++] = v;
  }

  /** Makes room for `n` more; `raw()` may change. */
  reserve(n: number): void {
    if (this.length + n <= this.data.length) return;
    let capacity = this.data.length * 2;
    while (capacity < this.length + n) capacity *= 2;
    const next = this.make(capacity);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }

  /** The backing array (longer than `length`), for writes after reserve(). */
  raw(): T {
    return this.data;
  }

  at(i: number): number {
    return this.data[i] as number;
  }

  /** The filled part (a view: pushes after this are not seen). */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

const CHUNK_BITS = 20;
const CHUNK = 1 << CHUNK_BITS;

/**
 * A long list of 32-bit numbers in 4 MB chunks: the term of every word of every row while
 * building (about 18 per row), without the double-size copies of a doubling array.
 */
export class ChunkedU32 {
  private readonly chunks: Uint32Array[] = [];
  length = 0;

  push(v: number): void {
    const c = this.length >>> CHUNK_BITS;
    if (c === this.chunks.length) this.chunks.push(new Uint32Array(CHUNK));
    (this.chunks[c] as Uint32Array)[this.length & (CHUNK - 1)] = v;
    this.length++;
  }

  at(i: number): number {
    return (this.chunks[i >>> CHUNK_BITS] as Uint32Array)[i & (CHUNK - 1)] as number;
  }

  get byteLength(): number {
    return this.chunks.length * CHUNK * 4;
  }
}

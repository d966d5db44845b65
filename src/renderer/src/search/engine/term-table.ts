import { Growable } from './growable';
import { encodeUtf8 } from './utf8';

const u8 = (n: number) => new Uint8Array(n);
const u32 = (n: number) => new Uint32Array(n);

/**
 * The distinct words of a build, numbered in order of first sight, kept as UTF-8 bytes in an
 * open-addressing hash table. A build looks up about 18 million words; a Map of two million
 * strings costs three or more cache misses a lookup and leaves two million strings for the
 * collector to walk. Here a slot holds the term and its hash side by side, so a probe is one
 * miss and the bytes are read only when the hashes agree. Equal bytes are the same term, so words
 * differing only by lone surrogates (both encoded as U+FFFD) share one.
 */
export class TermTable {
  readonly offsets = new Growable(u32);
  readonly bytes = new Growable(u8, 1 << 16);
  /** Per term: how many rows hold it, and the row (+1) that last counted it, side by side. */
  private tally = new Growable(u32);
  /** Per slot: term + 1 (0 when empty), then the term's hash. */
  private slots = new Uint32Array(2048);
  private used = 0;
  private scratch = new Uint8Array(64);

  constructor() {
    this.offsets.push(0);
  }

  get size(): number {
    return this.used;
  }

  /**
   * How many rows hold each term. Ends the collecting: the lookup structures (a third of the
   * table's memory) are let go, since the build's peak comes right after.
   */
  close(): Uint32Array {
    const counts = new Uint32Array(this.used);
    const tally = this.tally.raw();
    for (let t = 0; t < this.used; t++) counts[t] = tally[2 * t] as number;
    this.tally = new Growable(u32, 2);
    this.slots = new Uint32Array(2);
    return counts;
  }

  /**
   * The term number of `word`, added when new; -1 when row `row` already listed it. Rows must
   * come in increasing order.
   */
  termOf(word: string, row: number): number {
    if (word.length * 3 > this.scratch.length) this.scratch = new Uint8Array(word.length * 3);
    const key = this.scratch;
    let length = word.length;
    let h = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      if (c > 0x7f) {
        length = this.loadEncoded(word);
        h = 0x811c9dc5;
        for (let j = 0; j < length; j++) h = Math.imul(h ^ (key[j] as number), 0x01000193);
        break;
      }
      key[i] = c;
      h = Math.imul(h ^ c, 0x01000193);
    }
    return this.place(h, length, row);
  }

  /**
   * The terms of an ASCII text's words (text.ts: lower-cased, split on all but a-z and 0-9),
   * each pushed once per row into `into`: what wordsOf() and termOf() give, read straight from
   * the text, with no string made for a word (a rebuild reads some 18 million). False, with
   * nothing done, for a text that is not ASCII (its words need Unicode folding: the caller's).
   */
  termsOfAscii(text: string, row: number, into: { push(t: number): void }): boolean {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
    if (text.length > this.scratch.length) this.scratch = new Uint8Array(text.length * 2);
    const key = this.scratch;
    let length = 0;
    let h = 0x811c9dc5;
    for (let i = 0; i <= text.length; i++) {
      let c = i < text.length ? text.charCodeAt(i) : 0;
      if (c >= 0x41 && c <= 0x5a) c += 0x20;
      if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
        key[length++] = c;
        h = Math.imul(h ^ c, 0x01000193);
      } else if (length > 0) {
        const t = this.place(h, length, row);
        if (t >= 0) into.push(t);
        length = 0;
        h = 0x811c9dc5;
      }
    }
    return true;
  }

  /** The term of the `length` bytes in the scratch key, FNV-1a hash `h` before its final mix. */
  private place(h: number, length: number, row: number): number {
    const key = this.scratch;
    // The final mix of id-table.ts (hashBytes), written out: an imported call here runs 18 million times.
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h >>>= 0;
    const slots = this.slots;
    const mask = (slots.length >>> 1) - 1;
    let s = h & mask;
    for (;;) {
      const held = slots[2 * s] as number;
      if (held === 0) break;
      if (slots[2 * s + 1] === h && this.holds(held - 1, key, length)) return this.count(held - 1, row);
      s = (s + 1) & mask;
    }
    const t = this.used++;
    this.bytes.reserve(length);
    this.bytes.raw().set(key.subarray(0, length), this.bytes.length);
    this.bytes.length += length;
    this.offsets.push(this.bytes.length);
    this.tally.push(0);
    this.tally.push(0);
    slots[2 * s] = t + 1;
    slots[2 * s + 1] = h;
    if (this.used * 4 > slots.length) this.grow();
    return this.count(t, row);
  }

  private holds(t: number, key: Uint8Array, length: number): boolean {
    const offsets = this.offsets.raw();
    const start = offsets[t] as number;
    if ((offsets[t + 1] as number) - start !== length) return false;
    const bytes = this.bytes.raw();
    for (let i = 0; i < length; i++) if (bytes[start + i] !== key[i]) return false;
    return true;
  }

  private count(t: number, row: number): number {
    const tally = this.tally.raw();
    if (tally[2 * t + 1] === row + 1) return -1;
    tally[2 * t + 1] = row + 1;
    tally[2 * t] = (tally[2 * t] as number) + 1;
    return t;
  }

  private loadEncoded(word: string): number {
    const encoded = encodeUtf8(word);
    this.scratch.set(encoded);
    return encoded.length;
  }

  /** Doubles the table (kept at most half full). */
  private grow(): void {
    const old = this.slots;
    const slots = new Uint32Array(old.length * 2);
    const mask = (slots.length >>> 1) - 1;
    for (let o = 0; o < old.length; o += 2) {
      if (old[o] === 0) continue;
      let s = (old[o + 1] as number) & mask;
      while (slots[2 * s] !== 0) s = (s + 1) & mask;
      slots[2 * s] = old[o] as number;
      slots[2 * s + 1] = old[o + 1] as number;
    }
    this.slots = slots;
  }
}

import { sameBytes } from './utf8';
import type { Strings } from './layout';

/**
 * Finds a row by id without a million-entry Map: an open-addressing hash table of row numbers
 * over the id bytes the index keeps anyway, at most half full. A slot holds the row and the id's
 * hash side by side, so a probe reads an id's bytes only when the hashes agree (comparing bytes
 * of other rows costs cache misses: that made building the table four times slower).
 */
export class IdTable {
  private constructor(
    private readonly ids: Strings,
    /** Per slot: row number + 1 (0 when empty), then the id's hash. */
    private readonly slots: Uint32Array,
  ) {}

  /**
   * Indexes ids[0..count). When an id repeats, the later row wins and `onRepeat(earlier, later)`
   * is told (build keeps the last version; a loaded index treats it as damage).
   */
  static build(ids: Strings, count: number, onRepeat: (earlier: number, later: number) => void): IdTable {
    let size = 16;
    while (size < count * 2) size *= 2;
    const slots = new Uint32Array(size * 2);
    const mask = size - 1;
    const { offsets, bytes } = ids;
    for (let row = 0; row < count; row++) {
      const start = offsets[row] as number;
      const end = offsets[row + 1] as number;
      const h = hashBytes(bytes, start, end);
      let s = h & mask;
      for (;;) {
        const held = slots[2 * s] as number;
        if (held === 0) {
          slots[2 * s] = row + 1;
          slots[2 * s + 1] = h;
          break;
        }
        if (slots[2 * s + 1] === h && sameBytes(bytes, offsets[held - 1] as number, offsets[held] as number, bytes, start, end)) {
          onRepeat(held - 1, row);
          slots[2 * s] = row + 1;
          break;
        }
        s = (s + 1) & mask;
      }
    }
    return new IdTable(ids, slots);
  }

  /**
   * The same table for the same ids renumbered: `ids` holds them in the new order and row r is
   * now rowTo[r]. Slots depend on the bytes only, so they stay where they are.
   */
  renumbered(ids: Strings, rowTo: Uint32Array): IdTable {
    const slots = this.slots.slice();
    for (let s = 0; s < slots.length; s += 2) {
      const held = slots[s] as number;
      if (held !== 0) slots[s] = (rowTo[held - 1] as number) + 1;
    }
    return new IdTable(ids, slots);
  }

  /** The row holding this id (UTF-8), or -1. */
  find(key: Uint8Array): number {
    const { offsets, bytes } = this.ids;
    const slots = this.slots;
    const mask = (slots.length >>> 1) - 1;
    const h = hashBytes(key, 0, key.length);
    let s = h & mask;
    for (;;) {
      const held = slots[2 * s] as number;
      if (held === 0) return -1;
      if (slots[2 * s + 1] === h && sameBytes(bytes, offsets[held - 1] as number, offsets[held] as number, key, 0, key.length)) return held - 1;
      s = (s + 1) & mask;
    }
  }

  get byteLength(): number {
    return this.slots.byteLength;
  }
}

/** FNV-1a with a final mix, so ids that differ only in their last characters spread out. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return mixHash(h);
}

export function mixHash(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

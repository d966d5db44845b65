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
        if (
          slots[2 * s + 1] === h &&
          sameBytes(bytes, offsets[held - 1] as number, offsets[held] as number, bytes, start, end)
        ) {
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

  /**
   * The table of a compacted base made from this one without hashing the kept ids again: kept
   * rows' slots renumbered (rowTo: old row to new row, -1 when dead), then each added row (its id
   * in `added`, its new row in addedTo) put where its id was, its old row being dead, or in a free
   * slot. Null when the table would be over half full, or dead rows and added ids do not pair up.
   */
  merged(
    ids: Strings,
    rowTo: Int32Array,
    added: Strings,
    addedRows: Uint32Array,
    addedTo: Uint32Array,
  ): IdTable | null {
    const size = this.slots.length >>> 1;
    if ((ids.offsets.length - 1) * 2 > size) return null;
    const DEAD = 0xffffffff;
    const slots = this.slots.slice();
    for (let s = 0; s < slots.length; s += 2) {
      const held = slots[s] as number;
      if (held !== 0) slots[s] = (rowTo[held - 1] as number) < 0 ? DEAD : (rowTo[held - 1] as number) + 1;
    }
    const fresh: number[] = [];
    for (let j = 0; j < addedRows.length; j++) {
      const r = addedRows[j] as number;
      const key = added.bytes.subarray(added.offsets[r] as number, added.offsets[r + 1] as number);
      const s = this.slotOf(key);
      if (s < 0) fresh.push(j);
      else if (slots[2 * s] === DEAD) slots[2 * s] = (addedTo[j] as number) + 1;
      else return null;
    }
    for (let s = 0; s < slots.length; s += 2) if (slots[s] === DEAD) return null;
    const table = new IdTable(ids, slots);
    for (const j of fresh) {
      const r = addedRows[j] as number;
      table.insert(
        added.bytes.subarray(added.offsets[r] as number, added.offsets[r + 1] as number),
        (addedTo[j] as number) + 1,
      );
    }
    return table;
  }

  private slotOf(key: Uint8Array): number {
    const { offsets, bytes } = this.ids;
    const slots = this.slots;
    const mask = (slots.length >>> 1) - 1;
    const h = hashBytes(key, 0, key.length);
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const held = slots[2 * s] as number;
      if (held === 0) return -1;
      if (
        slots[2 * s + 1] === h &&
        sameBytes(bytes, offsets[held - 1] as number, offsets[held] as number, key, 0, key.length)
      )
        return s;
    }
  }

  /** Puts a key known to be absent in a free slot. */
  private insert(key: Uint8Array, value: number): void {
    const slots = this.slots;
    const mask = (slots.length >>> 1) - 1;
    const h = hashBytes(key, 0, key.length);
    let s = h & mask;
    while (slots[2 * s] !== 0) s = (s + 1) & mask;
    slots[2 * s] = value;
    slots[2 * s + 1] = h;
  }

  /** The row holding this id (UTF-8), or -1. */
  find(key: Uint8Array): number {
    const s = this.slotOf(key);
    return s < 0 ? -1 : (this.slots[2 * s] as number) - 1;
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

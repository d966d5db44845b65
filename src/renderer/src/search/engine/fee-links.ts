import type { BaseIndex } from './base-index';
import { PositionLists } from './derived';

/**
 * Which rows a fee row names as what it was charged for (`feeFor`), so that "with a fee" holds
 * for an outgoing wire whose fee is a transaction of its own (query.ts). The link is resolved
 * here, in the index, at build and upsert time, because either side may arrive first: the fee
 * in one sync page and the wire in the next, or the wire again (settled) long after its fee.
 * Counted, not just remembered, so that a new version of a fee naming something else (or
 * nothing) unlinks what it named before, exactly as the reference recomputes it from the rows.
 */
export class FeeLinks {
  /** Fee row id -> the id it names. */
  private readonly named = new Map<string, string>();
  /** Id -> how many live rows name it. */
  private readonly namers = new Map<string, number>();

  /** From a saved list: fee row id, the id it names, fee row id, ... */
  static fromPairs(pairs: readonly string[]): FeeLinks {
    const links = new FeeLinks();
    for (let i = 0; i + 1 < pairs.length; i += 2) links.put(pairs[i] as string, pairs[i + 1] as string);
    return links;
  }

  pairs(): string[] {
    const out: string[] = [];
    for (const [fee, target] of this.named) out.push(fee, target);
    return out;
  }

  clone(): FeeLinks {
    return FeeLinks.fromPairs(this.pairs());
  }

  /** Records the newest version of a row; true when that changed which ids are named. */
  put(rowId: string, feeFor: string | undefined): boolean {
    const before = this.named.get(rowId);
    if (before === feeFor) return false;
    if (before !== undefined) {
      const left = (this.namers.get(before) ?? 1) - 1;
      if (left === 0) this.namers.delete(before);
      else this.namers.set(before, left);
      this.named.delete(rowId);
    }
    if (feeFor !== undefined) {
      this.named.set(rowId, feeFor);
      this.namers.set(feeFor, (this.namers.get(feeFor) ?? 0) + 1);
    }
    return true;
  }

  has(id: string): boolean {
    return this.namers.has(id);
  }

  /** The fee rows that name `id` (a wire's fee charged as a row of its own). */
  feesOf(id: string): string[] {
    if (!this.namers.has(id)) return [];
    const fees: string[] = [];
    for (const [fee, target] of this.named) if (target === id) fees.push(fee);
    return fees;
  }

  /** Every id some row names. */
  ids(): IterableIterator<string> {
    return this.namers.keys();
  }
}

/** The "with a fee" flag of each base position, with the rows per flag for the index drivers. */
export interface FeeColumn {
  flags: Uint8Array;
  lists(): PositionLists;
}

/**
 * The base's own flags (the row carries a fee) with the rows the links name set as well. The
 * base's column is shared when no link names a base row without a fee of its own; otherwise a
 * copy (a byte a row) is made, so the base itself never changes (its buffers may be saved or
 * shared with another instance). Made on first use: finding the named rows needs the base's id
 * table, which a freshly loaded index builds only when asked (0.7 s a million rows), and only a
 * query about fees needs the flags.
 */
export function feeColumnOf(base: BaseIndex, links: FeeLinks): FeeColumn {
  let made: { flags: Uint8Array; lists: () => PositionLists } | null = null;
  const make = () => {
    let flags = base.rows.hasFee;
    let copied = false;
    for (const id of links.ids()) {
      const p = base.find(id);
      if (p < 0 || flags[p] === 1) continue;
      if (!copied) flags = flags.slice();
      copied = true;
      flags[p] = 1;
    }
    if (!copied) return { flags, lists: () => base.derived.lists('hasFee', 1) };
    let lists: PositionLists | null = null;
    return { flags, lists: () => (lists ??= PositionLists.of(flags, 1)) };
  };
  return {
    get flags() {
      return (made ??= make()).flags;
    },
    lists: () => (made ??= make()).lists(),
  };
}

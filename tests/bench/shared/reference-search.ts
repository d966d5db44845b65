import type { Transaction } from '../../../src/shared/service';

/**
 * The benchmarks' own answer to a search typed in the Transactions box, computed from the
 * sandbox's transactions by code written apart from the app's (it imports nothing of
 * src/renderer), from the rules docs/features/transactions.md and the search model's comments state:
 *
 * - a row's text is its description, merchant description (and the older merchantDescription),
 *   memo, merchant city, state, country and zip, its card's last four digits and name, and the ids
 *   it carries (id, card, account, virtual account, order, reference number); folded (Unicode
 *   compatibility decomposition, marks dropped, lower case) and cut into runs of a-z and 0-9;
 * - the typed text is cut at white space; every part must match: an amount as people type it
 *   (optional minus and dollar sign, digits with optional thousands commas, an optional point and
 *   up to two decimals) matches a row whose absolute amount written `1234.50` begins with those
 *   digits, either at a point or followed by one there, and a minus needs money out; a part of
 *   plain digits may also match as a word; any other part is folded and cut the same way, and
 *   each piece must begin some word of the row (a part with no piece is ignored);
 * - the result is ordered by date, newest first, then by id, the greater first; its count and
 *   its money in and out are over every matching row.
 */

export interface ReferenceAnswer {
  count: number;
  inCents: number;
  outCents: number;
  /** The ids of the first rows, in order. */
  firstIds: string[];
}

export type CardNames = (cardId: string) => { last4?: string; name?: string } | undefined;

interface Row {
  id: string;
  /** ' word word …': a piece begins a word exactly when ' ' + piece occurs. */
  words: string;
  dollars: string;
  cents: number;
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const pieces = (text: string) =>
  fold(text)
    .split(/[^a-z0-9]/)
    .filter((p) => p !== '');

/** `-`? `$`? then 1-3 digits with comma groups or plain digits, then an optional `.` and 0-2 digits. */
const TYPED_AMOUNT = /^(-?)\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{0,2})?$/;

type Part = { pieces: string[] } | { digits: string; point: boolean; out: boolean; alsoWord: string | null };

function partsOf(text: string): Part[] {
  const parts: Part[] = [];
  for (const raw of text.split(/\s+/)) {
    if (raw === '') continue;
    const m = TYPED_AMOUNT.exec(raw);
    if (m) {
      parts.push({
        digits: (m[2] as string).replaceAll(',', '') + (m[3] ?? ''),
        point: m[3] !== undefined,
        out: m[1] === '-',
        alsoWord: /^\d+$/.test(raw) ? raw : null,
      });
      continue;
    }
    const p = pieces(raw);
    if (p.length > 0) parts.push({ pieces: p });
  }
  return parts;
}

function matches(row: Row, part: Part): boolean {
  if ('pieces' in part) return part.pieces.every((p) => row.words.includes(` ${p}`));
  const asAmount =
    (!part.out || row.cents < 0) &&
    row.dollars.startsWith(part.digits) &&
    (part.point || row.dollars[part.digits.length] === '.');
  return asAmount || (part.alsoWord !== null && row.words.includes(` ${part.alsoWord}`));
}

export class ReferenceSearch {
  private readonly rows: Row[];
  private readonly rankOf = new Map<string, number>();

  constructor(transactions: readonly Transaction[], cards: CardNames) {
    const sorted = [...transactions].sort(
      (a, b) => Date.parse(b.date) - Date.parse(a.date) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    this.rows = sorted.map((tx, i) => {
      this.rankOf.set(tx.id, i);
      const card = tx.cardId ? cards(tx.cardId) : undefined;
      const loc = tx.merchantData?.location;
      const fields = [
        tx.description,
        tx.merchantData?.description,
        tx.merchantDescription,
        tx.memo,
        loc?.city,
        loc?.state,
        loc?.country,
        loc?.zip,
        card?.last4,
        card?.name,
        tx.id,
        tx.cardId,
        tx.accountId,
        tx.virtualAccountId,
        tx.orderId,
        tx.referenceNumber,
      ];
      const abs = Math.abs(tx.amountCents);
      return {
        id: tx.id,
        words: ` ${fields.flatMap((f) => (typeof f === 'string' ? pieces(f) : [])).join(' ')}`,
        dollars: `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`,
        cents: tx.amountCents,
      };
    });
  }

  get size(): number {
    return this.rows.length;
  }

  /** The answer to `text`, with the ids of its first `first` rows. */
  answer(text: string, first: number): ReferenceAnswer {
    const parts = partsOf(text);
    const out: ReferenceAnswer = { count: 0, inCents: 0, outCents: 0, firstIds: [] };
    for (const row of this.rows) {
      if (!parts.every((p) => matches(row, p))) continue;
      out.count++;
      if (row.cents > 0) out.inCents += row.cents;
      else out.outCents += row.cents;
      if (out.firstIds.length < first) out.firstIds.push(row.id);
    }
    return out;
  }

  /** Where a transaction stands in the whole history, newest first (0: the newest). */
  rank(id: string): number | undefined {
    return this.rankOf.get(id);
  }

  /** The ids of the newest `n` transactions. */
  newest(n: number): string[] {
    return this.rows.slice(0, n).map((r) => r.id);
  }
}

import type { TxQuery } from '../../model/tx-query';
import { parseQueryText } from '../../model/query-text';
import { absRangeOf, type AbsRange } from './amount-range';
import { DIMENSIONS, QUERY_FIELD, type Dimension } from './dimensions';

/** A plain run of digits: an amount, or a word prefix (a zip code, an id). */
export interface AmountOrWord {
  range: AbsRange | null;
  prefix: string;
}

/** A query reduced to what the scans test, read once instead of per row. */
export interface CompiledQuery {
  /** The text was cut to the limits. */
  truncated: boolean;
  /** Nothing can match (e.g. two typed amounts that exclude each other). */
  impossible: boolean;
  /** Distinct pieces; each must start some word of the row. */
  pieces: string[];
  amountOrWords: AmountOrWord[];
  /** Typed amounts that are only amounts (they have a point, a comma, a sign or a $), intersected. */
  amount: AbsRange | null;
  /** A typed amount had a leading "-". */
  negative: boolean;
  fromMs: number;
  toMs: number;
  minCents: number;
  maxCents: number;
  /** Null: the dimension does not filter. */
  sets: Record<Dimension, ReadonlySet<string> | null>;
  hasFee: boolean | null;
}

/** A bound that is absent or not a number does not filter (query.ts). */
function bound(v: unknown, otherwise: number): number {
  return typeof v === 'number' && !Number.isNaN(v) ? v : otherwise;
}

function setOf(values: unknown): ReadonlySet<string> | null {
  if (!Array.isArray(values) || values.length === 0) return null;
  return new Set(values.filter((v): v is string => typeof v === 'string'));
}

export function compileQuery(q: TxQuery): CompiledQuery {
  const parsed = parseQueryText(typeof q.text === 'string' ? q.text : undefined);
  const pieces = new Set<string>();
  const amountOrWords: AmountOrWord[] = [];
  let amount: AbsRange | null = { lo: 0, hi: Infinity };
  let amountOnly = false;
  let negative = false;
  let impossible = false;
  for (const word of parsed.words) {
    if (word.kind === 'text') {
      for (const p of word.pieces) pieces.add(p);
    } else if (word.orWordPrefix !== undefined) {
      amountOrWords.push({ range: absRangeOf(word.amount), prefix: word.orWordPrefix });
    } else {
      amountOnly = true;
      negative ||= word.amount.negative;
      const r = absRangeOf(word.amount);
      if (r === null || amount === null) amount = null;
      else amount = { lo: Math.max(amount.lo, r.lo), hi: Math.min(amount.hi, r.hi) };
      if (amount === null || amount.lo > amount.hi) impossible = true;
    }
  }
  const sets = Object.fromEntries(DIMENSIONS.map((d) => [d, setOf(q[QUERY_FIELD[d]])])) as Record<
    Dimension,
    ReadonlySet<string> | null
  >;
  for (const d of DIMENSIONS) if (sets[d]?.size === 0) impossible = true;
  const c: CompiledQuery = {
    truncated: parsed.truncated,
    impossible,
    pieces: [...pieces],
    amountOrWords,
    amount: amountOnly ? amount : null,
    negative,
    fromMs: bound(q.fromMs, -Infinity),
    toMs: bound(q.toMs, Infinity),
    minCents: bound(q.minCents, -Infinity),
    maxCents: bound(q.maxCents, Infinity),
    sets,
    hasFee: typeof q.hasFee === 'boolean' ? q.hasFee : null,
  };
  if (c.fromMs > c.toMs || c.minCents > c.maxCents) c.impossible = true;
  return c;
}

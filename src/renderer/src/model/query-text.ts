import { MAX_QUERY_TEXT, MAX_QUERY_WORDS } from './tx-query';

/**
 * How text is matched, the same for every engine:
 *
 * Indexing: each text field of a row (see search-row.ts) is folded (Unicode NFKD, combining
 * marks removed, lower case) and split on every character that is not a-z or 0-9; the pieces
 * are the row's words. The amount is indexed apart as its absolute value in dollars with two
 * decimals ("1200.00", "42.5" never), and whether it is negative.
 *
 * Querying: the text is cut to MAX_QUERY_TEXT characters and split on white space into at most
 * MAX_QUERY_WORDS words; each must match the row:
 * - an amount as people type it (`42.50`, `-1,200`, `1200`, `$1,200.5`): digits with optional
 *   thousands commas, an optional `.` and up to two decimals, an optional leading `-` and `$`.
 *   It matches when the row's dollar string starts with the typed number (commas removed) and
 *   the typed number either has a `.` or is followed by `.` in the row (so `1200` finds
 *   $1,200.xx, not $12,000); a leading `-` also requires a negative amount. A plain run of
 *   digits (`1200`) also matches like any other word, as a word prefix (zip codes, ids).
 * - any other word is folded and split like row text into pieces; every piece must be the
 *   prefix of some word of the row. A word with no pieces (only punctuation) is ignored.
 */

export function fold(text: string): string {
  // ASCII has nothing to decompose and no marks: the common case skips normalize(), the costly step of a rebuild.
  if (isAscii(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** The words of a piece of row text (may repeat; callers dedupe). */
export function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** "1200.00" for 120000 or -120000 cents. */
export function dollarsOf(amountCents: number): string {
  const abs = Math.abs(amountCents);
  const cents = abs % 100;
  return `${(abs - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
}

const AMOUNT = /^(-)?\$?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{0,2})?)$/;

export interface AmountTerm {
  /** The typed number, commas removed, e.g. "1200" or "42.5". */
  digits: string;
  /** Whether it has a decimal point (then it matches from there on). */
  hasPoint: boolean;
  negative: boolean;
}

export type QueryWord =
  /** Pieces that must each prefix-match a word of the row. */
  | { kind: 'text'; pieces: string[] }
  /** An amount; `orWordPrefix` is set when a plain run of digits may also match a word. */
  | { kind: 'amount'; amount: AmountTerm; orWordPrefix?: string };

export interface ParsedText {
  words: QueryWord[];
  /** True when the text was cut to the limits (the screen says so). */
  truncated: boolean;
}

export function parseQueryText(raw: string | undefined): ParsedText {
  if (!raw) return { words: [], truncated: false };
  let truncated = raw.length > MAX_QUERY_TEXT;
  const parts = raw
    .slice(0, MAX_QUERY_TEXT)
    .split(/\s+/)
    .filter((p) => p.length > 0);
  if (parts.length > MAX_QUERY_WORDS) truncated = true;
  const words: QueryWord[] = [];
  for (const part of parts.slice(0, MAX_QUERY_WORDS)) {
    const m = AMOUNT.exec(part);
    if (m) {
      const digits = (m[2] as string).replace(/,/g, '');
      const amount: AmountTerm = { digits, hasPoint: digits.includes('.'), negative: m[1] === '-' };
      words.push(/^\d+$/.test(part) ? { kind: 'amount', amount, orWordPrefix: part } : { kind: 'amount', amount });
      continue;
    }
    const pieces = wordsOf(part);
    if (pieces.length > 0) words.push({ kind: 'text', pieces });
  }
  return { words, truncated };
}

/** Whether an amount (cents) matches a typed amount, by the rule above. */
export function amountMatches(term: AmountTerm, amountCents: number): boolean {
  if (term.negative && amountCents >= 0) return false;
  const dollars = dollarsOf(amountCents);
  if (!dollars.startsWith(term.digits)) return false;
  return term.hasPoint || dollars.charAt(term.digits.length) === '.';
}

import { dollarsOf, type AmountTerm } from '../../../../src/renderer/src/model/query-text';

/**
 * Typed amounts (text.ts) in the two shapes the peers can search: as tokens a text library
 * prefix-matches, and as a range of cents SQL can compare.
 */

/** The amount tokens of a row: "1200.00", and "-1200.00" too when it is money out. */
export function amountTokens(amountCents: number): string[] {
  const dollars = dollarsOf(amountCents);
  return amountCents < 0 ? [dollars, `-${dollars}`] : [dollars];
}

/**
 * The token prefix a typed amount matches: "1200" must be followed by a point, so it looks for
 * "1200."; "42.5" looks for itself; a leading minus looks among the "-" tokens only.
 */
export function amountPrefix(term: AmountTerm): string {
  return `${term.negative ? '-' : ''}${term.digits}${term.hasPoint ? '' : '.'}`;
}

/**
 * The absolute cents a typed amount matches, inclusive, or undefined when none can: the integer
 * part must be the dollars exactly and the typed decimals the first digits of the cents.
 */
export function absoluteCentsRange(term: AmountTerm): { lo: number; hi: number } | undefined {
  const [whole = '', decimals = ''] = term.digits.split('.');
  // Dollars are written without leading zeros, so "012" is never the start of one.
  if (whole.length === 0 || (whole.length > 1 && whole.startsWith('0'))) return undefined;
  const base = Number(whole) * 100;
  if (decimals.length === 0) return { lo: base, hi: base + 99 };
  if (decimals.length === 1) return { lo: base + Number(decimals) * 10, hi: base + Number(decimals) * 10 + 9 };
  return { lo: base + Number(decimals), hi: base + Number(decimals) };
}

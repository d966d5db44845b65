import type { AmountTerm } from '../../model/query-text';

/** Absolute amounts in cents, both ends inclusive. */
export interface AbsRange {
  lo: number;
  hi: number;
}

/** Dollars of the largest safe amount: no row has more. */
const MAX_DOLLARS = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/**
 * The absolute amounts a typed amount matches (text.ts, amountMatches), as one range of cents,
 * or null when it matches none. Why one range is exact:
 *
 * dollarsOf(a) is W "." C1 C2, where W is |a| div 100 written without leading zeros ("0" for
 * zero) and C1 C2 are the two digits of |a| mod 100. The typed digits are D, or D "." F with F
 * of 0 to 2 digits, and must start the dollar string.
 * - D alone must also be followed by "." in it, so D = W: |a| in [100 D, 100 D + 99].
 * - D "." F: D followed by "." starts W "." exactly when D = W, then F must start C1 C2:
 *   F empty: [100 D, 100 D + 99]; F = f: [100 D + 10 f, 100 D + 10 f + 9]; F = fg: 100 D + fg.
 * D = W is impossible when D has a leading zero (other than "0" itself) or is more dollars than
 * any safe amount; otherwise D is at most 15 digits, so every bound is an exact integer.
 * A leading "-" further needs a negative amount; the caller checks the sign.
 */
export function absRangeOf(term: AmountTerm): AbsRange | null {
  const point = term.digits.indexOf('.');
  const whole = point < 0 ? term.digits : term.digits.slice(0, point);
  const fraction = point < 0 ? '' : term.digits.slice(point + 1);
  if (whole.length > 1 && whole.startsWith('0')) return null;
  const dollars = Number(whole);
  if (!(dollars <= MAX_DOLLARS)) return null;
  const cents = dollars * 100;
  if (fraction.length === 0) return { lo: cents, hi: cents + 99 };
  if (fraction.length === 1) return { lo: cents + Number(fraction) * 10, hi: cents + Number(fraction) * 10 + 9 };
  return { lo: cents + Number(fraction), hi: cents + Number(fraction) };
}

export function inAbsRange(range: AbsRange | null, amountCents: number): boolean {
  if (range === null) return false;
  const abs = amountCents < 0 ? -amountCents : amountCents;
  return abs >= range.lo && abs <= range.hi;
}

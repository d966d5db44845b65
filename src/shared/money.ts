/**
 * Money is integer cents everywhere. These helpers turn what a person types into cents and
 * cents into text without ever going through a floating-point amount.
 */

export type Cents = number;

const AMOUNT_PATTERN = /^(-)?(\d{1,14})(?:\.(\d{1,2}))?$/;

/** Parses "1,234.5", "-12", "0.07" into cents; returns null for anything that is not an amount. */
export function parseCents(text: string): Cents | null {
  const cleaned = text.trim().replace(/[\s,$]/g, '');
  const match = AMOUNT_PATTERN.exec(cleaned);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return minus ? -cents : cents;
}

/** Formats cents as "-1,234.56" (no currency sign: the caller decides how to show the currency). */
export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const negative = cents < 0;
  const abs = negative ? -cents : cents;
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction}`;
}

/** "-$1,234.56" / "$12.00": a sign, a dollar sign, grouping; from integer cents only. */
export function formatUsd(cents: Cents): string {
  const text = formatCents(cents);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Adds cents, refusing results that would lose precision. */
export function addCents(a: Cents, b: Cents): Cents {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw new RangeError('amount out of range');
  return sum;
}

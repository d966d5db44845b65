/** Text the screens show, written here apart from the app's own formatters. */

/** `text` matched literally inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * "$1,234.56" (and "$-1,234.56"): cents as the screens write them after a dollar sign, grouped by
 * thousands, the sign before the digits.
 */
export function dollars(cents: number): string {
  const abs = Math.abs(cents);
  return `$${cents < 0 ? '-' : ''}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$1,234.56" (and "-$1,234.56"): cents as Intl's en-US currency format writes them (the Dashboard, the tables, the queue's balances). */
export function usd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A count as the screens write it: "1,234". */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

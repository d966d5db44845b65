/**
 * One CSV cell, for every export (transactions, the outbox's audit log): RFC 4180 quoting, and
 * the OWASP rule against CSV injection. A text cell that starts with =, +, -, @, a tab or a
 * carriage return is prefixed with a single quote, so a spreadsheet shows it instead of running
 * it as a formula (`=HYPERLINK(...)` in a reject reason, `@SUM(A1)` as an id). Numbers stay
 * numbers: a cents column, or an amount formatted as text like -12.50 or -1,234.56, is a value a
 * spreadsheet reads as a number, not a formula, and a quote would turn it into text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
// Only what formatCents writes and plain integers: a minus, digits, optional thousands commas,
// optional decimals. Anything else after a leading minus ("-1+1", "-A1") is text.
const PLAIN_NUMBER = /^-?(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    // A NaN or Infinity in an export is a bug upstream; writing "NaN" would hide it.
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return String(value);
  }
  const shown = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(shown) ? `"${shown.replace(/"/g, '""')}"` : shown;
}

/** One record: cells joined by commas, ended with CRLF as RFC 4180 writes it. */
export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

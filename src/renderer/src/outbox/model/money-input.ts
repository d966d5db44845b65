/** An amount a person typed, parsed to integer cents, or what is wrong with it in plain words. */
export type ParsedAmount = { ok: true; cents: number } | { ok: false; error: string };

const SHAPE = /^\$?(\d{1,3}(,\d{3})+|\d+)(\.(\d*))?$/;

/**
 * Dollars as typed ("42.50", "1,200", "$1,200.5") to cents, by reading the digits: no floating
 * point ever touches the amount. Zero, negative, fractional cents, more than the largest safe
 * number of cents and anything that is not an amount are refused with the reason.
 */
export function parseDollars(typed: string): ParsedAmount {
  const text = typed.trim();
  if (text === '') return { ok: false, error: 'Enter an amount, such as 42.50.' };
  if (/^[-−]/.test(text))
    return { ok: false, error: 'The amount must be positive: money moves from the source to the destination.' };
  const m = SHAPE.exec(text);
  if (!m)
    return {
      ok: false,
      error: `"${typed.trim().slice(0, 40)}" is not an amount. Use digits with an optional point, such as 1,200.50.`,
    };
  const whole = (m[1] as string).replace(/,/g, '');
  const fraction = m[4] ?? '';
  if (fraction.length > 2)
    return { ok: false, error: 'Amounts are in whole cents: use at most two digits after the point.' };
  const digits = (whole + fraction.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > 16 || BigInt(digits) > BigInt(Number.MAX_SAFE_INTEGER)) {
    return { ok: false, error: 'The amount is too large.' };
  }
  const cents = Number(digits);
  if (cents === 0) return { ok: false, error: 'The amount must be more than zero.' };
  return { ok: true, cents };
}

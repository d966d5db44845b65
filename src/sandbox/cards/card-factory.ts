import { luhnCheckDigit } from '../seed/entities';
import type { Rng } from '../world/ids';

/** A 16-digit, Luhn-valid card number starting with the product's prefix. */
export function newPan(rng: Rng, prefix: string): string {
  const body = prefix + rng.digits(Math.max(0, 15 - prefix.length));
  return body + luhnCheckDigit(body);
}

/** Cards are issued for about three years: expiry is the current month, three years on. */
export function expiryFrom(nowMs: number): { expiryMonth: string; expiryYear: string } {
  const d = new Date(nowMs);
  return { expiryMonth: String(d.getUTCMonth() + 1).padStart(2, '0'), expiryYear: String(d.getUTCFullYear() + 3) };
}

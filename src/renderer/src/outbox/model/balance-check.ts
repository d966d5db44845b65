import { formatCents } from '../../../../shared/money';

export interface CachedBalance {
  accountName: string;
  balanceCents: number;
  /** When the balance was fetched (null: not known). */
  asOf: number | null;
}

/**
 * Whether a transfer looks short of money by the cache: the cached balance, less what this
 * outbox sent out of the account since, plus what it sent in. A warning in words, or null. It
 * never blocks a send: the cache may be old and the service is the judge.
 */
export function balanceWarning(
  amountCents: number,
  cached: CachedBalance,
  moved: { outCents: number; inCents: number },
): string | null {
  const available = cached.balanceCents - moved.outCents + moved.inCents;
  if (amountCents <= available) return null;
  const when =
    cached.asOf === null ? '' : ` as of ${new Date(cached.asOf).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const since = moved.outCents || moved.inCents ? `, $${formatCents(available)} after what the outbox moved since` : '';
  return `The cached balance of ${cached.accountName} ($${formatCents(cached.balanceCents)}${when}${since}) looks short of $${formatCents(amountCents)}. Sent anyway: the service decides, and a refusal will say so.`;
}

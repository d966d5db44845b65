import { money } from '../../../model/format';
import type { OutboxRow } from '../../../../../shared/outbox';

/** The "Send on" line of a review: a scheduled date, or as soon as possible. */
export function scheduleLine(row: OutboxRow): [string, string] {
  return row.notBefore ? ['Send on', `${new Date(row.notBefore).toISOString().slice(0, 16).replace('T', ' ')} UTC`] : ['Send', 'As soon as approved and online'];
}

/** A handle as people write it: one leading @. */
export const atHandle = (handle: string) => `@${handle.replace(/^@/, '')}`;

export { money };

/** A failed or canceled transaction moved nothing, so it proves nothing went through. */
export const movedMoney = (tx: { status: string; detailedStatus?: string }) => tx.status !== 'failed' && tx.detailedStatus !== 'failed' && tx.detailedStatus !== 'canceled';

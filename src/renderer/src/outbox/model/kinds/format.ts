import { money } from '../../../model/format';
import type { OutboxRow } from '../../../../../shared/outbox';

/** The "Send on" line of a review: a scheduled date, or as soon as possible. */
export function scheduleLine(row: OutboxRow): [string, string] {
  return row.notBefore
    ? ['Send on', `${new Date(row.notBefore).toISOString().slice(0, 16).replace('T', ' ')} UTC`]
    : ['Send', 'As soon as approved and online'];
}

/** A handle as people write it: one leading @. */
export const atHandle = (handle: string) => `@${handle.replace(/^@/, '')}`;

export { money };

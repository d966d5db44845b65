import type { OutboxRow } from '../../../../shared/outbox';
import type { VirtualAccountView } from '../../../../shared/service';
import { readEntity } from '../../repos/entities-repo';
import { changeRow, movedSince } from '../../repos/outbox-repo';
import { balanceWarning } from '../rows/balance-check';
import * as t from '../rows/transitions';

/**
 * Just before a transfer goes out: if the source's cached balance looks too low, the row says so
 * (on the queue and in its history). Never blocks, never throws: a check that cannot run (no
 * cache yet, the account not in it) lets the send go as it would have.
 */
export async function warnIfShort(row: OutboxRow, now = Date.now()): Promise<void> {
  if (row.kind !== 'transfer') return;
  try {
    const cached = await readEntity<VirtualAccountView>(row.profileId, 'virtualAccount', row.payload.source);
    if (!cached) return;
    const moved = await movedSince(row.profileId, row.sourceKey, cached.asOf ?? 0);
    const warning = balanceWarning(row.amountCents, { accountName: cached.value.virtualAccount.name, balanceCents: cached.value.balance.amountCents, asOf: cached.asOf }, moved);
    if (warning) await changeRow(row.profileId, row.id, (r) => t.warn(r, warning, now), now);
  } catch {
    // The warning is advice; the send itself is what matters.
  }
}

import { FINAL_STATES, type OutboxRow } from '../../../../shared/outbox';
import { money } from '../../model/format';
import { STATE_LABEL } from '../../outbox/model/describe';

type TransferRow = Extract<OutboxRow, { kind: 'transfer' }>;

/**
 * The unfinished transfers out of an account, oldest first. While one is queued the account must
 * stay open: the service refuses a transfer out of a closed account (409 ACCOUNT_CLOSED), so
 * closing first would strand the money it was meant to move.
 */
export function queuedTransfersOut(rows: readonly OutboxRow[], accountId: string): TransferRow[] {
  return rows
    .filter(
      (r): r is TransferRow => r.kind === 'transfer' && r.payload.source === accountId && !FINAL_STATES.has(r.state),
    )
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** Why the account cannot be closed yet, naming the transfer(s) and their state; null when nothing is queued. */
export function closeBlockedReason(queued: readonly TransferRow[]): string | null {
  const [first] = queued;
  if (!first) return null;
  if (queued.length === 1)
    return `A transfer of ${money(first.amountCents)} out of this account is queued (${STATE_LABEL[first.state].toLowerCase()}); close it once that is sent.`;
  const total = queued.reduce((sum, r) => sum + r.amountCents, 0);
  const states = [...new Set(queued.map((r) => STATE_LABEL[r.state].toLowerCase()))].join(', ');
  return `${queued.length} transfers of ${money(total)} in all out of this account are queued (${states}); close it once they are sent.`;
}

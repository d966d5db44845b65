import type { OutboxRow, OutboxState } from '../../../../shared/outbox';
import { money } from '../../model/format';

export const STATE_LABEL: Record<OutboxState, string> = {
  draft: 'Draft',
  'awaiting-approval': 'Awaiting approval',
  approved: 'Approved, to send',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  rejected: 'Rejected',
  canceled: 'Canceled',
  'needs-review': 'Needs review',
};

/** Display order of the groups on the queue screen: what needs a person first. */
export const STATE_ORDER: OutboxState[] = ['needs-review', 'awaiting-approval', 'failed', 'draft', 'approved', 'sending', 'sent', 'rejected', 'canceled'];

export function title(row: OutboxRow): string {
  switch (row.kind) {
    case 'transfer':
      return `Transfer ${money(row.amountCents)} from ${row.labels.source ?? row.payload.source} to ${row.labels.destination ?? row.payload.destination}`;
    case 'payment':
      return `Payment ${money(row.amountCents)} to @${row.payload.svcHandle.replace(/^@/, '')}${row.labels.source ? ` from ${row.labels.source}` : ''}`;
    case 'note':
      return `Note on ${row.payload.transactionId}`;
  }
}

/** Every field that will be sent, as a person checks it before approving. */
export function reviewLines(row: OutboxRow): [string, string][] {
  const schedule: [string, string][] = row.notBefore ? [['Send on', `${new Date(row.notBefore).toISOString().slice(0, 16).replace('T', ' ')} UTC`]] : [['Send', 'As soon as approved and online']];
  switch (row.kind) {
    case 'transfer':
      return [
        ['From', `${row.labels.source ?? ''} (${row.payload.source})`],
        ['To', `${row.labels.destination ?? ''} (${row.payload.destination})`],
        ['Amount', money(row.payload.amountCents)],
        ['Memo', row.payload.memo ?? '—'],
        ...schedule,
        ['Idempotency key', row.idempotencyKey],
      ];
    case 'payment':
      return [
        ['Pay', `@${row.payload.svcHandle.replace(/^@/, '')}${row.labels.destination ? ` (${row.labels.destination})` : ''}`],
        ['From handle', row.payload.sourceSvcHandleId ? `${row.labels.source ?? ''} (${row.payload.sourceSvcHandleId})` : 'This key’s own handle'],
        ['Amount', money(row.payload.amountCents)],
        ...schedule,
        ['Key sent', row.idempotencyKey],
      ];
    case 'note':
      return [
        ['Transaction', row.payload.transactionId],
        ['Note', row.payload.note],
      ];
  }
}

import type { OutboxRow, OutboxState } from '../../../../shared/outbox';
import { kindOf } from './kinds';

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
export const STATE_ORDER: OutboxState[] = [
  'needs-review',
  'awaiting-approval',
  'failed',
  'draft',
  'approved',
  'sending',
  'sent',
  'rejected',
  'canceled',
];

export function title(row: OutboxRow): string {
  return kindOf(row).title(row);
}

/** Every field that will be sent, as a person checks it before approving. */
export function reviewLines(row: OutboxRow): [string, string][] {
  return kindOf(row).reviewLines(row);
}

/** The ids and keys behind it, for support. */
export function technicalLines(row: OutboxRow): [string, string][] {
  return kindOf(row).technicalLines(row);
}

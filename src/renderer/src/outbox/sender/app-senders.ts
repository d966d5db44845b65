import type { OutboxRow } from '../../../../shared/outbox';
import { notifyOutcome } from './notifier';
import { OutboxSenders } from './outbox-senders';
import { reconcilePayments } from './reconcile';
import { repoSenderStore } from './repo-store';
import { sendRow } from './send-row';

/** The app's senders: the outbox repository as their store, main (through IPC) as their wire. */
export const outboxSenders = new OutboxSenders<OutboxRow>({
  store: (profileId) => repoSenderStore(profileId, notifyOutcome),
  send: (row) => sendRow(row),
  reconcile: (profileId, now) => reconcilePayments(profileId, now),
});

import type { OutboxRow } from '../../../../shared/outbox';
import { notifyOutcome } from './notifier';
import { OutboxSenders } from './outbox-senders';
import { reconcilePayments } from './reconcile';
import { repoSenderStore } from './repo-store';
import { sendRow } from './send-row';
import { warnIfShort } from './warn-if-short';

/** The app's senders: the outbox repository as their store, main (through IPC) as their wire; a transfer whose source's cached balance looks short is warned about, then sent. */
export const outboxSenders = new OutboxSenders<OutboxRow>({
  store: (profileId) => repoSenderStore(profileId, notifyOutcome),
  send: async (row) => {
    await warnIfShort(row);
    return sendRow(row);
  },
  reconcile: (profileId, now) => reconcilePayments(profileId, now),
});

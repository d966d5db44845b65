import type { OutboxRow } from '../../../../shared/outbox';
import * as repo from '../../repos/outbox-repo';
import { notifyOutcome } from './notifier';
import { OutboxSenders } from './outbox-senders';
import { sendRow } from './send-row';

/** The app's senders: the outbox repository as their store, main (through IPC) as their wire. */
export const outboxSenders = new OutboxSenders<OutboxRow>({
  store: (profileId) => ({
    recoverInterrupted: (now) => repo.recoverInterrupted(profileId, now),
    expireKeys: (now) => repo.expireKeys(profileId, now),
    claimDue: (now) => repo.claimDue(profileId, now),
    record: async (row, outcome, now) => {
      notifyOutcome(await repo.recordSend(profileId, row.id, outcome, now));
    },
    nextDueAt: (now) => repo.nextDueAt(profileId, now),
  }),
  send: (row) => sendRow(row),
});

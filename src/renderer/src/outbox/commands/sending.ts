import type { OutboxRow } from '../../../../shared/outbox';
import { notifyOutcome } from '../sender/notifier';
import { OutboxSenders } from '../sender/sender-pool';
import { reconcileInReview } from '../sender/reconcile';
import { repoSenderStore } from '../sender/repo-store';
import { sendChecked, sentFlows } from '../sender/warn-if-short';

/** The app's senders: the outbox repository as their store, main (through IPC) as their wire; a transfer whose source's cached balance looks short is warned about, then sent. */
export const outboxSenders = new OutboxSenders<OutboxRow>({
  store: (profileId) =>
    repoSenderStore(profileId, (row) => {
      notifyOutcome(row);
      sentFlows.recorded(row);
    }),
  send: sendChecked,
  reconcile: async (profileId, now) => {
    if ((await reconcileInReview(profileId, now)) > 0) sentFlows.forget(profileId);
  },
});

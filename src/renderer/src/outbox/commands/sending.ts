import type { OutboxRow } from '../../../../shared/outbox';
import { useConnectivity } from '../../stores/connectivity';
import { notifyOutcome } from '../sender/notifier';
import { reconcileInReview } from '../sender/reconcile';
import { repoSenderStore } from '../sender/repo-store';
import { SenderPool } from '../sender/sender-pool';
import { sendWindow } from '../sender/send-window';
import { sendChecked, sentFlows } from '../sender/warn-if-short';
import { profileService } from './profile-service';
import { useSenderStatus } from './sender-status';

/**
 * The app's senders: the outbox repository as their store, main (through IPC) as their wire, a
 * transfer whose source's cached balance looks short warned about and then sent, several at once
 * from an account whose cached balance covers them all (send-window.ts); each profile's
 * own connection decides when it sends, and its status goes to the sender-status store.
 */
export const senders = new SenderPool<OutboxRow>({
  store: (profileId) =>
    repoSenderStore(profileId, () => profileService(profileId), {
      onRecorded: (row) => {
        notifyOutcome(row);
        sentFlows.recorded(row);
      },
      window: (accountKeys, now) => sendWindow(profileId, accountKeys, now),
    }),
  send: sendChecked,
  reconcile: async (profileId, now) => {
    if ((await reconcileInReview(profileId, now)) > 0) sentFlows.forget(profileId);
  },
  online: (profileId) => useConnectivity.getState().byProfile[profileId]?.state !== 'offline',
  status: (profileId, view) => useSenderStatus.getState().set(profileId, view),
});

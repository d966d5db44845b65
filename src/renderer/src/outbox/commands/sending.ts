import type { OutboxRow } from '../../../../shared/outbox';
import { callMain } from '../../platform/bridge';
import { notificationWanted } from '../../stores/app-settings';
import { useConnectivity } from '../../stores/connectivity';
import { createOutboxNotifier } from '../sender/notifier';
import { reconcileInReview } from '../sender/reconcile';
import { repoSenderStore } from '../sender/repo-store';
import { SenderPool } from '../sender/sender-pool';
import { sendWindow } from '../sender/send-window';
import { sendChecked, sentFlows } from '../sender/warn-if-short';
import { profileService } from './profile-service';
import { useSenderStatus } from './sender-status';

/** The outbox's OS notifications, as the person chose them in Settings; main shows them. */
export const outboxNotifier = createOutboxNotifier({
  wanted: notificationWanted,
  show: (notice) => void callMain((api) => api.app.notify(notice)),
});

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
        outboxNotifier.recorded(row);
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

/**
 * Pauses this profile's sending: the solo sender here and main's team sender (which sends the
 * rows a team workspace approved) both hold until `resumeSending`.
 */
export function pauseSending(profileId: string): void {
  senders.pause(profileId);
  void callMain((api) => api.outbox.pause({ profileId, paused: true }));
}

export async function resumeSending(profileId: string): Promise<void> {
  await callMain((api) => api.outbox.pause({ profileId, paused: false }));
  await senders.resume(profileId);
}

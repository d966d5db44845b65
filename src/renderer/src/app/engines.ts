import type { ConnectivityStatus, ProfileView } from '../../../shared/ipc';
import { approvalsElsewhere } from '../outbox/repo/outbox-repo';
import { watchAwaitingIds, watchUnsentCount } from '../outbox/repo/outbox-hooks';
import { AwaitingWatch } from '../outbox/sender/awaiting-watch';
import { profileService } from '../outbox/commands/profile-service';
import { callMain } from '../platform/bridge';
import { runExclusive } from '../platform/locks';
import { forgetProfileCache } from '../repos/cache-repo';
import { useConnectivity } from '../stores/connectivity';
import { useProfiles } from '../stores/profiles';
import { outboxNotifier, senders } from '../outbox/commands/sending';
import { syncs } from './sync';
import { startTeamPusher } from '../team/commands/pusher';
import { startTeamFollowing } from '../team/commands/team-follow';
import { followTeamSending } from '../team/commands/team-sending-status';

/** Every five minutes while online; on start; when a profile's connection comes back. */
export const SYNC_INTERVAL_MS = 5 * 60_000;
/** A sender looks now and then even when nothing announced work (another window's approvals, a schedule). */
const SEND_FALLBACK_MS = 60_000;

/** Live profiles with a key sync; the Demo once it is on screen (its service starts on first use). */
function syncableOf(profiles: ProfileView[], activeId: string | null): string[] {
  return profiles.filter((p) => (p.kind === 'live' ? p.hasKey : p.id === activeId)).map((p) => p.id);
}

/** Live profiles with a key send, and the Demo. */
function sendableOf(profiles: ProfileView[]): string[] {
  return profiles.filter((p) => p.kind !== 'live' || p.hasKey).map((p) => p.id);
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Runs the engines of every usable profile, not only the one on screen: the transaction sync
 * (on start, every five minutes while online, on reconnect) and the outbox sender (on start,
 * now and then, on reconnect); stops both and forgets the cache when a profile goes; keeps
 * main told how many approved items are left (what closing the last window does).
 *
 * Started once by the app's entry point, never by a screen: screens come and go with
 * navigation, the engines must not. Returns the function that stops it all.
 */
export function startEngines(): () => void {
  let known: Set<string> | null = null;
  let syncable: string[] = [];
  let sendable: string[] = [];
  let stopUnsent: () => void = () => undefined;
  const lastState = new Map<string, ConnectivityStatus['state']>();
  const services = new Map<string, string | null>();
  // Rows that start waiting for approval are told to the OS by one window only (every window
  // sees the same outboxes): the one holding this lock, until it closes and another takes it.
  const awaiting = new AwaitingWatch(watchAwaitingIds, (_profileId, count) => outboxNotifier.awaiting(count));
  const noticesLock = new AbortController();
  let tellsAwaiting = false;

  const onProfiles = ({ profiles, activeProfileId }: { profiles: ProfileView[]; activeProfileId: string | null }) => {
    // A profile deleted (here or in another window): stop its sync and forget its cache.
    const ids = new Set(profiles.map((p) => p.id));
    for (const id of known ?? []) if (!ids.has(id)) void syncs.stopSync(id).then(() => forgetProfileCache(id));
    known = ids;

    const nextSync = syncableOf(profiles, activeProfileId);
    if (!same(nextSync, syncable)) {
      syncable = nextSync;
      for (const id of syncable) void syncs.startSync(id);
    }
    // A profile that now sends elsewhere (its address changed, here or while the app was closed):
    // what was approved for the old service goes back to a person at once, even offline (the
    // sender's claim refuses such rows too, in its own commit).
    for (const id of sendableOf(profiles)) {
      const service = profileService(id);
      if (services.has(id) && services.get(id) === service) continue;
      services.set(id, service);
      if (service !== null) void approvalsElsewhere(id, service).then((n) => (n > 0 ? senders.kick(id) : undefined));
    }

    const nextSend = sendableOf(profiles);
    if (!same(nextSend, sendable)) {
      sendable = nextSend;
      for (const id of senders.profiles()) if (!sendable.includes(id)) void senders.stop(id);
      for (const id of sendable) void senders.kick(id);
      stopUnsent();
      stopUnsent = watchUnsentCount(sendable, (unsent) => void callMain((api) => api.app.outboxUnsent({ unsent })));
      if (tellsAwaiting) awaiting.follow(sendable);
    }
  };

  // A profile whose connection comes back (from offline or degraded) syncs and sends at once.
  const onConnectivity = ({ byProfile }: { byProfile: Record<string, ConnectivityStatus> }) => {
    for (const [id, status] of Object.entries(byProfile)) {
      const before = lastState.get(id);
      lastState.set(id, status.state);
      if (status.state !== 'online' || before === undefined || before === 'online') continue;
      if (syncable.includes(id)) void syncs.startSync(id);
      if (sendable.includes(id)) void senders.kick(id);
    }
  };

  void runExclusive(
    'outbox-notices',
    () =>
      new Promise<void>((release) => {
        tellsAwaiting = true;
        awaiting.follow(sendable);
        noticesLock.signal.addEventListener('abort', () => release(), { once: true });
      }),
    noticesLock.signal,
  ).catch(() => undefined);

  const offProfiles = useProfiles.subscribe(onProfiles);
  const offConnectivity = useConnectivity.subscribe(onConnectivity);
  // What was signed for a team workspace while it was out of reach goes to it when it answers.
  const stopTeamPusher = startTeamPusher();
  // What main's team sender does for each profile a workspace covers, for the Approvals screen.
  const stopTeamSendingStatus = followTeamSending();
  // This desktop's drafts follow what happened to them in the workspace, wherever it happened.
  const stopTeamFollowing = startTeamFollowing();
  onProfiles(useProfiles.getState());
  onConnectivity(useConnectivity.getState());

  const syncTimer = setInterval(() => {
    for (const id of syncable)
      if (useConnectivity.getState().byProfile[id]?.state !== 'offline') void syncs.startSync(id);
  }, SYNC_INTERVAL_MS);
  const sendTimer = setInterval(() => {
    for (const id of sendable) void senders.kick(id);
  }, SEND_FALLBACK_MS);

  return () => {
    offProfiles();
    offConnectivity();
    stopTeamPusher();
    stopTeamFollowing();
    stopTeamSendingStatus();
    stopUnsent();
    noticesLock.abort();
    awaiting.stop();
    clearInterval(syncTimer);
    clearInterval(sendTimer);
  };
}

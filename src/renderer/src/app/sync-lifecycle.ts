import { useEffect, useRef } from 'react';
import { useConnectivity } from '../stores/connectivity';
import { useOnReconnect } from '../stores/useOnReconnect';
import { useProfiles } from '../stores/profiles';
import { forgetProfileCache } from '../repos/cache-repo';
import { startSync, stopSync } from '../sync/sync-manager';

/** Every five minutes while online; on start; when a profile's connection comes back. */
export const SYNC_INTERVAL_MS = 5 * 60_000;

/**
 * Keeps every usable profile synced, not only the one on screen: live profiles with a key, and
 * the Demo once it is the active profile (its service starts on first use).
 */
export function useSyncScheduler(): void {
  const profiles = useProfiles((s) => s.profiles);
  const activeId = useProfiles((s) => s.activeProfileId);
  const known = useRef<Set<string> | null>(null);

  // A profile deleted (here or in another window): stop its sync and forget its cache.
  useEffect(() => {
    const ids = new Set(profiles.map((p) => p.id));
    for (const id of known.current ?? []) {
      if (!ids.has(id)) void stopSync(id).then(() => forgetProfileCache(id));
    }
    known.current = ids;
  }, [profiles]);

  const syncable = profiles.filter((p) => (p.kind === 'live' ? p.hasKey : p.id === activeId)).map((p) => p.id);
  const key = syncable.join('|');

  useEffect(() => {
    for (const id of key.split('|').filter(Boolean)) void startSync(id);
    const timer = setInterval(() => {
      for (const id of key.split('|').filter(Boolean)) {
        if (useConnectivity.getState().byProfile[id]?.state !== 'offline') void startSync(id);
      }
    }, SYNC_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [key]);

  useOnReconnect(key, (id) => void startSync(id));
}

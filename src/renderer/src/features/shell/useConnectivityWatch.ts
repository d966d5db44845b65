import { useEffect } from 'react';
import { useConnectivity } from '../../stores/connectivity';
import { useProfiles } from '../../stores/profiles';

/**
 * After a profile switch main may know nothing yet ("unknown"); probing once right away turns
 * "Checking…" into a real state instead of waiting for the first service call.
 */
export function useConnectivityWatch(): void {
  const activeId = useProfiles((s) => s.activeProfileId);
  const load = useConnectivity((s) => s.load);
  const check = useConnectivity((s) => s.check);
  useEffect(() => {
    if (!activeId) return;
    void load(activeId).then(() => {
      const s = useConnectivity.getState().byProfile[activeId];
      if (!s || s.state === 'unknown') void check(activeId);
    });
  }, [activeId, load, check]);
}

import { useEffect, useRef } from 'react';
import { useConnectivity } from './connectivity';

/** Calls `onBack(profileId)` when one of `profileIds` (joined by "|") goes from not online to online. */
export function useOnReconnect(profileIds: string, onBack: (profileId: string) => void): void {
  const byProfile = useConnectivity((s) => s.byProfile);
  const lastState = useRef(new Map<string, string>());
  useEffect(() => {
    const ids = profileIds.split('|');
    for (const [id, status] of Object.entries(byProfile)) {
      const before = lastState.current.get(id);
      lastState.current.set(id, status.state);
      if (status.state === 'online' && before !== undefined && before !== 'online' && ids.includes(id)) onBack(id);
    }
    // onBack is a module-level action in both callers; the ids and states decide when to run.
  }, [byProfile, profileIds]);
}

import { useEffect } from 'react';
import { callMain } from '../platform/bridge';
import { useUnsentCount } from '../outbox/repo/outbox-hooks';

/**
 * Keeps main told how many approved items are still to send: closing the last window with some
 * left asks whether to keep sending in the background, instead of stopping silently.
 */
export function useReportUnsent(profileIds: readonly string[]): void {
  const unsent = useUnsentCount(profileIds);
  useEffect(() => {
    if (unsent === undefined) return;
    void callMain((api) => api.app.outboxUnsent({ unsent }));
  }, [unsent]);
}

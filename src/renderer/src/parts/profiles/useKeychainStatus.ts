import { useEffect, useState } from 'react';
import type { KeychainStatus } from '../../../../shared/ipc';
import { callMain } from '../../platform/bridge';

/** Whether main can keep keys in the OS keychain; null until it has answered. */
export function useKeychainStatus(): KeychainStatus | null {
  const [status, setStatus] = useState<KeychainStatus | null>(null);
  useEffect(() => {
    let live = true;
    void callMain((api) => api.keychain.status()).then((r) => {
      // A failed question is treated as "unavailable" so the form never promises a keychain.
      if (live) setStatus(r.ok ? r.value : { available: false, reason: r.error.message });
    });
    return () => {
      live = false;
    };
  }, []);
  return status;
}

import { useState } from 'react';
import type { KeychainStatus } from '../../../../shared/ipc';
import { useKeychainStatus } from './useKeychainStatus';

/** Where a key typed in a form will be kept, as the key fields show it and the save sends it. */
export interface KeyStorageChoice {
  keychain: KeychainStatus | null;
  /** The person's choice, except that with no keychain a key can only be kept for the session. */
  sessionOnly: boolean;
  choose(sessionOnly: boolean): void;
}

export function useKeyStorageChoice(initialSessionOnly: boolean): KeyStorageChoice {
  const keychain = useKeychainStatus();
  const [choice, setChoice] = useState(initialSessionOnly);
  const keychainMissing = keychain !== null && !keychain.available;
  return { keychain, sessionOnly: keychainMissing || choice, choose: setChoice };
}

import { randomBytes, randomUUID } from 'node:crypto';
import { missingSessionBus } from '../system/session-bus';
import { explainKeychainError } from './keychain-errors';
import { KeytarSecretStore } from './keytar-secret-store';
import { SecretStoreError, type SecretStore } from './secret-store';

export type KeychainProbe = { available: true } | { available: false; reason: string };

export interface ProbeOptions {
  /** The keychain to try; the keytar one by default. */
  store?: SecretStore;
  /**
   * How long to wait for the keychain. On a desktop, a locked keyring may show an unlock
   * prompt and wait for the person; past this we report it as not answering.
   */
  timeoutMs?: number;
}

/**
 * Finds out whether the OS keychain really works, by writing, reading back and deleting a
 * throwaway entry (account `probe-<uuid>`, random value). Merely loading keytar proves nothing:
 * the Secret Service may be absent, the D-Bus session missing, or the keyring locked, and each of
 * those only shows up on a real call. Never throws: a failure becomes a plain-language reason.
 */
export async function probeKeychain(options: ProbeOptions = {}): Promise<KeychainProbe> {
  const store = options.store ?? new KeytarSecretStore();
  if (store instanceof KeytarSecretStore && store.isSystemKeytar && missingSessionBus()) {
    return {
      available: false,
      reason:
        'There is no D-Bus session here, so the system keychain (Secret Service) cannot be reached. You can keep the key for this session only.',
    };
  }
  const timeoutMs = options.timeoutMs ?? 15_000;
  const account = `probe-${randomUUID()}`;
  const value = randomBytes(16).toString('hex');
  try {
    await withTimeout(roundTrip(store, account, value), timeoutMs);
    return { available: true };
  } catch (error) {
    // Best effort: do not leave the probe entry behind if the write worked and a later step
    // failed. After a timeout the keychain is stuck (likely on a prompt): do not wait on it again.
    const cleanup = store.delete(account).catch(() => false);
    if (!(error instanceof SecretStoreError && error.code === 'keychain-timeout')) await cleanup;
    return { available: false, reason: explainKeychainError(error, value).message };
  }
}

async function roundTrip(store: SecretStore, account: string, value: string): Promise<void> {
  await store.set(account, value);
  const read = await store.get(account);
  if (read !== value) {
    throw new SecretStoreError(
      'keychain-failed',
      'The system keychain did not give back what was saved in it. You can keep the key for this session only.',
    );
  }
  if (!(await store.delete(account))) {
    throw new SecretStoreError(
      'keychain-failed',
      'The system keychain could not delete a test entry. You can keep the key for this session only.',
    );
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new SecretStoreError(
          'keychain-timeout',
          `The system keychain did not answer within ${Math.round(ms / 1000)} seconds (it may be waiting for you to unlock it). You can keep the key for this session only, or unlock the keychain and retry.`,
        ),
      );
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

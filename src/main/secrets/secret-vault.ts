import { probeKeychain, type KeychainProbe } from './detect-keychain';
import { KeytarSecretStore } from './keytar-secret-store';
import { MemorySecretStore } from './memory-secret-store';
import { assertProfileId, assertSecret, SecretStoreError, type SecretStore } from './secret-store';
import type { KeyStorage } from '../../shared/ipc';

/** Where a profile's key is kept: the OS keychain, this session's memory, or nowhere (IPC contract). */
export type { KeyStorage };

export interface KeyPresence {
  hasKey: boolean;
  storage: KeyStorage;
}

export interface SetKeyOptions {
  /** Keep the key in memory only: it is forgotten when the app quits. */
  sessionOnly: boolean;
}

export interface SessionAwareSecretsOptions {
  /** The OS keychain store. Used only when `keychainStatus` says it works. */
  keychain: SecretStore;
  /** What `probeKeychain` found about `keychain`. */
  keychainStatus: KeychainProbe;
  /** Session-only keys; a fresh MemorySecretStore by default. */
  session?: SecretStore;
}

/**
 * The one place main asks for API keys. It holds the OS keychain when it works and a memory
 * store for session-only keys, and each profile's key is in at most one of them (setting a key
 * in one removes it from the other, so a stale copy can never come back after a restart).
 *
 * It never writes a key to disk itself, never logs it, and its errors never contain it: with no
 * keychain the only choice it offers is memory (DESIGN.md: no plaintext fallback).
 */
export class SessionAwareSecrets {
  private readonly keychain: SecretStore;
  private readonly session: SecretStore;
  private status: KeychainProbe;

  constructor(options: SessionAwareSecretsOptions) {
    this.keychain = options.keychain;
    this.status = options.keychainStatus;
    this.session = options.session ?? new MemorySecretStore();
  }

  /** Probes the real OS keychain (keytar) and builds the vault around what it found. */
  static async open(keychain: SecretStore = new KeytarSecretStore()): Promise<SessionAwareSecrets> {
    return new SessionAwareSecrets({ keychain, keychainStatus: await probeKeychain({ store: keychain }) });
  }

  /** Whether keys can be kept across restarts, and if not, why (for Settings). */
  keychainStatus(): KeychainProbe {
    return { ...this.status };
  }

  /** Probes again, e.g. after the person unlocked the keychain or installed a Secret Service. */
  async recheckKeychain(): Promise<KeychainProbe> {
    this.status = await probeKeychain({ store: this.keychain });
    return this.keychainStatus();
  }

  async setKey(profileId: string, key: string, options: SetKeyOptions): Promise<{ storage: 'keychain' | 'session' }> {
    assertProfileId(profileId);
    assertSecret(key);
    if (options.sessionOnly) {
      // "Do not keep it on this machine": remove a copy saved earlier, before taking the new key,
      // so that a failure leaves things as they were.
      if (this.status.available) await this.keychain.delete(profileId);
      await this.session.set(profileId, key);
      return { storage: 'session' };
    }
    if (!this.status.available) {
      throw new SecretStoreError('keychain-unavailable', this.status.reason);
    }
    await this.keychain.set(profileId, key);
    await this.session.delete(profileId);
    return { storage: 'keychain' };
  }

  /** The key of this profile, or null. A session key wins: it is the most recent choice. */
  async getKey(profileId: string): Promise<string | null> {
    const inSession = await this.session.get(profileId);
    if (inSession !== null) return inSession;
    return this.status.available ? this.keychain.get(profileId) : null;
  }

  /** Whether there is a key and where, without handing it out (what the renderer may see). */
  async hasKey(profileId: string): Promise<KeyPresence> {
    if ((await this.session.get(profileId)) !== null) return { hasKey: true, storage: 'session' };
    if (this.status.available && (await this.keychain.get(profileId)) !== null) {
      return { hasKey: true, storage: 'keychain' };
    }
    return { hasKey: false, storage: 'none' };
  }

  /** Removes the key from both places; true when there was one. */
  async deleteKey(profileId: string): Promise<boolean> {
    const fromSession = await this.session.delete(profileId);
    const fromKeychain = this.status.available ? await this.keychain.delete(profileId) : false;
    return fromSession || fromKeychain;
  }
}

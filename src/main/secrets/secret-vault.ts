import { probeKeychain, type KeychainProbe } from './detect-keychain';
import { KeytarSecretStore } from './keytar-secret-store';
import { decodeBoundKey, encodeBoundKey, sameAddress, type BoundKey, type KeyAddress } from './bound-key';
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
 * keychain the only choice it offers is memory (docs/security.md, "The API key": no plaintext fallback).
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

  /**
   * The OS keychain itself while it works, for other secrets main keeps across restarts (the
   * reveal audit's sealing key); otherwise why not. Never the session store: those secrets must
   * outlive the session or not pretend to.
   */
  persistentStore(): { store: SecretStore } | { reason: string } {
    return this.status.available ? { store: this.keychain } : { reason: this.status.reason };
  }

  /** Probes again, e.g. after the person unlocked the keychain or installed a Secret Service. */
  async recheckKeychain(): Promise<KeychainProbe> {
    this.status = await probeKeychain({ store: this.keychain });
    return this.keychainStatus();
  }

  /** Saves the key together with the addresses it was entered for (see bound-key.ts). */
  async setKey(
    profileId: string,
    bound: BoundKey,
    options: SetKeyOptions,
  ): Promise<{ storage: 'keychain' | 'session' }> {
    assertProfileId(profileId);
    assertSecret(bound.key);
    const key = encodeBoundKey(bound);
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

  /**
   * The key of this profile with the addresses it belongs to, or null. A session key wins: it is
   * the most recent choice. A bare key saved before keys carried their address is taken as
   * belonging to `legacyOwner()`, the profile's address asked only after the key was read (its
   * address cannot have changed since without the key being deleted first), and null without one.
   */
  async getKey(profileId: string, legacyOwner: () => KeyAddress | null): Promise<BoundKey | null> {
    const found = await this.read(profileId);
    if (!found) return null;
    const decoded = decodeBoundKey(found.value);
    if (!('legacy' in decoded)) return decoded.key ? decoded : null;
    const owner = legacyOwner();
    return owner ? { ...owner, key: decoded.legacy } : null;
  }

  /** The key if it was saved for exactly `address`, else null: what a client for `address` may use. */
  async keyFor(profileId: string, address: KeyAddress, legacyOwner: () => KeyAddress | null): Promise<string | null> {
    const bound = await this.getKey(profileId, legacyOwner);
    return bound && sameAddress(bound, address) ? bound.key : null;
  }

  /**
   * Whether there is a key for the profile at `address` and where, without handing it out (what
   * the renderer may see). A key saved for another address counts as none: no call would use it.
   */
  async hasKey(profileId: string, address: KeyAddress): Promise<KeyPresence> {
    const found = await this.read(profileId);
    if (!found) return { hasKey: false, storage: 'none' };
    const decoded = decodeBoundKey(found.value);
    const usable = 'legacy' in decoded || (decoded.key !== '' && sameAddress(decoded, address));
    return usable ? { hasKey: true, storage: found.storage } : { hasKey: false, storage: 'none' };
  }

  private async read(profileId: string): Promise<{ value: string; storage: 'session' | 'keychain' } | null> {
    const inSession = await this.session.get(profileId);
    if (inSession !== null) return { value: inSession, storage: 'session' };
    const saved = this.status.available ? await this.keychain.get(profileId) : null;
    return saved !== null ? { value: saved, storage: 'keychain' } : null;
  }

  /** Removes the key from both places; true when there was one. */
  async deleteKey(profileId: string): Promise<boolean> {
    const fromSession = await this.session.delete(profileId);
    const fromKeychain = this.status.available ? await this.keychain.delete(profileId) : false;
    return fromSession || fromKeychain;
  }
}

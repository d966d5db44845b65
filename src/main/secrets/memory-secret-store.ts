import { assertProfileId, assertSecret, type SecretStore } from './secret-store';

/**
 * Keys held in this process only: "keep the key for this session only", the fallback when there
 * is no OS keychain, and tests. Nothing is written anywhere; quitting the app forgets them.
 */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory';
  private readonly secrets = new Map<string, string>();

  async get(profileId: string): Promise<string | null> {
    assertProfileId(profileId);
    return this.secrets.get(profileId) ?? null;
  }

  async set(profileId: string, secret: string): Promise<void> {
    assertProfileId(profileId);
    assertSecret(secret);
    this.secrets.set(profileId, secret);
  }

  async delete(profileId: string): Promise<boolean> {
    assertProfileId(profileId);
    return this.secrets.delete(profileId);
  }

  /** Forgets every key (sign-out of all session keys). */
  clear(): void {
    this.secrets.clear();
  }
}

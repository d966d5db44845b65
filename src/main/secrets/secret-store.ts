/**
 * Where API keys live: one entry per connection profile, under one service name, with the
 * profile id as the account.
 *
 * Why an interface: the OS keychain is reached through `keytar`, which is archived upstream
 * (atom/node-keytar, read-only since Dec 2022: no fixes, no new prebuilds). Everything else in
 * main talks to this interface only, so keytar can be swapped for a maintained binding or for
 * Electron's `safeStorage` without touching callers. There is deliberately no "plaintext file"
 * implementation: with no keychain the key is kept in memory for the session (docs/security.md, "The API key").
 */
export interface SecretStore {
  /** 'keychain': survives restarts (OS keychain). 'memory': gone when the app quits. */
  readonly kind: 'keychain' | 'memory';
  /** The key of this profile, or null when there is none. */
  get(profileId: string): Promise<string | null>;
  /** Saves (or replaces) the key of this profile. */
  set(profileId: string, secret: string): Promise<void>;
  /** Removes the key of this profile; false when there was none. */
  delete(profileId: string): Promise<boolean>;
}

/** The service name the keychain shows next to each entry ("Treasury Desktop" / <profile id>). */
export const SECRET_SERVICE_NAME = 'Treasury Desktop';

/** Why a keychain operation failed, for code; `message` says it for a person. */
export type SecretStoreErrorCode =
  'invalid-argument' | 'keychain-unavailable' | 'keychain-locked' | 'keychain-timeout' | 'keychain-failed';

/**
 * Every failure of a SecretStore. Its message never contains the key: it is built from our own
 * words plus the keychain's error text with the key scrubbed out (see `redact`), and it carries
 * no `cause` (a native error object could hold anything).
 */
export class SecretStoreError extends Error {
  override readonly name = 'SecretStoreError';
  constructor(
    readonly code: SecretStoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Ids are short printable strings (the IPC contract caps them at 100 characters). */
export function assertProfileId(profileId: string): void {
  if (typeof profileId !== 'string' || profileId.length === 0 || profileId.length > 200) {
    throw new SecretStoreError(
      'invalid-argument',
      'A key must belong to a profile: the profile id is missing or too long.',
    );
  }
}

/** Refuses an empty key; never echoes the value back. */
export function assertSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new SecretStoreError('invalid-argument', 'The API key is empty. Paste the key from the service dashboard.');
  }
}

/** Removes every occurrence of `secret` from `text` (defence in depth for error messages). */
export function redact(text: string, secret: string | undefined): string {
  if (!secret) return text;
  return text.split(secret).join('[redacted]');
}

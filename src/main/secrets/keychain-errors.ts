import { redact, SecretStoreError } from './secret-store';

const SESSION_ONLY = 'You can keep the key for this session only.';

/**
 * Turns what keytar / libsecret / the OS threw into a SecretStoreError a person can act on.
 * The patterns are the messages seen on Linux (libsecret over D-Bus), with a generic fallback
 * for macOS and Windows, whose keychains are always present and fail rarely.
 *
 * `secret` is the key involved in the operation, if any: it is scrubbed from the native text.
 */
export function explainKeychainError(error: unknown, secret?: string): SecretStoreError {
  if (error instanceof SecretStoreError) return error;
  const raw = redact(error instanceof Error ? error.message : String(error), secret);
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';

  if (
    code === 'MODULE_NOT_FOUND' ||
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'ERR_DLOPEN_FAILED' ||
    /Cannot find module|NODE_MODULE_VERSION|invalid ELF header|cannot open shared object file|not a valid Win32 application/i.test(
      raw,
    )
  ) {
    return new SecretStoreError(
      'keychain-unavailable',
      `The system keychain cannot be used: the component that reaches it (keytar) is missing or was built for another version of the app. ${SESSION_ONLY} Reinstalling the app should fix it.`,
    );
  }
  if (
    /autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|Could not connect|Failed to connect to socket|org\.freedesktop\.DBus\.Error\.(NoServer|Disconnected)/i.test(
      raw,
    )
  ) {
    return new SecretStoreError(
      'keychain-unavailable',
      `No system keychain is available (no D-Bus session to reach the Secret Service). ${SESSION_ONLY}`,
    );
  }
  if (/org\.freedesktop\.secrets|ServiceUnknown|not provided by any \.service files/i.test(raw)) {
    return new SecretStoreError(
      'keychain-unavailable',
      `No system keychain is available (no Secret Service on D-Bus; install and start GNOME Keyring or KWallet). ${SESSION_ONLY}`,
    );
  }
  if (/locked|prompt.*(dismiss|cancel)|user (canceled|cancelled)|interaction is not allowed/i.test(raw)) {
    return new SecretStoreError(
      'keychain-locked',
      `The system keychain is locked. Unlock it (for example by signing in to your desktop again) and retry. ${SESSION_ONLY}`,
    );
  }
  if (/Object does not exist at path.*collection|No such (secret )?collection|no default collection/i.test(raw)) {
    return new SecretStoreError(
      'keychain-unavailable',
      `The system keychain has no default keyring to keep the key in. Create one (for example in "Passwords and Keys") and retry. ${SESSION_ONLY}`,
    );
  }
  return new SecretStoreError('keychain-failed', `The system keychain reported an error: ${raw}. ${SESSION_ONLY}`);
}

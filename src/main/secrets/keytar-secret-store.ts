import { explainKeychainError } from './keychain-errors';
import { assertProfileId, assertSecret, SECRET_SERVICE_NAME, type SecretStore } from './secret-store';

/** The three keytar calls we use (keytar ships its own .d.ts; this keeps the seam small). */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export type KeytarLoader = () => Promise<KeytarApi>;

let shared: Promise<KeytarApi> | undefined;

/**
 * Loads keytar on first use, never at startup: it is a native module, and on a machine where
 * the binary is missing or built for another ABI, or where libsecret is absent, a top-level
 * import would crash main before it could offer "keep the key for this session only".
 * A failed load is cached too: the binary will not appear while the app runs.
 */
export const loadKeytar: KeytarLoader = () => {
  shared ??= import('keytar').then((mod) => {
    // keytar is CommonJS: depending on the loader its functions sit on the namespace or on default.
    const api = ('default' in mod && mod.default ? mod.default : mod) as KeytarApi;
    if (typeof api.getPassword !== 'function') throw new Error('Cannot find module keytar (no getPassword export)');
    return api;
  });
  return shared;
};

/**
 * The OS keychain through keytar: macOS Keychain, Windows Credential Manager, or the Secret
 * Service (GNOME Keyring, KWallet) on Linux. Errors are translated by `explainKeychainError`
 * so they say what to do, and never contain the key.
 */
export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain';

  /** Whether this talks to the OS through the real keytar (tests pass a stand-in). */
  get isSystemKeytar(): boolean {
    return this.load === loadKeytar;
  }

  constructor(
    private readonly service: string = SECRET_SERVICE_NAME,
    private readonly load: KeytarLoader = loadKeytar,
  ) {}

  async get(profileId: string): Promise<string | null> {
    assertProfileId(profileId);
    try {
      const keytar = await this.load();
      return await keytar.getPassword(this.service, profileId);
    } catch (error) {
      throw explainKeychainError(error);
    }
  }

  async set(profileId: string, secret: string): Promise<void> {
    assertProfileId(profileId);
    assertSecret(secret);
    try {
      const keytar = await this.load();
      await keytar.setPassword(this.service, profileId, secret);
    } catch (error) {
      throw explainKeychainError(error, secret);
    }
  }

  async delete(profileId: string): Promise<boolean> {
    assertProfileId(profileId);
    try {
      const keytar = await this.load();
      return await keytar.deletePassword(this.service, profileId);
    } catch (error) {
      throw explainKeychainError(error);
    }
  }
}

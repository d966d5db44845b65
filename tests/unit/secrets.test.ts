import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { probeKeychain } from '../../src/main/secrets/detect-keychain';
import { missingSessionBus } from '../../src/main/system/session-bus';
import { explainKeychainError } from '../../src/main/secrets/keychain-errors';
import { KeytarSecretStore, type KeytarApi } from '../../src/main/secrets/keytar-secret-store';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import { SECRET_SERVICE_NAME, SecretStoreError, type SecretStore } from '../../src/main/secrets/secret-store';
import { encodeBoundKey } from '../../src/main/secrets/bound-key';
import { SessionAwareSecrets } from '../../src/main/secrets/secret-vault';

/** The addresses a key in these tests is saved for (keys are kept with their addresses). */
const AT = { baseUrl: 'https://api.example.com', vaultUrl: 'https://vault.example.com' };

const KEY = 'sk_live_4f2b9c1e_TEST_ONLY_never_print';

/** A keytar stand-in whose every call fails the way libsecret does with no Secret Service. */
function brokenKeytar(message: string): KeytarApi {
  const fail = async () => Promise.reject(new Error(message));
  return { getPassword: fail, setPassword: fail, deletePassword: fail };
}

function fakeKeytar(): KeytarApi & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getPassword: async (s, a) => entries.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void entries.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => entries.delete(`${s}/${a}`),
  };
}

describe('MemorySecretStore', () => {
  it('gets, sets, overwrites and deletes per profile', async () => {
    const store = new MemorySecretStore();
    expect(store.kind).toBe('memory');
    expect(await store.get('p1')).toBeNull();
    await store.set('p1', 'one');
    await store.set('p2', 'two');
    await store.set('p1', 'uno');
    expect(await store.get('p1')).toBe('uno');
    expect(await store.get('p2')).toBe('two');
    expect(await store.delete('p1')).toBe(true);
    expect(await store.delete('p1')).toBe(false);
    expect(await store.get('p1')).toBeNull();
    store.clear();
    expect(await store.get('p2')).toBeNull();
  });

  it('refuses an empty key or profile id without echoing anything', async () => {
    const store = new MemorySecretStore();
    await expect(store.set('p1', '')).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(store.set('', KEY)).rejects.toSatisfy(
      (e: Error) => e instanceof SecretStoreError && !e.message.includes(KEY),
    );
  });
});

describe('KeytarSecretStore (with a stand-in keytar)', () => {
  it('uses one entry per profile under the service name', async () => {
    const keytar = fakeKeytar();
    const store = new KeytarSecretStore(SECRET_SERVICE_NAME, async () => keytar);
    await store.set('p1', KEY);
    expect([...keytar.entries.keys()]).toEqual(['Treasury Desktop/p1']);
    expect(await store.get('p1')).toBe(KEY);
    expect(await store.delete('p1')).toBe(true);
  });

  it('turns a missing keytar into a plain-language error instead of crashing', async () => {
    const missing = Object.assign(new Error("Cannot find module 'keytar'"), { code: 'MODULE_NOT_FOUND' });
    const store = new KeytarSecretStore(SECRET_SERVICE_NAME, async () => Promise.reject(missing));
    await expect(store.get('p1')).rejects.toMatchObject({
      code: 'keychain-unavailable',
      message: expect.stringMatching(/keytar\) is missing/),
    });
  });

  it('never puts the key in an error, even if the native message contains it', async () => {
    const store = new KeytarSecretStore(SECRET_SERVICE_NAME, async () => brokenKeytar(`weird failure storing ${KEY}`));
    const error: unknown = await store.set('p1', KEY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretStoreError);
    expect(String((error as Error).message)).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect((error as Error).message).toMatch(/\[redacted\]/);
  });
});

describe('explainKeychainError', () => {
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'keychain-unavailable', /no D-Bus session/],
    ['Could not connect: No such file or directory', 'keychain-unavailable', /no D-Bus session/],
    [
      'The name org.freedesktop.secrets was not provided by any .service files',
      'keychain-unavailable',
      /no Secret Service on D-Bus/,
    ],
    ['Cannot create an item in a locked collection', 'keychain-locked', /locked\. Unlock it/],
    [
      'Object does not exist at path “/org/freedesktop/secrets/collection/login”',
      'keychain-unavailable',
      /no default keyring/,
    ],
    [
      'The module was compiled against a different Node.js version using NODE_MODULE_VERSION 115',
      'keychain-unavailable',
      /built for another version/,
    ],
    ['something else', 'keychain-failed', /reported an error: something else/],
  ])('%s -> %s', (message, code, reason) => {
    const error = explainKeychainError(new Error(message));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(reason);
    expect(error.message).toMatch(/session only/);
  });
});

describe('missingSessionBus', () => {
  it('on Linux, needs a D-Bus session address or a systemd user bus, else the keychain is not tried', () => {
    expect(missingSessionBus({}, 'linux')).toBe(true);
    expect(missingSessionBus({ DBUS_SESSION_BUS_ADDRESS: 'disabled:' }, 'linux')).toBe(true);
    expect(missingSessionBus({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' }, 'linux')).toBe(false);
    expect(missingSessionBus({ XDG_RUNTIME_DIR: '/no/such/runtime' }, 'linux')).toBe(true);
    expect(missingSessionBus({}, 'darwin')).toBe(false);
    expect(missingSessionBus({}, 'win32')).toBe(false);
  });
});

describe('probeKeychain', () => {
  it('reports available when a real round trip works, and leaves no probe entry', async () => {
    const keytar = fakeKeytar();
    const result = await probeKeychain({ store: new KeytarSecretStore(SECRET_SERVICE_NAME, async () => keytar) });
    expect(result).toEqual({ available: true });
    expect(keytar.entries.size).toBe(0);
  });

  it('maps "no Secret Service" to the plain-language reason', async () => {
    const store = new KeytarSecretStore(SECRET_SERVICE_NAME, async () =>
      brokenKeytar('The name org.freedesktop.secrets was not provided by any .service files'),
    );
    expect(await probeKeychain({ store })).toEqual({
      available: false,
      reason:
        'No system keychain is available (no Secret Service on D-Bus; install and start GNOME Keyring or KWallet). You can keep the key for this session only.',
    });
  });

  it('reports a keychain that does not give back what was saved', async () => {
    const keytar = fakeKeytar();
    keytar.getPassword = async () => 'something else';
    const result = await probeKeychain({ store: new KeytarSecretStore(SECRET_SERVICE_NAME, async () => keytar) });
    expect(result).toMatchObject({ available: false, reason: expect.stringMatching(/did not give back/) });
    expect(keytar.entries.size).toBe(0);
  });

  it('gives up on a keychain that does not answer (e.g. waiting on an unlock prompt)', async () => {
    vi.useFakeTimers();
    try {
      const hanging: SecretStore = {
        kind: 'keychain',
        get: () => new Promise(() => {}),
        set: () => new Promise(() => {}),
        delete: () => new Promise(() => {}),
      };
      const pending = probeKeychain({ store: hanging, timeoutMs: 5000 });
      await vi.advanceTimersByTimeAsync(5000);
      expect(await pending).toMatchObject({
        available: false,
        reason: expect.stringMatching(/did not answer within 5 seconds/),
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('SessionAwareSecrets', () => {
  it('has no way to write a file: no module of src/main/secrets imports fs', async () => {
    const dir = join(import.meta.dirname, '../../src/main/secrets');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.ts'));
    expect(files).toContain('secret-vault.ts');
    for (const file of files) {
      const source = await readFile(join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/from ['"](node:)?fs(\/promises)?['"]|require\(['"](node:)?fs/);
    }
  });

  const unavailable = {
    available: false as const,
    reason: 'No system keychain is available (no Secret Service on D-Bus). You can keep the key for this session only.',
  };

  it('with no keychain: keeps a session-only key in memory and never touches the keychain', async () => {
    const keychain = new KeytarSecretStore(SECRET_SERVICE_NAME, async () => brokenKeytar('must not be called'));
    const secrets = new SessionAwareSecrets({ keychain, keychainStatus: unavailable });
    expect(secrets.keychainStatus()).toEqual(unavailable);
    expect(await secrets.hasKey('p1', AT)).toEqual({ hasKey: false, storage: 'none' });

    expect(await secrets.setKey('p1', { ...AT, key: KEY }, { sessionOnly: true })).toEqual({ storage: 'session' });
    expect(await secrets.hasKey('p1', AT)).toEqual({ hasKey: true, storage: 'session' });
    expect(await secrets.keyFor('p1', AT, () => null)).toBe(KEY);

    expect(await secrets.deleteKey('p1')).toBe(true);
    expect(await secrets.keyFor('p1', AT, () => null)).toBeNull();
    expect(await secrets.hasKey('p1', AT)).toEqual({ hasKey: false, storage: 'none' });
  });

  it('with no keychain: refuses to "remember" a key and says why, without the key', async () => {
    const secrets = new SessionAwareSecrets({ keychain: new MemorySecretStore(), keychainStatus: unavailable });
    const error: unknown = await secrets
      .setKey('p1', { ...AT, key: KEY }, { sessionOnly: false })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'keychain-unavailable', message: unavailable.reason });
    expect((error as Error).message).not.toContain(KEY);
    expect(await secrets.hasKey('p1', AT)).toEqual({ hasKey: false, storage: 'none' });
  });

  it('with a keychain: remembers keys there, and keeps each key in one place only', async () => {
    const keychain = new MemorySecretStore(); // stands in for the OS keychain
    const secrets = new SessionAwareSecrets({ keychain, keychainStatus: { available: true } });

    expect(await secrets.setKey('p1', { ...AT, key: 'kept' }, { sessionOnly: false })).toEqual({ storage: 'keychain' });
    expect(await secrets.hasKey('p1', AT)).toEqual({ hasKey: true, storage: 'keychain' });

    // Switching to session-only removes the saved copy: it must not come back after a restart.
    await secrets.setKey('p1', { ...AT, key: 'session' }, { sessionOnly: true });
    expect(await keychain.get('p1')).toBeNull();
    expect(await secrets.hasKey('p1', AT)).toEqual({ hasKey: true, storage: 'session' });
    expect(await secrets.keyFor('p1', AT, () => null)).toBe('session');

    // And back: the session copy goes.
    await secrets.setKey('p1', { ...AT, key: 'kept again' }, { sessionOnly: false });
    expect(await secrets.hasKey('p1', AT)).toEqual({ hasKey: true, storage: 'keychain' });
    expect(await secrets.keyFor('p1', AT, () => null)).toBe('kept again');

    expect(await secrets.deleteKey('p1')).toBe(true);
    expect(await secrets.deleteKey('p1')).toBe(false);
    expect(await secrets.hasKey('p1', AT)).toEqual({ hasKey: false, storage: 'none' });
  });

  it('a restart forgets session keys but finds keychain keys', async () => {
    const keychain = new MemorySecretStore();
    const first = new SessionAwareSecrets({ keychain, keychainStatus: { available: true } });
    await first.setKey('saved', { ...AT, key: 'k1' }, { sessionOnly: false });
    await first.setKey('session', { ...AT, key: 'k2' }, { sessionOnly: true });
    const second = new SessionAwareSecrets({ keychain, keychainStatus: { available: true } });
    expect(await second.keyFor('saved', AT, () => null)).toBe('k1');
    expect(await second.keyFor('session', AT, () => null)).toBeNull();
  });

  it('open() probes the keychain it is given, and recheckKeychain() probes again', async () => {
    let works = false;
    const keytar = fakeKeytar();
    const flaky: KeytarApi = {
      getPassword: (s, a) => keytar.getPassword(s, a),
      setPassword: async (s, a, p) =>
        works ? keytar.setPassword(s, a, p) : Promise.reject(new Error('Cannot create an item in a locked collection')),
      deletePassword: (s, a) => keytar.deletePassword(s, a),
    };
    const secrets = await SessionAwareSecrets.open(new KeytarSecretStore(SECRET_SERVICE_NAME, async () => flaky));
    expect(secrets.keychainStatus()).toMatchObject({ available: false, reason: expect.stringMatching(/locked/) });
    works = true;
    expect(await secrets.recheckKeychain()).toEqual({ available: true });
    await secrets.setKey('p1', { ...AT, key: KEY }, { sessionOnly: false });
    expect(keytar.entries.get('Treasury Desktop/p1')).toBe(encodeBoundKey({ ...AT, key: KEY }));
  });

  it('a key is kept with its addresses: asked for other addresses, there is none', async () => {
    const secrets = new SessionAwareSecrets({ keychain: new MemorySecretStore(), keychainStatus: { available: true } });
    await secrets.setKey('p1', { ...AT, key: KEY }, { sessionOnly: false });
    const elsewhere = { ...AT, baseUrl: 'https://api.other.example.com' };
    expect(await secrets.getKey('p1', () => null)).toEqual({ ...AT, key: KEY });
    expect(await secrets.keyFor('p1', elsewhere, () => elsewhere)).toBeNull();
    expect(await secrets.keyFor('p1', { ...AT, vaultUrl: 'https://vault.other.example.com' }, () => AT)).toBeNull();
    expect(await secrets.hasKey('p1', elsewhere)).toEqual({ hasKey: false, storage: 'none' });
  });

  it('a bare key saved by an older version belongs to the address the profile has when it is read', async () => {
    const keychain = new MemorySecretStore();
    await keychain.set('p1', KEY);
    const secrets = new SessionAwareSecrets({ keychain, keychainStatus: { available: true } });
    expect(await secrets.keyFor('p1', AT, () => AT)).toBe(KEY);
    expect(await secrets.hasKey('p1', AT)).toEqual({ hasKey: true, storage: 'keychain' });
    // The profile has moved meanwhile: a client for the old address gets nothing.
    expect(await secrets.keyFor('p1', AT, () => ({ ...AT, baseUrl: 'https://api.other.example.com' }))).toBeNull();
    expect(await secrets.keyFor('p1', AT, () => null)).toBeNull();
  });

  it('a damaged entry is no key for any address', async () => {
    const keychain = new MemorySecretStore();
    await keychain.set('p1', 'treasury-key/1:{not json');
    const secrets = new SessionAwareSecrets({ keychain, keychainStatus: { available: true } });
    expect(await secrets.getKey('p1', () => AT)).toBeNull();
    expect(await secrets.hasKey('p1', AT)).toEqual({ hasKey: false, storage: 'none' });
  });
});

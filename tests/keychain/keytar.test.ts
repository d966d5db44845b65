import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { probeKeychain } from '../../src/main/secrets/detect-keychain';
import { KeytarSecretStore, loadKeytar } from '../../src/main/secrets/keytar-secret-store';
import { SessionAwareSecrets } from '../../src/main/secrets/secret-vault';

/** The addresses a key in these tests is saved for (keys are kept with their addresses). */
const AT = { baseUrl: 'https://api.example.com', vaultUrl: 'https://vault.example.com' };

/*
 * The real OS keychain through keytar (libsecret -> D-Bus -> gnome-keyring). These tests fail,
 * never skip, when the keychain is missing: that is what they are here to catch.
 */
if (process.env.TREASURY_KEYCHAIN_TEST !== '1') {
  throw new Error(
    'tests/keychain needs a D-Bus session with an unlocked keyring: run it with `npm run test:keychain` (tests/keychain/run.sh), not directly.',
  );
}

// A service name of its own, so a run on a developer machine cannot touch the app's entries.
const SERVICE = `Treasury Desktop test ${randomUUID()}`;
const store = new KeytarSecretStore(SERVICE);
const profileId = `profile-${randomUUID()}`;

afterAll(async () => {
  await store.delete(profileId).catch(() => false);
});

describe('OS keychain through keytar', () => {
  it('loads the native keytar module built by npm install', async () => {
    const keytar = await loadKeytar();
    expect(typeof keytar.setPassword).toBe('function');
  });

  it('probeKeychain() finds it available', async () => {
    expect(await probeKeychain({ store })).toEqual({ available: true });
    expect(await probeKeychain()).toEqual({ available: true }); // the default store, app service name
  });

  it('sets, reads, overwrites and deletes a key', async () => {
    expect(await store.get(profileId)).toBeNull();
    await store.set(profileId, 'sk_test_first_value');
    expect(await store.get(profileId)).toBe('sk_test_first_value');

    await store.set(profileId, 'sk_test_second_value');
    expect(await store.get(profileId)).toBe('sk_test_second_value');
    // A fresh store object reads the same entry: it really is in the keychain, not in this object.
    expect(await new KeytarSecretStore(SERVICE).get(profileId)).toBe('sk_test_second_value');

    expect(await store.delete(profileId)).toBe(true);
    expect(await store.get(profileId)).toBeNull();
    expect(await store.delete(profileId)).toBe(false);
  });

  it('keeps keys per profile, including non-ASCII values', async () => {
    const other = `profile-${randomUUID()}`;
    try {
      await store.set(profileId, 'clé-€-🔑');
      await store.set(other, 'other');
      expect(await store.get(profileId)).toBe('clé-€-🔑');
      expect(await store.get(other)).toBe('other');
    } finally {
      await store.delete(profileId);
      await store.delete(other);
    }
  });

  it('SessionAwareSecrets.open() uses it to remember a key', async () => {
    const secrets = await SessionAwareSecrets.open(store);
    expect(secrets.keychainStatus()).toEqual({ available: true });
    await secrets.setKey(profileId, { ...AT, key: 'sk_test_remembered' }, { sessionOnly: false });
    expect(await secrets.hasKey(profileId, AT)).toEqual({ hasKey: true, storage: 'keychain' });
    // "After a restart": a new vault over the same keychain still has it.
    const restarted = await SessionAwareSecrets.open(new KeytarSecretStore(SERVICE));
    expect(await restarted.keyFor(profileId, AT, () => null)).toBe('sk_test_remembered');
    expect(await restarted.deleteKey(profileId)).toBe(true);
    expect(await store.get(profileId)).toBeNull();
  });
});

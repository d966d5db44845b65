import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sealAccount } from '../../src/main/audit/audit-seal';
import { KeytarSecretStore } from '../../src/main/secrets/keytar-secret-store';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { startCore, type CoreHarness } from '../support/core-helpers';

/*
 * Removing a profile through main's handlers, with the real OS keychain behind main (keytar ->
 * libsecret -> D-Bus -> gnome-keyring): the keychain is read here by keytar itself, not through
 * the app's store. The reveal audit's seal stays, as the audit file does.
 */
if (process.env.TREASURY_KEYCHAIN_TEST !== '1') {
  throw new Error(
    'tests/keychain needs a D-Bus session with an unlocked keyring: run it with `npm run test:keychain` (tests/keychain/run.sh), not directly.',
  );
}

// A service name of its own, so a run on a developer machine cannot touch the app's entries.
const SERVICE = `Treasury Desktop test ${randomUUID()}`;
let h: CoreHarness | undefined;
let sandbox: Sandbox | undefined;
const accounts: string[] = [];

const keytar = (await import('keytar')).default;

afterAll(async () => {
  for (const account of accounts) await keytar.deletePassword(SERVICE, account).catch(() => false);
  await h?.close();
  await sandbox?.close();
});

describe('removing a profile (main, real keychain)', () => {
  it('takes its API key out of the keychain; the reveal audit and its seal stay', async () => {
    sandbox = await startSandbox({ seed: 5, transactions: 20 });
    h = await startCore({ secrets: new KeytarSecretStore(SERVICE) });

    const profile = await h.ok('profiles:create', {
      name: 'Acme',
      baseUrl: sandbox.apiUrl,
      vaultUrl: sandbox.vaultUrl,
      apiKey: sandbox.apiKey,
    });
    accounts.push(profile.id, sealAccount(profile.id));
    expect(profile).toMatchObject({ hasKey: true, keyStorage: 'keychain' });
    expect(await keytar.getPassword(SERVICE, profile.id)).toContain(sandbox.apiKey);

    // A card number seen with it: the reveal audit gets a line, sealed with a key in the keychain.
    const card = [...sandbox.world.cards.values()].find((c) => c.status === 'active');
    if (!card) throw new Error('the seed has no active card');
    await h.ok('cards:reveal', { profileId: profile.id, cardId: card.id, pan: true, cvv: false });
    expect(await keytar.getPassword(SERVICE, sealAccount(profile.id))).not.toBeNull();

    await h.ok('profiles:delete', { id: profile.id });
    expect(await keytar.getPassword(SERVICE, profile.id)).toBeNull();
    expect((await keytar.findCredentials(SERVICE)).map((c) => c.account)).not.toContain(profile.id);
    expect((await h.ok('profiles:list')).profiles.map((p) => p.id)).not.toContain(profile.id);

    // Evidence outlives the profile: the audit file and the seal that proves it unaltered.
    expect(await keytar.getPassword(SERVICE, sealAccount(profile.id))).not.toBeNull();
    await expect(access(join(h.dir, 'audit', 'reveals', `${profile.id}.jsonl`))).resolves.toBeUndefined();
  });
});

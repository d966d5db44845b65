import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/main/profiles/atomic-write';
import {
  DEMO_PROFILE_ID,
  liveProfileSchema,
  ProfileValidationError,
  type ProfileInput,
  type ProfilePatch,
} from '../../src/main/profiles/profile';
import { ProfileStore, ProfileStoreError } from '../../src/main/profiles/profile-store';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import { SessionAwareSecrets } from '../../src/main/secrets/secret-vault';

/** The addresses a key in these tests is saved for (keys are kept with their addresses). */
const AT = { baseUrl: 'https://api.example.com', vaultUrl: 'https://vault.example.com' };

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'treasury-profiles-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const acme = { name: 'Acme Treasury', baseUrl: 'https://api.acme.example', vaultUrl: 'https://vault.acme.example' };

async function open() {
  return ProfileStore.open(dir);
}

async function fileText(): Promise<string> {
  return readFile(join(dir, 'profiles.json'), 'utf8');
}

describe('profile store: round trip', () => {
  it('starts empty with the built-in Demo profile and no file', async () => {
    const { store, recovered } = await open();
    expect(recovered).toBeNull();
    expect(store.list()).toEqual([{ id: DEMO_PROFILE_ID, name: 'Demo', kind: 'demo' }]);
    expect(store.activeProfileId()).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it('persists create, update, select and delete across fresh store instances', async () => {
    const { store } = await open();
    const a = await store.create(acme);
    const b = await store.create({
      name: 'Local test',
      baseUrl: 'http://127.0.0.1:8080/',
      vaultUrl: 'http://localhost:8081',
    });
    expect(a).toMatchObject({ kind: 'live', name: 'Acme Treasury', baseUrl: 'https://api.acme.example' });
    expect(b.baseUrl).toBe('http://127.0.0.1:8080'); // trailing slash normalized
    expect(() => liveProfileSchema.parse(a)).not.toThrow();
    await store.select(a.id);

    let reopened = (await open()).store;
    expect(reopened.list().map((p) => p.id)).toEqual([DEMO_PROFILE_ID, a.id, b.id]);
    expect(reopened.get(a.id)).toEqual(a);
    expect(reopened.activeProfileId()).toBe(a.id);

    const renamed = await reopened.update(a.id, { name: 'Acme (main)', vaultUrl: 'https://vault2.acme.example' });
    expect(renamed).toEqual({ ...a, name: 'Acme (main)', vaultUrl: 'https://vault2.acme.example' });
    reopened = (await open()).store;
    expect(reopened.get(a.id)).toEqual(renamed);

    await reopened.delete(a.id);
    reopened = (await open()).store;
    expect(reopened.get(a.id)).toBeNull();
    expect(reopened.activeProfileId()).toBeNull(); // deleting the active profile clears the selection
    expect(reopened.list().map((p) => p.id)).toEqual([DEMO_PROFILE_ID, b.id]);

    await reopened.select(DEMO_PROFILE_ID);
    expect((await open()).store.activeProfileId()).toBe(DEMO_PROFILE_ID);
    await reopened.select(null);
    expect((await open()).store.activeProfileId()).toBeNull();
  });

  it('writes the documented file shape, without the Demo profile', async () => {
    const { store } = await open();
    const a = await store.create(acme);
    await store.select(a.id);
    expect(JSON.parse(await fileText())).toEqual({ version: 1, activeProfileId: a.id, profiles: [a] });
  });

  it('keeps the Demo profile built in: not editable, not deletable, name reserved', async () => {
    const { store } = await open();
    await expect(store.update(DEMO_PROFILE_ID, { name: 'x' })).rejects.toMatchObject({ code: 'built-in' });
    await expect(store.delete(DEMO_PROFILE_ID)).rejects.toMatchObject({ code: 'built-in' });
    await expect(store.create({ ...acme, name: 'demo' })).rejects.toThrow(/built-in Demo profile/);
    await expect(store.select('nope')).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.update('nope', { name: 'x' })).rejects.toBeInstanceOf(ProfileStoreError);
  });

  it('returns copies: mutating a result does not change the store', async () => {
    const { store } = await open();
    const a = await store.create(acme);
    a.name = 'mutated';
    const listed = store.list()[1];
    if (listed) listed.name = 'mutated too';
    expect(store.get(a.id)?.name).toBe('Acme Treasury');
  });
});

describe('profile store: validation', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['a malformed URL', { ...acme, baseUrl: 'not a url' }, /API URL: enter an absolute URL/],
    ['a relative URL', { ...acme, vaultUrl: '/vault' }, /Vault URL: enter an absolute URL/],
    ['another scheme', { ...acme, baseUrl: 'ftp://api.acme.example' }, /API URL: use an https:\/\/ address/],
    [
      'http on a non-loopback host',
      { ...acme, baseUrl: 'http://api.acme.example' },
      /API URL: use https:\/\/ for a live profile/,
    ],
    [
      'credentials in the URL',
      { ...acme, baseUrl: 'https://me:pw@api.acme.example' },
      /remove the user name or password/,
    ],
    ['an empty name', { ...acme, name: '' }, /Name: give the profile a name/],
    ['a blank name', { ...acme, name: '   ' }, /Name: give the profile a name/],
    ['a 101-character name', { ...acme, name: 'x'.repeat(101) }, /100 characters or fewer/],
    ['a name with a line break', { ...acme, name: 'a\nb' }, /line breaks/],
    ['an apiKey field', { ...acme, apiKey: 'sk_live_should_never_be_stored' }, /never holds the API key/],
    ['a missing field', { name: 'x', baseUrl: acme.baseUrl }, /Vault URL/],
  ];

  it.each(cases)('refuses %s with a clear message and changes nothing on disk', async (_label, input, message) => {
    const { store } = await open();
    const existing = await store.create({ ...acme, name: 'Existing' });
    const before = await fileText();
    // Cast: deliberately wrong input, as an unvalidated caller (IPC) could send.
    const attempt = store.create(input as ProfileInput);
    await expect(attempt).rejects.toBeInstanceOf(ProfileValidationError);
    await expect(attempt).rejects.toThrow(message);
    expect(await fileText()).toBe(before);
    expect(store.list().map((p) => p.id)).toEqual([DEMO_PROFILE_ID, existing.id]);
    expect(JSON.stringify(await readdir(dir))).not.toMatch(/tmp/);
  });

  it('accepts http only on loopback hosts', async () => {
    const { store } = await open();
    for (const [i, host] of ['127.0.0.1', 'localhost', '[::1]'].entries()) {
      await expect(
        store.create({ name: `loop ${i}`, baseUrl: `http://${host}:9000`, vaultUrl: `http://${host}:9001` }),
      ).resolves.toMatchObject({
        kind: 'live',
      });
    }
  });

  it('refuses a duplicate name ignoring case, on create and on rename, and reports the field', async () => {
    const { store } = await open();
    const a = await store.create(acme);
    const b = await store.create({ ...acme, name: 'Other' });
    const before = await fileText();
    const dup = store.create({ ...acme, name: '  acme TREASURY ' });
    await expect(dup).rejects.toThrow(/Name: another profile is already called "Acme Treasury"/);
    await expect(dup).rejects.toMatchObject({ fields: [{ path: 'name' }] });
    await expect(store.update(b.id, { name: 'ACME treasury' })).rejects.toBeInstanceOf(ProfileValidationError);
    expect(await fileText()).toBe(before);
    // Changing only the case of its own name is fine.
    await expect(store.update(a.id, { name: 'ACME Treasury' })).resolves.toMatchObject({ name: 'ACME Treasury' });
  });

  it('refuses an update that tries to change the id, kind or key', async () => {
    const { store } = await open();
    const a = await store.create(acme);
    const before = await fileText();
    for (const patch of [{ id: 'x' }, { kind: 'demo' }, { apiKey: 'sk_live_x' }, { baseUrl: 'http://evil.example' }]) {
      // Cast: an unvalidated caller (IPC) could send fields an update may not carry.
      await expect(store.update(a.id, patch as ProfilePatch)).rejects.toBeInstanceOf(ProfileValidationError);
    }
    expect(await fileText()).toBe(before);
  });
});

describe('profile store: damaged file', () => {
  async function expectRecovered(content: string, why: RegExp) {
    await writeFile(join(dir, 'profiles.json'), content);
    const { store, recovered } = await ProfileStore.open(dir, { now: () => new Date('2026-01-02T03:04:05.678Z') });
    expect(recovered).not.toBeNull();
    expect(recovered?.reason).toMatch(why);
    expect(recovered?.reason).toMatch(/kept as/);
    expect(recovered?.setAsidePath).toBe(join(dir, 'profiles.corrupt-2026-01-02T03-04-05-678Z.json'));
    expect(await readFile(recovered?.setAsidePath ?? '', 'utf8')).toBe(content); // kept byte for byte
    expect(store.list().map((p) => p.id)).toEqual([DEMO_PROFILE_ID]);

    // The store is usable, and the next open is clean.
    const a = await store.create(acme);
    const again = await open();
    expect(again.recovered).toBeNull();
    expect(again.store.get(a.id)).toEqual(a);
    return recovered;
  }

  it('sets aside a file that is not JSON', async () => {
    await expectRecovered('{"version": 1, "profiles": [', /not valid JSON/);
  });

  it('sets aside an empty file', async () => {
    await expectRecovered('', /empty/);
  });

  it('sets aside valid JSON of the wrong shape', async () => {
    await expectRecovered(
      JSON.stringify({ version: 1, activeProfileId: null, profiles: [{ id: 'x', name: 'n' }] }),
      /expected format at profiles\.0/,
    );
    await rm(dir, { recursive: true, force: true });
    dir = await mkdtemp(join(tmpdir(), 'treasury-profiles-'));
    await expectRecovered('[1,2,3]', /expected format/);
  });

  it('sets aside a stored profile that carries a key', async () => {
    const profile = {
      id: 'p1',
      name: 'n',
      kind: 'live',
      baseUrl: 'https://a.example',
      vaultUrl: 'https://v.example',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    await expectRecovered(
      JSON.stringify({ version: 1, activeProfileId: null, profiles: [{ ...profile, apiKey: 'sk' }] }),
      /expected format/,
    );
  });

  it('sets aside a file from a newer version instead of misreading it', async () => {
    await expectRecovered(
      JSON.stringify({ version: 2, activeProfileId: null, profiles: [], more: true }),
      /newer version/,
    );
  });

  it('never overwrites an earlier set-aside file', async () => {
    const at = () => new Date('2026-01-02T03:04:05.678Z');
    await writeFile(join(dir, 'profiles.json'), 'first');
    const first = (await ProfileStore.open(dir, { now: at })).recovered;
    await writeFile(join(dir, 'profiles.json'), 'second');
    const second = (await ProfileStore.open(dir, { now: at })).recovered;
    expect(second?.setAsidePath).not.toBe(first?.setAsidePath);
    expect(await readFile(first?.setAsidePath ?? '', 'utf8')).toBe('first');
    expect(await readFile(second?.setAsidePath ?? '', 'utf8')).toBe('second');
  });

  it('repairs an active id that points at no profile, without discarding the profiles', async () => {
    const profile = {
      id: 'p1',
      name: 'n',
      kind: 'live',
      baseUrl: 'https://a.example',
      vaultUrl: 'https://v.example',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    await writeFile(
      join(dir, 'profiles.json'),
      JSON.stringify({ version: 1, activeProfileId: 'gone', profiles: [profile] }),
    );
    const { store, recovered } = await open();
    expect(recovered).toBeNull();
    expect(store.activeProfileId()).toBeNull();
    expect(store.get('p1')).toEqual(profile);
  });
});

describe('profile store: concurrency and atomic writes', () => {
  it('lands concurrent updates of different fields and profiles', async () => {
    const { store } = await open();
    const a = await store.create(acme);
    const b = await store.create({ ...acme, name: 'Second' });
    await Promise.all([
      store.update(a.id, { name: 'Renamed A' }),
      store.update(a.id, { baseUrl: 'https://api2.acme.example' }),
      store.update(b.id, { vaultUrl: 'https://vault-b.example' }),
      store.select(b.id),
      ...Array.from({ length: 10 }, (_, i) => store.create({ ...acme, name: `Bulk ${i}` })),
    ]);
    const reopened = (await open()).store;
    expect(reopened.get(a.id)).toMatchObject({ name: 'Renamed A', baseUrl: 'https://api2.acme.example' });
    expect(reopened.get(b.id)).toMatchObject({ vaultUrl: 'https://vault-b.example' });
    expect(reopened.activeProfileId()).toBe(b.id);
    expect(reopened.list()).toHaveLength(1 + 2 + 10);
  });

  it('keeps going after a failed change in the middle of a burst', async () => {
    const { store } = await open();
    const results = await Promise.allSettled([
      store.create({ ...acme, name: 'One' }),
      store.create({ ...acme, name: 'one' }), // duplicate: refused
      store.create({ ...acme, name: 'Two' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await open()).store.list().map((p) => p.name)).toEqual(['Demo', 'One', 'Two']);
  });

  it('leaves no temp files behind', async () => {
    const { store } = await open();
    const a = await store.create(acme);
    await Promise.all([store.update(a.id, { name: 'x' }), store.select(a.id), store.create({ ...acme, name: 'y' })]);
    expect(await readdir(dir)).toEqual(['profiles.json']);
  });

  it('writeFileAtomic removes its temp file and keeps the target when the rename fails', async () => {
    const target = join(dir, 'target.json');
    // Renaming a file over a non-empty directory fails on every platform.
    const blocked = join(dir, 'blocked');
    await mkdir(blocked);
    await writeFile(join(blocked, 'keep.txt'), 'x');
    await expect(writeFileAtomic(blocked, '{}')).rejects.toThrow();
    expect(await readFile(join(blocked, 'keep.txt'), 'utf8')).toBe('x');
    await writeFileAtomic(target, 'one');
    await writeFileAtomic(target, 'two');
    expect(await readFile(target, 'utf8')).toBe('two');
    expect((await readdir(dir)).sort()).toEqual(['blocked', 'target.json']);
  });
});

describe('profile store and keys', () => {
  it('never writes the key to the settings folder', async () => {
    const secrets = new SessionAwareSecrets({ keychain: new MemorySecretStore(), keychainStatus: { available: true } });
    const { store } = await ProfileStore.open(dir, { keys: secrets });
    const a = await store.create(acme);
    const key = 'sk_live_SECRET_never_on_disk_8d1f0c';
    await secrets.setKey(a.id, { ...AT, key }, { sessionOnly: false });
    await store.update(a.id, { name: 'With key' });
    await store.select(a.id);
    expect(await secrets.keyFor(a.id, AT, () => null)).toBe(key);
    for (const name of await readdir(dir, { recursive: true })) {
      const content = await readFile(join(dir, name)).catch(() => Buffer.alloc(0));
      expect(content.includes(key)).toBe(false);
    }
  });

  it('deletes the key with the profile, and keeps the profile when the key cannot be removed', async () => {
    const secrets = new SessionAwareSecrets({ keychain: new MemorySecretStore(), keychainStatus: { available: true } });
    const { store } = await ProfileStore.open(dir, { keys: secrets });
    const a = await store.create(acme);
    await secrets.setKey(a.id, { ...AT, key: 'sk_live_key_for_a' }, { sessionOnly: false });
    await store.delete(a.id);
    expect(await secrets.hasKey(a.id, AT)).toEqual({ hasKey: false, storage: 'none' });

    const b = await store.create({ ...acme, name: 'B' });
    const failing = { deleteKey: async () => Promise.reject(new Error('The system keychain is locked.')) };
    const locked = (await ProfileStore.open(dir, { keys: failing })).store;
    await expect(locked.delete(b.id)).rejects.toMatchObject({
      code: 'key-delete-failed',
      message: expect.stringMatching(/"B" was not deleted.*locked/),
    });
    expect((await open()).store.get(b.id)).not.toBeNull();
  });

  it('works with an unavailable keychain (session-only keys)', async () => {
    const secrets = new SessionAwareSecrets({
      keychain: new MemorySecretStore(),
      keychainStatus: { available: false, reason: 'No system keychain is available (test).' },
    });
    const { store } = await ProfileStore.open(dir, { keys: secrets });
    const a = await store.create(acme);
    await secrets.setKey(a.id, { ...AT, key: 'sk_session_only_key' }, { sessionOnly: true });
    await store.delete(a.id);
    expect(await secrets.keyFor(a.id, AT, () => null)).toBeNull();
  });
});

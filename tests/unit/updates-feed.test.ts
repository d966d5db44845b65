import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateState } from '../../src/shared/ipc';
import { BusyRegistry } from '../../src/main/updates/busy-registry';
import { Updates, type VerifiedUpdate } from '../../src/main/updates/updates';
import { feedKeys, sha512Base64, startFeedServer, type FeedServer } from '../support/update-feed';

// The update path under plain Node against a feed served over real HTTP: what is offered, what is
// refused and why, and that an offered file is the feed's to the byte.

const NOW = Date.parse('2026-11-29T08:00:00.000Z');
const keys = feedKeys();
let server: FeedServer;
let dir: string;
let emitted: UpdateState[];
let installs: VerifiedUpdate[];

beforeEach(async () => {
  server = await startFeedServer();
  dir = await mkdtemp(join(tmpdir(), 'treasury-updates-'));
  // The company's own server, as whoever installs the app sets it.
  await writeFile(join(dir, 'update-feed.json'), JSON.stringify({ url: server.url }));
  emitted = [];
  installs = [];
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const updates = (o: { version?: string; publicKey?: string } = {}) =>
  new Updates({
    version: o.version ?? '1.4.0',
    platform: 'win32',
    dataDir: dir,
    installer: { install: async (u) => void installs.push(u) },
    busy: new BusyRegistry(),
    emit: (s) => emitted.push(s),
    now: () => NOW,
    publicKey: o.publicKey ?? keys.publicKeyPem,
  });

const artifact = () => new Uint8Array(randomBytes(64 * 1024 + 17));
const downloaded = async () => (await readdir(join(dir, 'updates')).catch(() => [])).filter((f) => !f.startsWith('.'));

describe('a good update', () => {
  it('is offered once its file is on disk with the SHA-512 the feed names', async () => {
    const bytes = artifact();
    server.publish(
      { version: '1.5.0', fileName: 'Treasury-Setup-1.5.0.exe', bytes, releaseNotes: 'Faster search.' },
      keys,
    );
    const state = await updates().check();
    expect(state.status).toEqual({ kind: 'downloaded', version: '1.5.0', notes: 'Faster search.', wayBack: false });
    expect(state.feed).toBe(server.url);
    expect(state.lastChecked).toBe(NOW);
    expect(emitted.map((s) => s.status.kind)).toEqual(['checking', 'available', 'downloaded']);
    const onDisk = await readFile(join(dir, 'updates', 'Treasury-Setup-1.5.0.exe'));
    expect(sha512Base64(onDisk)).toBe(sha512Base64(bytes));
    expect(await downloaded()).toEqual(['Treasury-Setup-1.5.0.exe']);
  });

  it('the same version as the one running is no update, and nothing is downloaded', async () => {
    server.publish({ version: '1.4.0', fileName: 'Treasury-Setup-1.4.0.exe', bytes: artifact() }, keys);
    expect((await updates().check()).status).toEqual({ kind: 'none' });
    expect(server.asked).not.toContain('Treasury-Setup-1.4.0.exe');
  });

  it('a release is newer than its own pre-release', async () => {
    server.publish({ version: '1.4.0', fileName: 'Treasury-Setup-1.4.0.exe', bytes: artifact() }, keys);
    expect((await updates({ version: '1.4.0-beta.2' }).check()).status.kind).toBe('downloaded');
  });
});

describe('a feed refused, with the reason', () => {
  it('a download whose SHA-512 is not the feed’s is deleted and not offered', async () => {
    server.publish(
      { version: '1.5.0', fileName: 'Treasury-Setup-1.5.0.exe', bytes: artifact(), sha512: sha512Base64(artifact()) },
      keys,
    );
    const { status } = await updates().check();
    expect(status).toMatchObject({ kind: 'refused', version: '1.5.0' });
    expect(status.kind === 'refused' && status.reason).toMatch(/does not match the SHA-512 its feed names/);
    expect(server.asked).toContain('Treasury-Setup-1.5.0.exe');
    expect(await downloaded()).toEqual([]);
  });

  it('a feed signed by another key is refused before anything is downloaded', async () => {
    server.publish({ version: '1.5.0', fileName: 'Treasury-Setup-1.5.0.exe', bytes: artifact() }, feedKeys());
    const { status } = await updates().check();
    expect(status.kind === 'refused' && status.reason).toMatch(/signature does not match the key built into this app/);
    expect(server.asked).toEqual(['latest.yml', 'latest.yml.sig']);
  });

  it('a feed changed after it was signed is refused', async () => {
    const release = { version: '1.5.0', fileName: 'Treasury-Setup-1.5.0.exe', bytes: artifact() };
    server.publish(release, keys);
    // The server's operator points the feed at another file; the signature still covers the old text.
    const other = artifact();
    server.put('evil.exe', other);
    const text = (await (await fetch(`${server.url}latest.yml`)).text()).replaceAll(release.fileName, 'evil.exe');
    server.put('latest.yml', text.replaceAll(sha512Base64(release.bytes), sha512Base64(other)));
    const { status } = await updates().check();
    expect(status.kind === 'refused' && status.reason).toMatch(/signature does not match/);
    expect(server.asked).not.toContain('evil.exe');
  });

  it('a feed without a signature is refused', async () => {
    server.publish({ version: '1.5.0', fileName: 'Treasury-Setup-1.5.0.exe', bytes: artifact() }, keys);
    server.remove('latest.yml.sig');
    const { status } = await updates().check();
    expect(status.kind === 'refused' && status.reason).toMatch(/has no signature/);
  });

  it('an older version is refused unless the feed names it as the floor to go back to', async () => {
    server.publish({ version: '1.3.2', fileName: 'Treasury-Setup-1.3.2.exe', bytes: artifact() }, keys);
    const { status } = await updates().check();
    expect(status).toMatchObject({ kind: 'refused', version: '1.3.2' });
    expect(status.kind === 'refused' && status.reason).toMatch(/older than this one \(1\.4\.0\)/);
    expect(server.asked).not.toContain('Treasury-Setup-1.3.2.exe');

    // A floor that names another version does not send anyone back either.
    server.publish({ version: '1.3.2', fileName: 'Treasury-Setup-1.3.2.exe', bytes: artifact(), floor: '1.3.0' }, keys);
    expect((await updates().check()).status.kind).toBe('refused');

    server.publish({ version: '1.3.2', fileName: 'Treasury-Setup-1.3.2.exe', bytes: artifact(), floor: '1.3.2' }, keys);
    expect((await updates().check()).status).toMatchObject({ kind: 'downloaded', version: '1.3.2', wayBack: true });
  });
});

describe('an old feed served again', () => {
  it('is refused once a feed signed later has been read, so an old way back cannot be replayed', async () => {
    const back = { version: '1.3.2', fileName: 'Treasury-Setup-1.3.2.exe', bytes: artifact(), floor: '1.3.2' };
    server.publish({ ...back, signedAt: '2026-11-21T09:00:00.000Z' }, keys);
    expect((await updates().check()).status).toMatchObject({ kind: 'downloaded', version: '1.3.2', wayBack: true });
    // The company publishes its next release (signed later); this install reads it.
    server.publish(
      {
        version: '1.4.0',
        fileName: 'Treasury-Setup-1.4.0.exe',
        bytes: artifact(),
        signedAt: '2026-11-25T09:00:00.000Z',
      },
      keys,
    );
    expect((await updates().check()).status).toEqual({ kind: 'none' });
    // Someone serves the old, still validly signed, way back again.
    server.publish({ ...back, signedAt: '2026-11-21T09:00:00.000Z' }, keys);
    const { status } = await updates().check();
    expect(status).toMatchObject({ kind: 'refused', version: '1.3.2' });
    expect(status.kind === 'refused' && status.reason).toMatch(
      /signed at 2026-11-21T09:00:00\.000Z, before one this app has already read \(2026-11-25T09:00:00\.000Z\)/,
    );
  });

  it('a way back without a signing time is refused', async () => {
    server.publish(
      { version: '1.3.2', fileName: 'Treasury-Setup-1.3.2.exe', bytes: artifact(), floor: '1.3.2', signedAt: null },
      keys,
    );
    const { status } = await updates().check();
    expect(status.kind === 'refused' && status.reason).toMatch(/carries no signing time/);
  });
});

describe('a staged rollout', () => {
  const bucketFile = () => join(dir, 'update-bucket.json');

  it('reaches the installs whose bucket is below its percentage, and only those', async () => {
    // Buckets are hundredths of a percent: 0 to 9999.
    const cases: [bucket: number, percentage: number, reached: boolean][] = [
      [4999, 50, true],
      [5000, 50, false],
      [0, 0, false],
      [9999, 100, true],
      [12, 0.13, true],
      [13, 0.13, false],
    ];
    for (const [bucket, stagingPercentage, reached] of cases) {
      await writeFile(bucketFile(), JSON.stringify({ bucket }));
      server.publish(
        { version: '1.5.0', fileName: 'Treasury-Setup-1.5.0.exe', bytes: artifact(), stagingPercentage },
        keys,
      );
      const { status } = await updates().check();
      expect({ bucket, stagingPercentage, kind: status.kind }).toEqual({
        bucket,
        stagingPercentage,
        kind: reached ? 'downloaded' : 'none',
      });
    }
  });

  it('keeps an install in the bucket it drew, from one check to the next', async () => {
    server.publish(
      { version: '1.5.0', fileName: 'Treasury-Setup-1.5.0.exe', bytes: artifact(), stagingPercentage: 50 },
      keys,
    );
    const first = await updates().check();
    const { bucket } = JSON.parse(await readFile(bucketFile(), 'utf8')) as { bucket: number };
    expect(Number.isInteger(bucket) && bucket >= 0 && bucket < 10_000).toBe(true);
    expect(first.status.kind).toBe(bucket < 5000 ? 'downloaded' : 'none');
    for (let i = 0; i < 3; i++) {
      expect((await updates().check()).status.kind).toBe(first.status.kind);
      expect(JSON.parse(await readFile(bucketFile(), 'utf8'))).toEqual({ bucket });
    }
  });
});

describe('when the feed is read', () => {
  it('at start, then once a day has passed on main’s clock', async () => {
    server.publish({ version: '1.4.0', fileName: 'Treasury-Setup-1.4.0.exe', bytes: artifact() }, keys);
    let now = NOW;
    let tick: (() => void) | null = null;
    const u = new Updates({
      version: '1.4.0',
      platform: 'win32',
      dataDir: dir,
      installer: { install: async () => undefined },
      busy: new BusyRegistry(),
      emit: (s) => emitted.push(s),
      now: () => now,
      publicKey: keys.publicKeyPem,
      scheduler: {
        every: (_ms, t) => {
          tick = t;
          return () => (tick = null);
        },
      },
    });
    const feedReads = () => server.asked.filter((p) => p === 'latest.yml').length;
    const settled = () => expect(emitted.at(-1)?.status.kind).toBe('none');
    u.start();
    await vi.waitFor(settled);
    expect(feedReads()).toBe(1);
    now += 23 * 60 * 60 * 1000;
    tick!();
    expect(feedReads()).toBe(1);
    now += 60 * 60 * 1000;
    tick!();
    await vi.waitFor(() => expect(feedReads()).toBe(2));
    await vi.waitFor(settled);
    expect(u.state().lastChecked).toBe(now);
    u.dispose();
    expect(tick).toBeNull();
  });
});

describe('scripts/sign-feed.mjs, as a release is signed', () => {
  const script = join(import.meta.dirname, '../../scripts/sign-feed.mjs');
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      execFile(process.execPath, [script, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, out: stdout + stderr }),
      );
    });

  it('signs a feed the app then accepts, with a key made by its keygen, and refuses another key', async () => {
    const keyFile = join(dir, 'signing.pem');
    const made = await run(['keygen', keyFile]);
    expect(made.code).toBe(0);
    const publicPem = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/.exec(made.out)?.[0];
    expect(publicPem).toBeDefined();
    const publicFile = join(dir, 'public.pem');
    await writeFile(publicFile, publicPem!);
    // A second keygen never replaces the key.
    expect((await run(['keygen', keyFile])).code).not.toBe(0);

    const bytes = artifact();
    server.publish({ version: '1.5.0', fileName: 'Treasury-Setup-1.5.0.exe', bytes }, keys);
    const feedFile = join(dir, 'latest.yml');
    await writeFile(feedFile, Buffer.from(await (await fetch(`${server.url}latest.yml`)).arrayBuffer()));

    // The app's own key is not this one: nothing is signed.
    const refused = await run([feedFile, '--key', keyFile]);
    expect(refused.out).toMatch(/public half is not the one in/);
    const signed = await run([feedFile, '--expect-public', publicFile], { UPDATE_SIGNING_KEY_FILE: keyFile });
    expect(signed.code).toBe(0);
    // The script wrote its signing time into the feed: the feed and its .sig are published together.
    const signedFeed = await readFile(feedFile, 'utf8');
    expect(signedFeed.match(/^signedAt: '.+'$/gm)).toHaveLength(1);
    server.put('latest.yml', signedFeed);
    server.put('latest.yml.sig', await readFile(`${feedFile}.sig`));
    expect((await updates({ publicKey: publicPem! }).check()).status.kind).toBe('downloaded');
  });
});

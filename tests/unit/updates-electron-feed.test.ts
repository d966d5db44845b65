import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveVerified } from '../../src/main/updates/electron-updates';
import { sha512Base64 } from '../support/update-feed';

// What electron-updater is given to install, read as it reads it (over HTTP on loopback): the
// verified file and a feed naming only it, by the SHA-512 checked before. electron-updater itself
// needs Electron: the Electron lane's updates.spec loads it.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'treasury-electron-feed-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the feed electron-updater reads', () => {
  it('names the verified file, whose bytes it serves, and nothing else', async () => {
    const bytes = new Uint8Array(randomBytes(10_000));
    const file = join(dir, 'Treasury-Setup-1.5.0.exe');
    await writeFile(file, bytes);
    const update = {
      version: '1.5.0',
      notes: '',
      wayBack: false,
      file,
      sha512: sha512Base64(bytes),
      size: bytes.byteLength,
      releaseDate: '2026-11-20T10:00:00.000Z',
    };
    const { url, server } = await serveVerified(update);
    try {
      expect(new URL(url).hostname).toBe('127.0.0.1');
      for (const channel of ['latest.yml', 'latest-mac.yml', 'latest-linux.yml', 'latest-linux-arm64.yml']) {
        const feed = JSON.parse(await (await fetch(`${url}${channel}?noCache=1`)).text()) as Record<string, unknown>;
        expect(feed).toEqual({
          version: '1.5.0',
          files: [{ url: 'Treasury-Setup-1.5.0.exe', sha512: sha512Base64(bytes), size: bytes.byteLength }],
          path: 'Treasury-Setup-1.5.0.exe',
          sha512: sha512Base64(bytes),
          releaseDate: '2026-11-20T10:00:00.000Z',
        });
      }
      const served = new Uint8Array(await (await fetch(`${url}Treasury-Setup-1.5.0.exe`)).arrayBuffer());
      expect(sha512Base64(served)).toBe(sha512Base64(bytes));
      expect((await fetch(`${url}other.exe`)).status).toBe(404);
      expect((await fetch(`${url}..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
      expect((await fetch(`${url}%E0%A4%A`)).status).toBe(400);
    } finally {
      server.close();
    }
  });
});

import { createRequire } from 'node:module';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import type { Configuration } from 'electron-builder';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedBaseUrl, PUBLIC_FEED, PUBLIC_FEED_URL } from '../../src/main/updates/feed-source';
import { compareVersions, parseVersion } from '../../src/main/updates/versions';

const root = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
// electron-builder's own loader (as installer-config.test.ts reads it) and the semver package as an oracle written apart.
const { getConfig } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: Configuration | null): Promise<Configuration>;
};
const semver = require('semver') as { compare(a: string, b: string): number; valid(v: string): string | null };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'treasury-feed-source-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('where updates come from', () => {
  it('the public build reads the GitHub releases electron-builder publishes to', async () => {
    const config = await getConfig(root, null, null);
    expect(config.publish).toEqual(PUBLIC_FEED);
    expect(await feedBaseUrl(dir)).toBe(PUBLIC_FEED_URL);
    expect(PUBLIC_FEED_URL).toBe(
      `https://github.com/${PUBLIC_FEED.owner}/${PUBLIC_FEED.repo}/releases/latest/download/`,
    );
  });

  it('a company’s server named in the data folder replaces it', async () => {
    await writeFile(join(dir, 'update-feed.json'), JSON.stringify({ url: 'https://updates.example.com/treasury' }));
    expect(await feedBaseUrl(dir)).toBe('https://updates.example.com/treasury/');
  });

  it('a server that is not https (off this machine), or a file that is not the setting, stops the check with why', async () => {
    await writeFile(join(dir, 'update-feed.json'), JSON.stringify({ url: 'http://updates.example.com/' }));
    await expect(feedBaseUrl(dir)).rejects.toThrow(/not usable: use https:\/\//);
    await writeFile(join(dir, 'update-feed.json'), '{"address": 1}');
    await expect(feedBaseUrl(dir)).rejects.toThrow(/should hold \{"url"/);
  });
});

describe('versions', () => {
  const id = fc.oneof(fc.nat({ max: 20 }).map(String), fc.constantFrom('alpha', 'beta', 'rc', 'x-1', 'a'));
  const version = fc
    .tuple(fc.nat({ max: 3 }), fc.nat({ max: 3 }), fc.nat({ max: 3 }), fc.array(id, { maxLength: 3 }))
    .map(([a, b, c, pre]) => `${a}.${b}.${c}${pre.length ? `-${pre.join('.')}` : ''}`);

  it('order as semver orders them', () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        const [pa, pb] = [parseVersion(a), parseVersion(b)];
        expect(pa && pb && compareVersions(pa, pb)).toBe(semver.compare(a, b));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not a version, as semver does', () => {
    for (const text of ['1.2', '1.2.3.4', '01.2.3', '1.2.3-01', 'latest', '1.2.3-', '']) {
      expect({ text, ours: parseVersion(text) }).toEqual({
        text,
        ours: semver.valid(text) === null ? null : expect.anything(),
      });
    }
  });
});

import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAppFile } from '../../src/main/app-protocol/app-files';
import { CONTENT_SECURITY_POLICY } from '../../src/main/app-protocol/content-security-policy';

let dir: string;
let root: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'treasury-app-files-'));
  root = join(dir, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(dir, 'secret.txt'), 'outside the root');
  await symlink(join(dir, 'secret.txt'), join(root, 'assets', 'link.txt'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the app scheme serves the built renderer', () => {
  it('serves index.html at / and assets with their types, the CSP on every response', async () => {
    const index = await readAppFile(root, '/');
    expect(index.status).toBe(200);
    expect(index.headers['Content-Type']).toMatch(/text\/html/);
    expect(index.body.toString()).toContain('<title>app</title>');
    const js = await readAppFile(root, '/assets/app.js');
    expect(js.headers['Content-Type']).toMatch(/javascript/);
    for (const r of [index, js, await readAppFile(root, '/missing.js')]) {
      expect(r.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(r.headers['X-Content-Type-Options']).toBe('nosniff');
    }
  });

  it('never leaves the root: .., encoded slashes, symlinks, NUL, odd methods', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/..%2F..%2Fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/link.txt',
      '/assets',
    ]) {
      const r = await readAppFile(root, path);
      expect(r.status, path).toBe(404);
      expect(r.body.toString()).not.toContain('outside the root');
    }
    expect((await readAppFile(root, '/%E0%A4%A')).status).toBe(400);
    expect((await readAppFile(root, '/index.html%00.js')).status).toBe(400);
    expect((await readAppFile(root, '/index.html', 'POST')).status).toBe(405);
  });
});

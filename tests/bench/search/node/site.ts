import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import type { RowsManifest } from '../shared/protocol';

/**
 * The bench's made-up origin, served entirely by request interception (no server, no port).
 * https makes it a secure context; COOP + COEP make it cross-origin isolated, which
 * performance.measureUserAgentSpecificMemory() requires.
 */
export const ORIGIN = 'https://search-bench.test';

const ISOLATED = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

const PAGE_HTML =
  '<!doctype html><meta charset="utf-8"><title>search bench</title><script type="module" src="/page.js"></script>';

interface File {
  body: Buffer;
  type: string;
}

export class Site {
  private readonly files = new Map<string, File>();

  constructor(pageJs: string) {
    this.put('/', PAGE_HTML, 'text/html; charset=utf-8');
    this.put('/page.js', pageJs, 'text/javascript');
    // sqlite-wasm finds its .wasm (and, if it starts OPFS, its proxy) next to the importing script.
    const dist = join(dirname(createRequire(import.meta.url).resolve('@sqlite.org/sqlite-wasm/package.json')), 'dist');
    this.put('/workers/sqlite3.wasm', readFileSync(join(dist, 'sqlite3.wasm')), 'application/wasm');
    this.put(
      '/workers/sqlite3-opfs-async-proxy.js',
      readFileSync(join(dist, 'sqlite3-opfs-async-proxy.js')),
      'text/javascript',
    );
  }

  put(path: string, body: string | Uint8Array, type: string): void {
    this.files.set(path, {
      body: typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      type,
    });
  }

  /** The rows of one size as chunks plus a manifest; returns the manifest's URL. */
  putRows(name: string, rows: number, chunks: readonly Uint8Array[]): string {
    const manifest: RowsManifest = {
      rows,
      bytes: chunks.reduce((n, c) => n + c.byteLength, 0),
      chunks: chunks.map((_, i) => `/rows/${name}/${i}.bin`),
    };
    chunks.forEach((c, i) => this.put(manifest.chunks[i] as string, c, 'application/octet-stream'));
    const url = `/rows/${name}/manifest.json`;
    this.put(url, JSON.stringify(manifest), 'application/json');
    return url;
  }

  dropRows(name: string): void {
    for (const path of [...this.files.keys()]) if (path.startsWith(`/rows/${name}/`)) this.files.delete(path);
  }

  async attach(context: BrowserContext): Promise<void> {
    await context.route(`${ORIGIN}/**`, (route) => {
      const file = this.files.get(new URL(route.request().url()).pathname);
      if (!file) return route.fulfill({ status: 404, headers: ISOLATED, body: 'not found' });
      return route.fulfill({ status: 200, headers: { ...ISOLATED, 'content-type': file.type }, body: file.body });
    });
  }
}

import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/window-policy';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the built renderer on loopback with the same CSP header the app's session adds, so
 * the page runs under the policy it ships with. Paths outside the root are refused.
 */
export async function serveStatic(rootDir: string): Promise<StaticServer> {
  const root = resolve(rootDir);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = normalize(join(root, path === '/' ? 'index.html' : path));
      const info = file.startsWith(root + sep) ? await stat(file).catch(() => null) : null;
      if (!info?.isFile()) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'Cache-Control': 'no-store',
      });
      createReadStream(file).pipe(res);
    })();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** The renderer as electron-vite builds it. */
export const RENDERER_DIR = resolve(__dirname, '../../../out/renderer');

export function serveRenderer(): Promise<StaticServer> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) throw new Error('out/renderer is missing: run `npx electron-vite build` first.');
  return serveStatic(RENDERER_DIR);
}

import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './content-security-policy';

/**
 * The built renderer as HTTP-like responses: one function for the app's own scheme in Electron,
 * the Chromium host and the e2e harness, so every way of running the page gets the same files
 * with the same headers and the same Content Security Policy.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

export interface AppFileResponse {
  status: 200 | 400 | 404 | 405;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers of every response, errors included: the policy holds for whatever the page loads. */
export function appResponseHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
}

function plain(status: AppFileResponse['status'], text: string): AppFileResponse {
  return { status, headers: appResponseHeaders('text/plain; charset=utf-8'), body: Buffer.from(text) };
}

/**
 * The file `pathname` names under `rootDir` (`/` is index.html). Anything outside the root,
 * through `..`, an encoded slash or a symlink, is not found.
 */
export async function readAppFile(rootDir: string, pathname: string, method = 'GET'): Promise<AppFileResponse> {
  if (method !== 'GET' && method !== 'HEAD') return plain(405, 'method not allowed');
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return plain(400, 'bad path');
  }
  if (path.includes('\0') || path.includes('\\')) return plain(400, 'bad path');
  const root = resolve(rootDir);
  const file = resolve(join(root, path === '/' || path === '' ? 'index.html' : path));
  if (!file.startsWith(root + sep)) return plain(404, 'not found');
  try {
    const real = await realpath(file);
    const realRoot = await realpath(root);
    if (!real.startsWith(realRoot + sep) || !(await stat(real)).isFile()) return plain(404, 'not found');
    return {
      status: 200,
      headers: appResponseHeaders(TYPES[extname(real)] ?? 'application/octet-stream'),
      body: method === 'HEAD' ? Buffer.alloc(0) : await readFile(real),
    };
  } catch {
    return plain(404, 'not found');
  }
}

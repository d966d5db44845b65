import { resolve } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { buildSync } from 'esbuild';
import { HOST_ORIGIN } from '../../../src/browser-host/origin';
import { appResponseHeaders } from '../../../src/main/app-protocol/app-files';

/**
 * A bare page on the app's origin, under the app's CSP, running one renderer module (an entry
 * of tests/renderer/entries) and the app's workers: for the renderer lane's tests and for the
 * benchmarks that measure renderer code in Chromium. Served by request interception.
 */

export const LANE_PATH = '/__lane/';
export const LANE_URL = `${HOST_ORIGIN}${LANE_PATH}index.html`;

const bundles = new Map<string, string>();

function bundle(file: string): string {
  let code = bundles.get(file);
  if (code === undefined) {
    // Styles are the app's look, not what a lane measures: a component's CSS import bundles to nothing.
    // React's production build: a lane that renders components measures what the app ships.
    const out = buildSync({
      entryPoints: [file],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'chrome120',
      write: false,
      logLevel: 'silent',
      loader: { '.css': 'empty' },
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    code = out.outputFiles[0]?.text ?? '';
    bundles.set(file, code);
  }
  return code;
}

const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>lane</title><script type="module" src="./entry.js"></script></head><body></body></html>';

/** The worker scripts a lane page may start, by name (`/__lane/workers/<name>.js`). */
const WORKERS: Record<string, string> = {
  search: resolve(__dirname, '../../../src/renderer/src/workers/search.worker.ts'),
};

export interface LaneServer {
  /** Which entry the next load of the page runs. */
  use(entry: string): void;
}

/**
 * `isolated`: cross-origin isolated (COEP require-corp besides the app's COOP), so benchmarks can
 * call performance.measureUserAgentSpecificMemory().
 */
export async function serveLane(context: BrowserContext, options: { isolated?: boolean } = {}): Promise<LaneServer> {
  let entry = '';
  const headers = (type: string) => ({
    ...appResponseHeaders(type),
    ...(options.isolated ? { 'Cross-Origin-Embedder-Policy': 'require-corp' } : {}),
  });
  await context.route(
    (url) => url.origin === HOST_ORIGIN && url.pathname.startsWith(LANE_PATH),
    (route) => {
      const path = new URL(route.request().url()).pathname.slice(LANE_PATH.length);
      const js = (code: string) =>
        route.fulfill({ status: 200, headers: headers('text/javascript; charset=utf-8'), body: code });
      if (path === 'index.html')
        return route.fulfill({ status: 200, headers: headers('text/html; charset=utf-8'), body: PAGE });
      if (path === 'entry.js') return js(bundle(resolve(__dirname, '../entries', entry)));
      const worker = /^workers\/([a-z-]+)\.js$/.exec(path)?.[1];
      if (worker && WORKERS[worker]) return js(bundle(WORKERS[worker]));
      return route.fulfill({ status: 404, headers: appResponseHeaders('text/plain'), body: 'not found' });
    },
  );
  return { use: (e) => (entry = e) };
}

export async function openLane(page: Page, server: LaneServer, entry: string): Promise<void> {
  server.use(entry);
  await page.goto(LANE_URL);
  await page.waitForFunction(() => 'lane' in globalThis);
}

/** Calls a function the entry exposed; arguments and result cross as JSON-like values. */
export function runInLane<T>(page: Page, name: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([n, a]) =>
      (globalThis as unknown as { lane: Record<string, (...x: unknown[]) => unknown> }).lane[n as string]!(
        ...(a as unknown[]),
      ),
    [name, args] as const,
  ) as Promise<T>;
}

import { resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { buildSync } from 'esbuild';
import { HOST_ORIGIN } from '../../../src/browser-host/origin';
import { buildShim } from '../../../src/browser-host/shim-bundle';
import { appResponseHeaders } from '../../../src/main/app-protocol/app-files';
import type { MainCore } from '../../../src/main/core';
import { startSession, type SessionOptions } from '../../e2e/harness/session';

/**
 * The lane for renderer logic (sync, search, outbox, repositories): a module of the renderer is
 * bundled into a bare page on the app's origin, under the app's CSP, with window.treasury bridged
 * to main's real core and a real Demo sandbox behind it, so it runs against real IndexedDB, Web
 * Locks and workers in Chromium. An entry (tests/renderer/entries/*.ts) calls `expose({...})`; a
 * spec calls those functions with `lane.run(name, ...args)`.
 */

export interface Lane {
  page: Page;
  core: MainCore;
  /** Loads (or reloads) the page with `entry` (a file name in tests/renderer/entries). */
  open(entry: string): Promise<void>;
  /** Calls a function the entry exposed; arguments and result cross as JSON-like values. */
  run<T = unknown>(name: string, ...args: unknown[]): Promise<T>;
}

const LANE_PATH = '/__lane/';
const bundles = new Map<string, string>();

function bundle(entry: string): string {
  let code = bundles.get(entry);
  if (code === undefined) {
    const out = buildSync({
      entryPoints: [resolve(__dirname, '../entries', entry)],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'chrome120',
      write: false,
      logLevel: 'silent',
    });
    code = out.outputFiles[0]?.text ?? '';
    bundles.set(entry, code);
  }
  return code;
}

const PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>lane</title><script type="module" src="./entry.js"></script></head><body></body></html>';

export const test = base.extend<{ lane: Lane; laneSession: SessionOptions }, { shim: string }>({
  laneSession: [{}, { option: true }],
  shim: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      await use(buildShim());
    },
    { scope: 'worker' },
  ],
  lane: async ({ page, shim, laneSession }, use) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    let entry = '';
    await page.context().route(
      (url) => url.origin === HOST_ORIGIN && url.pathname.startsWith(LANE_PATH),
      (route) => {
        const path = new URL(route.request().url()).pathname.slice(LANE_PATH.length);
        if (path === 'index.html') return route.fulfill({ status: 200, headers: appResponseHeaders('text/html; charset=utf-8'), body: PAGE });
        if (path === 'entry.js') return route.fulfill({ status: 200, headers: appResponseHeaders('text/javascript; charset=utf-8'), body: bundle(entry) });
        return route.fulfill({ status: 404, headers: appResponseHeaders('text/plain'), body: 'not found' });
      },
    );
    const session = await startSession(page, shim, laneSession);
    const lane: Lane = {
      page,
      core: session.core,
      async open(name) {
        entry = name;
        await page.goto(`${HOST_ORIGIN}${LANE_PATH}index.html`);
        await page.waitForFunction(() => 'lane' in globalThis);
      },
      run: (name, ...args) =>
        page.evaluate(
          ([n, a]) => (globalThis as unknown as { lane: Record<string, (...x: unknown[]) => unknown> }).lane[n as string]!(...(a as unknown[])),
          [name, args] as const,
        ) as Promise<never>,
    };
    try {
      await use(lane);
    } finally {
      await page.close().catch(() => undefined);
      await session.dispose();
    }
    expect(pageErrors, 'uncaught errors in the lane page').toEqual([]);
  },
});

export { expect };

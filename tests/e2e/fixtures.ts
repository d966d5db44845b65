import { test as base, expect, type Page } from '@playwright/test';
import type { MainCore } from '../../src/main/core';
import type { Sandbox } from '../../src/sandbox';
import type { ConnectivityState } from '../../src/shared/ipc';
import type { PageBridge } from './harness/bridge';
import { startSession, type SessionOptions } from './harness/session';
import { buildShim } from './harness/shim-bundle';
import { serveRenderer, type StaticServer } from './harness/static-server';

export interface App {
  page: Page;
  core: MainCore;
  userDataDir: string;
  /** Every console message and page error of the test, as text. */
  consoleLog: string[];
  /** Loads the renderer and waits for it to leave "Loading…". */
  open(): Promise<void>;
  /** The Demo profile's sandbox (started by selecting Demo), for injecting faults. */
  demoSandbox(): Promise<Sandbox>;
  /** Waits until every event the core emitted so far has reached the page. */
  events: PageBridge;
  /**
   * Makes the core probe until it reports `state`, as its own backoff timer would, only
   * sooner. Polling because a probe already in flight (started before a fault was set) is
   * shared by concurrent checks and may still report the old state.
   */
  probeUntil(state: ConnectivityState): Promise<void>;
}

interface WorkerFixtures {
  rendererServer: StaticServer;
  shim: string;
}

/** Things the browser must never report; they fail the test at teardown. */
const FORBIDDEN_CONSOLE = /Content Security Policy|Refused to (load|execute|apply|connect)|Uncaught/i;

interface TestFixtures {
  app: App;
  /** How the app's core starts; set per file or describe with `test.use({ session: {...} })`. */
  session: SessionOptions;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  session: [{}, { option: true }],
  rendererServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await serveRenderer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  shim: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      await use(buildShim());
    },
    { scope: 'worker' },
  ],

  app: async ({ page, rendererServer, shim, session: sessionOptions }, use) => {
    const consoleLog: string[] = [];
    page.on('console', (m) => consoleLog.push(`[${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => consoleLog.push(`[pageerror] ${e.message}`));
    const session = await startSession(page, shim, sessionOptions);
    const { core } = session;

    const app: App = {
      page,
      core,
      userDataDir: session.userDataDir,
      consoleLog,
      events: session.events,
      async open() {
        await page.goto(rendererServer.url);
        await expect(page.getByText('Loading…')).toHaveCount(0);
      },
      async probeUntil(state) {
        await expect.poll(async () => (await core.handlers['connectivity:check'](undefined)).state).toBe(state);
      },
      async demoSandbox() {
        const s = await core.demo.running();
        if (!s) throw new Error('the Demo sandbox is not running: select the Demo profile first');
        return s;
      },
    };
    try {
      await use(app);
    } finally {
      await page.close().catch(() => undefined);
      await session.dispose();
    }
    expect(consoleLog.filter((l) => FORBIDDEN_CONSOLE.test(l)), 'console errors the page must never produce').toEqual([]);
  },
});

export { expect };

import { test as base, expect, type Page } from '@playwright/test';
import type { MemoryClipboard } from '../../src/main/clipboard/secret-clipboard';
import type { MainCore } from '../../src/main/core';
import type { Sandbox } from '../../src/sandbox';
import type { ConnectivityState } from '../../src/shared/ipc';
import type { PageBridge } from '../../src/browser-host/bridge';
import { HOST_ENTRY_URL } from '../../src/browser-host/origin';
import { serveAppFiles } from '../../src/browser-host/serve-app';
import { buildShim } from '../../src/browser-host/shim-bundle';
import { promptsOf, type Prompts } from './harness/prompts';
import { PINNED_NOON, type SessionClock } from './harness/clock';
import { startSession, type SessionOptions } from './harness/session';
import { rendererDir } from './harness/renderer';

export interface App {
  page: Page;
  core: MainCore;
  userDataDir: string;
  /** Counts of unsent approved items the renderer reported to main, in order (what closing the last window asks about). */
  unsentReports: number[];
  /** Every OS notification main showed, in order (main checks each against the person's settings). */
  notices: { title: string; body: string }[];
  /** The clipboard main writes to (in memory in this harness). */
  clipboard: MemoryClipboard;
  /**
   * main's questions (a reveal, a typed key or address, an export), each in the Chromium host's
   * own prompt window: read and answered there by its buttons, as the person would.
   */
  prompts: Prompts;
  /** The clock main, the Demo and the page share: pinned to `session.now` (PINNED_NOON by default). */
  clock: SessionClock;
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
  shim: string;
}

/** Things the browser must never report; they fail the test at teardown. */
const FORBIDDEN_CONSOLE = /Content Security Policy|Refused to (load|execute|apply|connect)|Uncaught/i;

interface TestFixtures {
  app: App;
  /** Console lines this test provokes on purpose (e.g. CSP refusals it asserts on). */
  allowedConsole: RegExp[];
  /**
   * How the app's core starts; set per file or describe with `test.use({ session: {...} })`.
   * Every clock is pinned: to `session.now` when given, to PINNED_NOON otherwise.
   */
  session: SessionOptions;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  session: [{}, { option: true }],
  allowedConsole: [[], { option: true }],
  shim: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      await use(buildShim());
    },
    { scope: 'worker' },
  ],

  app: async ({ page, shim, session: sessionOptions, allowedConsole }, use) => {
    const consoleLog: string[] = [];
    page.on('console', (m) => consoleLog.push(`[${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => consoleLog.push(`[pageerror] ${e.message}`));
    // The built renderer, served as the app's scheme serves it: same files, headers and policy.
    await serveAppFiles(page.context(), rendererDir());
    const session = await startSession(page, shim, { now: PINNED_NOON, ...sessionOptions });
    const { core, clock } = session;
    if (!clock) throw new Error('the session has no pinned clock');

    const app: App = {
      page,
      core,
      userDataDir: session.userDataDir,
      unsentReports: session.unsentReports,
      notices: session.notices,
      clipboard: session.clipboard,
      prompts: promptsOf(session.prompts),
      clock,
      consoleLog,
      events: session.events,
      async open() {
        await page.goto(HOST_ENTRY_URL);
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
    const forbidden = consoleLog.filter((l) => FORBIDDEN_CONSOLE.test(l) && !allowedConsole.some((a) => a.test(l)));
    expect(forbidden, 'console errors the page must never produce').toEqual([]);
  },
});

export { expect };

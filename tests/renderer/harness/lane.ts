import { test as base, expect, type Page } from '@playwright/test';
import { buildShim } from '../../../src/browser-host/shim-bundle';
import type { MainCore } from '../../../src/main/core';
import { promptsOf, type Prompts } from '../../e2e/harness/prompts';
import { PINNED_NOON, type SessionClock } from '../../e2e/harness/clock';
import { startSession, type SessionOptions } from '../../e2e/harness/session';
import { openLane, runInLane, serveLane } from './lane-page';

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
  /** main's questions (an export's file, a reveal), answered in the host's prompt window as a person would. */
  prompts: Prompts;
  /** The clock main, the Demo and the page share: pinned to `laneSession.now` (PINNED_NOON by default). */
  clock: SessionClock;
  /** Loads (or reloads) the page with `entry` (a file name in tests/renderer/entries). */
  open(entry: string): Promise<void>;
  /** Calls a function the entry exposed; arguments and result cross as JSON-like values. */
  run<T = unknown>(name: string, ...args: unknown[]): Promise<T>;
}

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
    const server = await serveLane(page.context());
    const session = await startSession(page, shim, { now: PINNED_NOON, ...laneSession });
    if (!session.clock) throw new Error('the lane has no pinned clock');
    const lane: Lane = {
      page,
      core: session.core,
      prompts: promptsOf(session.prompts),
      clock: session.clock,
      open: (name) => openLane(page, server, name),
      run: (name, ...args) => runInLane(page, name, ...args),
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

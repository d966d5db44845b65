import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { connectPage } from '../../../src/browser-host/bridge';
import { chromiumArgs, findChromium } from '../../../src/browser-host/find-chromium';
import { buildShim } from '../../../src/browser-host/shim-bundle';
import { createMainCore, type MainCore } from '../../../src/main/core';
import { dispatch } from '../../../src/main/ipc/dispatch';
import type { Sandbox } from '../../../src/sandbox';
import { openLane, runInLane, serveLane } from '../../renderer/harness/lane-page';

/**
 * What a renderer benchmark runs on: main's real core (memory secrets, a temporary user folder)
 * and Debian's Chromium with one lane page (an entry of tests/renderer/entries) connected to
 * that core through the same bridge as the e2e tests.
 */
export interface LaneBench {
  core: MainCore;
  browser: Browser;
  page: Page;
  /** Calls a function the entry exposed. */
  run<T>(name: string, ...args: unknown[]): Promise<T>;
  /** Loads the entry again in a fresh page state (as a restart of the window would). */
  reopen(): Promise<void>;
  /** A session-only profile on that sandbox; its id. */
  profileFor(sandbox: Sandbox, name: string): Promise<string>;
  close(): Promise<void>;
}

/** `isolated`: cross-origin isolated, so the page can measure its memory. */
export async function startLaneBench(entry: string, options: { isolated?: boolean } = {}): Promise<LaneBench> {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error('Chromium is needed to run this benchmark: install it with scripts/ensure-system-packages.sh');
  const dir = await mkdtemp(join(tmpdir(), 'bench-lane-'));
  const core = await createMainCore({ userDataDir: join(dir, 'user'), version: 'bench', platform: process.platform, secrets: 'memory', emit: () => undefined });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs(['--disable-gpu']) });
  const context = await browser.newContext();
  const server = await serveLane(context, options);
  const page = await context.newPage();
  await connectPage(page, buildShim(), () => core.handlers);
  await openLane(page, server, entry);
  return {
    core,
    browser,
    page,
    run: (name, ...args) => runInLane(page, name, ...args),
    reopen: () => openLane(page, server, entry),
    profileFor: async (sandbox, name) => {
      const r = await dispatch(core.handlers, 'profiles:create', { name, baseUrl: sandbox.apiUrl, vaultUrl: sandbox.vaultUrl, apiKey: sandbox.apiKey, sessionOnly: true });
      if (!r.ok) throw new Error(`could not create the benchmark's profile for ${sandbox.apiUrl}: ${r.error.message}`);
      return (r.value as { id: string }).id;
    },
    close: async () => {
      await browser.close();
      await core.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { connectPage } from '../../../src/browser-host/bridge';
import { chromiumArgs, findChromium } from '../../../src/browser-host/find-chromium';
import { buildShim } from '../../../src/browser-host/shim-bundle';
import { createMainCore, type MainCore } from '../../../src/main/core';
import { FakePrompt } from '../../support/fake-prompt';
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

export interface LaneOptions {
  /** Cross-origin isolated, so the page can measure its memory. */
  isolated?: boolean;
  /**
   * Chromium's profile folder: the page's storage (IndexedDB, the Origin Private File System)
   * stays there when this browser closes, for another browser process to open. A temporary
   * in-memory profile otherwise.
   */
  browserDataDir?: string;
  /** Main's core to connect to (left running on close); a new one of its own otherwise. */
  core?: MainCore;
}

export function chromiumPath(): string {
  const path = findChromium();
  if (!path)
    throw new Error('Chromium is needed to run this benchmark: install it with scripts/ensure-system-packages.sh');
  return path;
}

/** Debian's Chromium with a profile kept in `dataDir` (the browser is `context.browser()`). */
export async function launchPersistent(
  dataDir: string,
  viewport?: { width: number; height: number },
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dataDir, {
    executablePath: chromiumPath(),
    args: chromiumArgs(['--disable-gpu']),
    ...(viewport ? { viewport } : {}),
  });
}

export async function startLaneBench(entry: string, options: LaneOptions = {}): Promise<LaneBench> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-lane-'));
  // The benchmark is the person here: it confirms the profiles it makes for its own sandboxes.
  const core =
    options.core ??
    (await createMainCore({
      userDataDir: join(dir, 'user'),
      version: 'bench',
      platform: process.platform,
      secrets: 'memory',
      emit: () => undefined,
      prompt: new FakePrompt('confirm'),
    }));
  const context = options.browserDataDir
    ? await launchPersistent(options.browserDataDir)
    : await (
        await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs(['--disable-gpu']) })
      ).newContext();
  const browser = context.browser();
  if (!browser) throw new Error('Playwright gave no browser for the lane page');
  const server = await serveLane(context, options);
  const page = context.pages()[0] ?? (await context.newPage());
  await connectPage(page, buildShim(), () => core.handlers);
  await openLane(page, server, entry);
  return {
    core,
    browser,
    page,
    run: (name, ...args) => runInLane(page, name, ...args),
    reopen: () => openLane(page, server, entry),
    profileFor: async (sandbox, name) => {
      const r = await dispatch(core.handlers, 'profiles:create', {
        name,
        baseUrl: sandbox.apiUrl,
        vaultUrl: sandbox.vaultUrl,
        apiKey: sandbox.apiKey,
        sessionOnly: true,
      });
      if (!r.ok) throw new Error(`could not create the benchmark's profile for ${sandbox.apiUrl}: ${r.error.message}`);
      return (r.value as { id: string }).id;
    },
    close: async () => {
      await context.close();
      await browser.close();
      if (!options.core) await core.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

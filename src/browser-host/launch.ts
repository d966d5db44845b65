import { chromium, errors, type BrowserContext, type Page } from '@playwright/test';
import { createMainCore, type MainCore, type MainCoreOptions } from '../main/core';
import { connectPage, type PageBridge } from './bridge';
import { chromiumArgs } from './find-chromium';
import { HostPrompt } from './host-prompt';
import { HOST_ENTRY_URL } from './origin';
import { pageTheme } from './page-theme';
import { serveAppFiles } from './serve-app';
import { buildShim } from './shim-bundle';
import { chromiumOf, openWithSystem } from './system-open';

export interface HostOptions {
  /** main's data folder (profiles.json), as Electron's userData. */
  userDataDir: string;
  /** Chromium's profile: the page's IndexedDB lives here. */
  browserDataDir: string;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  chromiumPath: string;
  headless?: boolean;
  secrets?: MainCoreOptions['secrets'];
  demo?: MainCoreOptions['demo'];
  /** Where exports are saved: there is no native save dialog in this host. */
  exportDir?: string;
  version: string;
}

export interface RunningHost {
  context: BrowserContext;
  page: Page;
  core: MainCore;
  events: PageBridge;
  /** main's questions to the person, each in a window of its own (a host test answers them as a person would). */
  prompts: HostPrompt;
  /** Resolves when the window is closed (by the person or by close()). */
  closed: Promise<void>;
  close(): Promise<void>;
}

// Playwright's two words for "another navigation of this frame won": the other one committed
// while ours was pending, or it started and canceled ours.
const SUPERSEDED = /is interrupted by another navigation to|net::ERR_ABORTED/;

/**
 * Loads the app's entry page, once. Two navigations go there at start: Chromium's own, from
 * --app at launch (before the routes and the bridge can exist: Playwright installs them on a
 * running browser), and this one. Usually the first has long finished; on a busy machine it can
 * still be committing when this one starts, and goto then fails with "Navigation to … is
 * interrupted by another navigation to …" (2 starts in 70 under load), or, when Chromium's
 * starts later still, ours is aborted. Only those errors are retried, after the other
 * navigation has loaded, a bounded number of times.
 */
export async function openEntry(page: Page, url: string = HOST_ENTRY_URL, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (error) {
      const superseded =
        error instanceof Error && !(error instanceof errors.TimeoutError) && SUPERSEDED.test(error.message);
      if (!superseded || attempt >= attempts) throw error;
      await page.waitForLoadState('load').catch(() => undefined);
    }
  }
}

/**
 * Plays Electron's part in an installed Chromium: main's real core runs in this process, the
 * page is the built renderer served from a fixed origin by request interception, and
 * window.treasury reaches the core through a Playwright binding over Chromium's debugging pipe
 * (Playwright launches with --remote-debugging-pipe: no TCP port is opened). A real window in
 * app mode, or headless for tests.
 */
export async function openHost(o: HostOptions): Promise<RunningHost> {
  const context = await chromium.launchPersistentContext(o.browserDataDir, {
    executablePath: o.chromiumPath,
    headless: o.headless ?? false,
    viewport: null,
    args: chromiumArgs([`--app=${HOST_ENTRY_URL}`, '--window-size=1280,800']),
  });
  let core: MainCore | undefined;
  try {
    await serveAppFiles(context, o.rendererDir);
    const page = context.pages()[0] ?? (await context.newPage());
    const late: { core?: MainCore } = {};
    const events = await connectPage(page, buildShim(), () => late.core?.handlers);
    const prompts = new HostPrompt(context, o.headless ? {} : { window: { width: 560, height: 460 } });
    core = await createMainCore({
      userDataDir: o.userDataDir,
      version: o.version,
      platform: process.platform,
      emit: (event, payload) => events.emit(event, payload),
      secrets: o.secrets ?? 'keychain',
      prompt: prompts,
      applyTheme: pageTheme(page),
      ...(o.demo ? { demo: o.demo } : {}),
      ...(o.exportDir ? { exportDir: o.exportDir } : {}),
      chromiumVersion: context.browser()?.version() ?? chromiumOf(await page.evaluate(() => navigator.userAgent)),
      openFolder: openWithSystem,
    });
    late.core = core;
    const logged = core;
    page.on('crash', () => logged.log.error('window.gone', { reason: 'crashed' }));
    // --app opened the page before the routes and the bridge existed: load it again with them.
    await openEntry(page);
    const running = core;
    let disposed: Promise<void> | undefined;
    const dispose = () => (disposed ??= running.dispose());
    const closed = new Promise<void>((resolve) => {
      context.once('close', () => void dispose().then(resolve, resolve));
    });
    return {
      context,
      page,
      core: running,
      events,
      prompts,
      closed,
      close: async () => {
        await context.close().catch(() => undefined);
        await closed;
      },
    };
  } catch (error) {
    await core?.dispose().catch(() => undefined);
    await context.close().catch(() => undefined);
    throw error;
  }
}

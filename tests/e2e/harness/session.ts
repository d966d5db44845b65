import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { MemoryClipboard } from '../../../src/main/clipboard/secret-clipboard';
import type { SecretStore } from '../../../src/main/secrets/secret-store';
import { createMainCore, type MainCore, type MainCoreOptions } from '../../../src/main/core';
import type { DemoOptions } from '../../../src/main/demo/demo-sandbox';
import { connectPage, type PageBridge } from '../../../src/browser-host/bridge';
import { HostPrompt } from '../../../src/browser-host/host-prompt';
import { SessionClock } from './clock';
import { pageTheme } from '../../../src/browser-host/page-theme';
import { HELD_LOCKS_SCRIPT } from '../../../src/main/updates/page-work';
import type { LogBounds } from '../../../src/main/logs/log-files';

export interface SessionOptions {
  /**
   * Where the core keeps keys: 'memory' stands in for a working system keychain (the default),
   * 'unavailable' for a machine without one (keys can only be kept for the session), or a store
   * the test holds too (to read what a thief with the keychain would).
   */
  secrets?: 'memory' | 'unavailable' | SecretStore;
  /** The OS main reports to the page (Node's process.platform names); 'darwin' shows ⌘ shortcuts. */
  platform?: string;
  /**
   * Runs after the userDataDir exists and before the core starts, e.g. to leave a damaged or
   * hand-made profiles.json there, as a previous run (or a person) could have.
   */
  beforeStart?: (userDataDir: string) => Promise<void>;
  /**
   * The instant every clock of the session starts at (main's core, the Demo's sandbox, the page),
   * running on from there: the test fixtures always pin one (PINNED_NOON unless a test chooses).
   * Benchmarks leave it out: Playwright's clock replaces the page's performance.now(), which they
   * measure with.
   */
  now?: number;
  /**
   * The Demo's sample history (small by default, so tests start fast). `startAt` only without
   * `now` (benchmarks): it starts the Demo's clock alone, when the Demo starts. `team`: the Demo's
   * simulated team, off unless a test turns it on (it starts a database server).
   */
  demo?: { seed: number; transactions: number; startAt?: number; team?: DemoOptions['team'] };
  /**
   * How long main keeps a copied secret on the clipboard (30 s in the app). A test shortens it
   * and then waits for the clipboard to be empty: a state, not a sleep.
   */
  clipboardClearMs?: number;
  /**
   * main's clock standing still at this instant (ms), while the page's and the Demo's run on from
   * `now`: what main's limits count in and its audit records. A test that counts attempts per
   * minute pins it, so a slow machine cannot spread them over two.
   */
  mainNow?: number;
  /**
   * Stands in for the OS's light or dark preference, which "Follow the system" shows. Without it
   * the page keeps the emulation the test gave it (light unless it says otherwise).
   */
  systemColorScheme?: 'light' | 'dark';
  /** The version main reports ('e2e' unless a test of updates needs a version number). */
  version?: string;
  /** An installer step and the feed's key, for tests of the Updates panel as the app shows it. */
  updates?: MainCoreOptions['updates'];
  /** The log folder's bound (5 files of 5 MB in the app); a test makes it small to see the files rotate. */
  logBounds?: LogBounds;
}

export interface Session {
  core: MainCore;
  events: PageBridge;
  userDataDir: string;
  /** Every count of unsent approved items the renderer reported to main (app:outboxUnsent), in order. */
  unsentReports: number[];
  /** Every OS notification main showed (after its own check of the person's settings), in order. */
  notices: { title: string; body: string }[];
  /** The system clipboard as main sees it (in memory here); `writes` holds everything written to it. */
  clipboard: MemoryClipboard;
  /** main's questions, each in its own window of this browser (the Chromium host's real prompt). */
  prompts: HostPrompt;
  /** The session's pinned clock, when `now` was given. */
  clock: SessionClock | undefined;
  dispose(): Promise<void>;
}

/**
 * One app session for a page: a fresh userDataDir, the real main-process core (in-memory
 * secrets unless told otherwise, a small Demo) and the page's bridge to it. Used by the fixture and the screenshots.
 */
export async function startSession(page: Page, shim: string, options: SessionOptions = {}): Promise<Session> {
  if (options.now !== undefined && options.demo?.startAt !== undefined) {
    throw new Error(
      'startSession: give `now` (every clock) or `demo.startAt` (the Demo alone), not both: the Demo would start behind the page',
    );
  }
  const clock = options.now === undefined ? undefined : new SessionClock(page, options.now);
  await clock?.pinPage();
  const userDataDir = await mkdtemp(join(tmpdir(), 'treasury-e2e-'));
  try {
    await options.beforeStart?.(userDataDir);
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
  // The bridge needs the core's handlers and the core needs the bridge's emit: a late binding.
  const late: { core?: MainCore } = {};
  const unsentReports: number[] = [];
  const notices: Session['notices'] = [];
  const clipboard = new MemoryClipboard();
  const prompts = new HostPrompt(page.context());
  const events = await connectPage(page, shim, () => late.core?.handlers);
  const core = await createMainCore({
    userDataDir,
    version: options.version ?? 'e2e',
    platform: options.platform ?? process.platform,
    emit: (event, payload) => events.emit(event, payload),
    secrets: options.secrets ?? 'memory',
    // The Demo runs on the session's clock even where main's stands still (mainNow).
    demo: { ...(options.demo ?? { seed: 7, transactions: 300 }), ...(clock ? { now: clock.now } : {}) },
    reportUnsent: (count) => unsentReports.push(count),
    notify: (title, body) => notices.push({ title, body }) > 0,
    clipboard,
    prompt: prompts,
    // main applies the saved theme to the page as the host does, before the test loads it.
    applyTheme: pageTheme(page, options.systemColorScheme ?? null),
    ...(options.clipboardClearMs !== undefined ? { clipboardClearMs: options.clipboardClearMs } : {}),
    // The page's held Web Locks, read as main reads each window's in the app (page-work.ts).
    ...(options.updates ? { updates: { pageLocks: () => page.evaluate(HELD_LOCKS_SCRIPT), ...options.updates } } : {}),
    ...(options.logBounds ? { logBounds: options.logBounds } : {}),
    ...(options.mainNow !== undefined ? { now: () => options.mainNow as number } : clock ? { now: clock.now } : {}),
  });
  late.core = core;
  return {
    core,
    events,
    userDataDir,
    unsentReports,
    notices,
    clipboard,
    prompts,
    clock,
    async dispose() {
      await core.dispose();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

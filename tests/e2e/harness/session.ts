import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { MemoryClipboard } from '../../../src/main/clipboard/secret-clipboard';
import { createMainCore, type MainCore } from '../../../src/main/core';
import { connectPage, type PageBridge } from '../../../src/browser-host/bridge';

export interface SessionOptions {
  /**
   * Where the core keeps keys: 'memory' stands in for a working system keychain (the default),
   * 'unavailable' for a machine without one (keys can only be kept for the session).
   */
  secrets?: 'memory' | 'unavailable';
  /**
   * Runs after the userDataDir exists and before the core starts, e.g. to leave a damaged or
   * hand-made profiles.json there, as a previous run (or a person) could have.
   */
  beforeStart?: (userDataDir: string) => Promise<void>;
  /** The Demo's sample history (small by default, so tests start fast). */
  demo?: { seed: number; transactions: number; startAt?: number };
  /**
   * How long main keeps a copied secret on the clipboard (30 s in the app). A test shortens it
   * and then waits for the clipboard to be empty: a state, not a sleep.
   */
  clipboardClearMs?: number;
}

export interface Session {
  core: MainCore;
  events: PageBridge;
  userDataDir: string;
  /** Every count of unsent approved items the renderer reported to main (app:outboxUnsent), in order. */
  unsentReports: number[];
  /** The system clipboard as main sees it (in memory here); `writes` holds everything written to it. */
  clipboard: MemoryClipboard;
  dispose(): Promise<void>;
}

/**
 * One app session for a page: a fresh userDataDir, the real main-process core (in-memory
 * secrets unless told otherwise, a small Demo) and the page's bridge to it. Used by the fixture and the screenshots.
 */
export async function startSession(page: Page, shim: string, options: SessionOptions = {}): Promise<Session> {
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
  const clipboard = new MemoryClipboard();
  const events = await connectPage(page, shim, () => late.core?.handlers);
  const core = await createMainCore({
    userDataDir,
    version: 'e2e',
    platform: process.platform,
    emit: (event, payload) => events.emit(event, payload),
    secrets: options.secrets ?? 'memory',
    demo: options.demo ?? { seed: 7, transactions: 300 },
    reportUnsent: (count) => unsentReports.push(count),
    clipboard,
    ...(options.clipboardClearMs !== undefined ? { clipboardClearMs: options.clipboardClearMs } : {}),
  });
  late.core = core;
  return {
    core,
    events,
    userDataDir,
    unsentReports,
    clipboard,
    async dispose() {
      await core.dispose();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

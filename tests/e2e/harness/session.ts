import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createMainCore, type MainCore } from '../../../src/main/core';
import { connectPage, type PageBridge } from './bridge';

export interface Session {
  core: MainCore;
  events: PageBridge;
  userDataDir: string;
  dispose(): Promise<void>;
}

/**
 * One app session for a page: a fresh userDataDir, the real main-process core (in-memory
 * secrets, a small Demo) and the page's bridge to it. Used by the fixture and the screenshots.
 */
export async function startSession(page: Page, shim: string): Promise<Session> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'treasury-e2e-'));
  // The bridge needs the core's handlers and the core needs the bridge's emit: a late binding.
  const late: { core?: MainCore } = {};
  const events = await connectPage(page, shim, () => late.core?.handlers);
  const core = await createMainCore({
    userDataDir,
    version: 'e2e',
    platform: process.platform,
    emit: (event, payload) => events.emit(event, payload),
    secrets: 'memory',
    demo: { seed: 7, transactions: 300 },
  });
  late.core = core;
  return {
    core,
    events,
    userDataDir,
    async dispose() {
      await core.dispose();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

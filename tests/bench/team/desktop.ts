import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { connectPage } from '../../../src/browser-host/bridge';
import { HOST_ENTRY_URL } from '../../../src/browser-host/origin';
import { serveAppFiles } from '../../../src/browser-host/serve-app';
import { createMainCore, type MainCore } from '../../../src/main/core';
import type { PromptQuestion, TrustedPrompt } from '../../../src/main/prompt/trusted-prompt';
import { dispatch } from '../../../src/main/ipc/dispatch';
import type { ArgOf, ChannelName, ResultOf } from '../../../src/shared/ipc/contract';
import type { Sandbox } from '../../../src/sandbox';
import { rendererDir } from '../../e2e/harness/renderer';

/** The wall clock in ms with sub-millisecond precision, the same in Node and in Chromium's pages. */
export const wallNow = () => performance.timeOrigin + performance.now();

/**
 * main's prompt as a person who says yes to everything this benchmark asks, and the moment each
 * question was answered (wallNow): for a batch of approvals, the moment it was confirmed.
 */
export class ConfirmingPrompt implements TrustedPrompt {
  readonly answered: { question: PromptQuestion; at: number }[] = [];

  ask(question: PromptQuestion): Promise<boolean> {
    this.answered.push({ question, at: wallNow() });
    return Promise.resolve(true);
  }

  /** The questions titled `title` and when each was answered, in order. */
  titled(title: string): { question: PromptQuestion; at: number }[] {
    return this.answered.filter((a) => a.question.title === title);
  }
}

/**
 * One desktop of the benchmark: main's real core (its own data folder, an in-memory keychain,
 * the prompt above) and the built renderer in a browser context of its own (its own IndexedDB),
 * connected as the Chromium host connects them. Its profile is a live one on the sandbox,
 * selected, so the app opens on it.
 */
export interface BenchDesktop {
  name: string;
  core: MainCore;
  page: Page;
  prompt: ConfirmingPrompt;
  profileId: string;
  /** A call to main's handlers, as the renderer makes one (setup only); throws main's message. */
  call<C extends ChannelName>(channel: C, arg: ArgOf<C>): Promise<ResultOf<C>>;
  /** Loads the app, with `initScript` (a probe) running before its scripts, and waits for it to leave "Loading…". */
  open(initScript?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startDesktop(
  browser: Browser,
  shim: string,
  name: string,
  sandbox: Sandbox,
): Promise<BenchDesktop> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-team-'));
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  await serveAppFiles(context, rendererDir());
  const prompt = new ConfirmingPrompt();
  // The bridge needs the core's handlers and the core needs the bridge's emit: a late binding.
  const late: { core?: MainCore } = {};
  const events = await connectPage(page, shim, () => late.core?.handlers);
  const core = await createMainCore({
    userDataDir: join(dir, 'user'),
    version: 'bench',
    platform: process.platform,
    secrets: 'memory',
    emit: (event, payload) => events.emit(event, payload),
    prompt,
  });
  late.core = core;
  const call = async <C extends ChannelName>(channel: C, arg: ArgOf<C>): Promise<ResultOf<C>> => {
    const r = await dispatch(core.handlers, channel, arg);
    if (!r.ok) throw new Error(`${name}: ${channel} failed: ${r.error.message}`);
    return r.value as ResultOf<C>;
  };
  const profile = await call('profiles:create', {
    name: 'Acme',
    baseUrl: sandbox.apiUrl,
    vaultUrl: sandbox.vaultUrl,
    apiKey: sandbox.apiKey,
    sessionOnly: true,
  });
  await call('profiles:select', { id: profile.id });
  return {
    name,
    core,
    page,
    prompt,
    profileId: profile.id,
    call,
    async open(initScript) {
      // tsx names functions through an `__name` helper that the page lacks (page.evaluate): give it one.
      await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      if (initScript) await page.addInitScript({ content: initScript });
      await page.goto(HOST_ENTRY_URL);
      await expect(page.getByText('Loading…')).toHaveCount(0, { timeout: 60_000 });
    },
    async close() {
      await context.close().catch(() => undefined);
      await core.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

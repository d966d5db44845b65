import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMainCore, type MainCore, type MainCoreOptions } from '../../src/main/core';
import { dispatch } from '../../src/main/ipc/dispatch';
import type { ArgOf, ChannelName, EventName, Result, ResultOf } from '../../src/shared/ipc';
import { FakePrompt } from './fake-prompt';

export interface CoreHarness {
  core: MainCore;
  dir: string;
  events: { event: EventName; payload: unknown }[];
  /** main's prompt: confirms every question unless the test passed its own or changes `answer`. */
  prompt: FakePrompt;
  /** Calls a channel the way the renderer does: through dispatch, with validation. */
  invoke<C extends ChannelName>(channel: C, arg?: ArgOf<C>): Promise<Result<ResultOf<C>>>;
  /** Like invoke, but fails the test on {ok:false}. */
  ok<C extends ChannelName>(channel: C, arg?: ArgOf<C>): Promise<ResultOf<C>>;
  close(): Promise<void>;
}

export async function startCore(options: Partial<MainCoreOptions> = {}): Promise<CoreHarness> {
  const dir = await mkdtemp(join(tmpdir(), 'treasury-core-'));
  const events: CoreHarness['events'] = [];
  const prompt = options.prompt instanceof FakePrompt ? options.prompt : new FakePrompt();
  const core = await createMainCore({
    userDataDir: dir,
    version: '0.0.0-test',
    platform: 'test',
    secrets: 'memory',
    demo: { transactions: 200 },
    emit: (event, payload) => events.push({ event, payload }),
    prompt,
    ...options,
  });
  const invoke = <C extends ChannelName>(channel: C, arg?: ArgOf<C>) =>
    dispatch(core.handlers, channel, arg) as Promise<Result<ResultOf<C>>>;
  const ok = async <C extends ChannelName>(channel: C, arg?: ArgOf<C>) => {
    const r = await invoke(channel, arg);
    if (!r.ok) throw new Error(`${channel} failed: ${r.error.code}: ${r.error.message}`);
    return r.value;
  };
  return {
    core,
    dir,
    events,
    prompt,
    invoke,
    ok,
    close: async () => {
      await core.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

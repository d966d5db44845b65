import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMainCore, type MainCore } from '../../src/main/core';
import { dispatch } from '../../src/main/ipc/dispatch';
import type { ArgOf, ChannelName, Result, ResultOf } from '../../src/shared/ipc';

let dir: string;
let core: MainCore;
let dialogAnswer: string | null;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'treasury-files-'));
  dialogAnswer = join(dir, 'chosen.csv');
  core = await createMainCore({
    userDataDir: join(dir, 'data'),
    version: 't',
    platform: 't',
    secrets: 'memory',
    demo: { transactions: 100 },
    emit: () => {},
    saveDialog: async () => dialogAnswer,
  });
});
afterEach(async () => {
  await core.dispose();
  await rm(dir, { recursive: true, force: true });
});

const call = <C extends ChannelName>(channel: C, arg?: ArgOf<C>) => dispatch(core.handlers, channel, arg) as Promise<Result<ResultOf<C>>>;
async function ok<C extends ChannelName>(channel: C, arg?: ArgOf<C>): Promise<ResultOf<C>> {
  const r = await call(channel, arg);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value;
}

describe('exports streamed through main', () => {
  it('writes the pieces to the file the person chose, complete only at the end', async () => {
    const started = await ok('files:saveBegin', { suggestedName: 'transactions.csv', kind: 'csv' });
    expect(started.fileName).toBe('chosen.csv');
    const id = started.exportId as string;
    await ok('files:saveWrite', { exportId: id, chunk: 'a,b\r\n' });
    expect(await readdir(dir)).not.toContain('chosen.csv');
    await ok('files:saveWrite', { exportId: id, chunk: '"é, ü",2\r\n' });
    const done = await ok('files:saveEnd', { exportId: id });
    expect(done).toEqual({ path: join(dir, 'chosen.csv'), bytes: Buffer.byteLength('a,b\r\n"é, ü",2\r\n') });
    expect(await readFile(done.path, 'utf8')).toBe('a,b\r\n"é, ü",2\r\n');
    const again = await call('files:saveWrite', { exportId: id, chunk: 'late' });
    expect(again.ok ? 'ok' : again.error.code).toBe('not-found');
  });

  it('a canceled dialog starts nothing; an aborted export leaves no file', async () => {
    dialogAnswer = null;
    expect(await ok('files:saveBegin', { suggestedName: 'x.csv', kind: 'csv' })).toEqual({ exportId: null });
    dialogAnswer = join(dir, 'aborted.csv');
    const id = (await ok('files:saveBegin', { suggestedName: 'x.csv', kind: 'csv' })).exportId as string;
    await ok('files:saveWrite', { exportId: id, chunk: 'partial' });
    expect(await ok('files:saveAbort', { exportId: id })).toEqual({ aborted: true });
    expect((await readdir(dir)).filter((f) => f.startsWith('aborted'))).toEqual([]);
  });

  it('refuses a suggested name with a folder in it', async () => {
    for (const suggestedName of ['../x.csv', '/etc/passwd', 'a\\b.csv']) {
      const r = await call('files:saveBegin', { suggestedName, kind: 'csv' });
      expect(r.ok ? 'ok' : r.error.code, suggestedName).toBe('invalid-argument');
    }
  });
});

describe('the Demo sample history', () => {
  it('resets to a larger history on new ports, and the Demo keeps working', async () => {
    const before = await ok('service:call', { profileId: 'demo', requestId: 'a', endpoint: 'getTransactionAggregation', query: {} });
    expect(before).toMatchObject({ count: expect.any(Number) });
    const oldUrl = (await core.demo.running())?.apiUrl;
    expect(await ok('demo:reset', { transactions: 3000 })).toEqual({ transactions: 3000, seed: 42 });
    expect((await core.demo.running())?.apiUrl).not.toBe(oldUrl);
    const after = (await ok('service:call', { profileId: 'demo', requestId: 'b', endpoint: 'getTransactionAggregation', query: {} })) as { count: number };
    expect(after.count).toBeGreaterThanOrEqual(3000);
    const r = await call('demo:reset', { transactions: 12345 } as never);
    expect(r.ok ? 'ok' : r.error.code).toBe('invalid-argument');
  });
});

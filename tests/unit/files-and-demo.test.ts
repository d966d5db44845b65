import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMainCore, type MainCore } from '../../src/main/core';
import { DEFAULT_EXPORT_LIMITS, exportFileName, FileExports } from '../../src/main/files/file-exports';
import { saveInFolder } from '../../src/main/files/save-dialog';
import { dispatch } from '../../src/main/ipc/dispatch';
import type { ArgOf, ChannelName, Result, ResultOf } from '../../src/shared/ipc';
import { FakePrompt } from '../support/fake-prompt';
import { startCore } from '../support/core-helpers';

let dir: string;
let core: MainCore;
let dialogAnswer: string | null;
let suggested: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'treasury-files-'));
  dialogAnswer = join(dir, 'chosen.csv');
  suggested = [];
  core = await createMainCore({
    userDataDir: join(dir, 'data'),
    version: 't',
    platform: 't',
    secrets: 'memory',
    demo: { transactions: 100 },
    emit: () => {},
    saveDialog: async ({ suggestedName }) => {
      suggested.push(suggestedName);
      return dialogAnswer;
    },
  });
});
afterEach(async () => {
  await core.dispose();
  await rm(dir, { recursive: true, force: true });
});

const call = <C extends ChannelName>(channel: C, arg?: ArgOf<C>) =>
  dispatch(core.handlers, channel, arg) as Promise<Result<ResultOf<C>>>;
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

describe('what an export may write', () => {
  it('refuses control characters, text-direction marks and dot names in the suggested name, before any dialog', async () => {
    for (const suggestedName of [
      'a\u0007b.csv',
      'line\nbreak.csv',
      'tab\t.csv',
      'del\u007f.csv',
      'report\u202Evsc.exe',
      '..',
      '.',
      ' ',
      'x'.repeat(201),
    ]) {
      const r = await call('files:saveBegin', { suggestedName, kind: 'csv' });
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(suggestedName)).toBe('invalid-argument');
      if (!r.ok) expect(r.error.message).toMatch(/^suggestedName: .*name/);
    }
    expect(suggested).toEqual([]);
  });

  it('main refuses them too when called without the IPC validation (the core of both hosts)', async () => {
    expect(() => exportFileName('a\nb.csv', 'csv')).toThrow(/control/);
    expect(() => exportFileName('../x.csv', 'csv')).toThrow(/folder/);
    const inFolder = saveInFolder(join(dir, 'exports'));
    for (const suggestedName of ['../x.csv', 'a\rb.csv', '..']) {
      await expect(inFolder({ suggestedName, filters: [] }), suggestedName).rejects.toMatchObject({ code: 'bad-name' });
    }
  });

  it('forces the .csv extension on the name suggested and on the file the person chose', async () => {
    dialogAnswer = join(dir, 'evil.sh');
    const started = await ok('files:saveBegin', { suggestedName: 'report.exe', kind: 'csv' });
    expect(suggested).toEqual(['report.exe.csv']);
    expect(started.fileName).toBe('evil.sh.csv');
    const done = await ok('files:saveEnd', { exportId: started.exportId as string });
    expect(done.path).toBe(join(dir, 'evil.sh.csv'));
    expect(await readdir(dir)).not.toContain('evil.sh');
    dialogAnswer = join(dir, 'Upper.CSV');
    expect((await ok('files:saveBegin', { suggestedName: 'x.csv', kind: 'csv' })).fileName).toBe('Upper.CSV');
    expect(suggested[1]).toBe('x.csv');
  });

  it('an OFX export gets .ofx, forced the same way, offered under an OFX filter; "x.csv" asked as OFX is not left a .csv', async () => {
    const filters: string[][] = [];
    const host = await createMainCore({
      userDataDir: join(dir, 'ofx-data'),
      version: 't',
      platform: 't',
      secrets: 'memory',
      emit: () => {},
      saveDialog: async ({ suggestedName, filters: f }) => {
        suggested.push(suggestedName);
        filters.push(f.flatMap((x) => x.extensions));
        return dialogAnswer;
      },
    });
    try {
      const begin = async (suggestedName: string) => {
        const r = (await dispatch(host.handlers, 'files:saveBegin', { suggestedName, kind: 'ofx' })) as Result<
          ResultOf<'files:saveBegin'>
        >;
        if (!r.ok) throw new Error(r.error.message);
        return r.value;
      };
      dialogAnswer = join(dir, 'statement.sh');
      const started = await begin('statement');
      expect(suggested).toEqual(['statement.ofx']);
      expect(filters).toEqual([['ofx']]);
      expect(started.fileName).toBe('statement.sh.ofx');
      const end = (await dispatch(host.handlers, 'files:saveEnd', { exportId: started.exportId })) as Result<
        ResultOf<'files:saveEnd'>
      >;
      expect(end.ok && end.value.path).toBe(join(dir, 'statement.sh.ofx'));
      dialogAnswer = join(dir, 'Feb.OFX');
      expect((await begin('feb.csv')).fileName).toBe('Feb.OFX');
      expect(suggested[1]).toBe('feb.csv.ofx');
      expect(exportFileName('x.csv', 'ofx')).toBe('x.csv.ofx');
      expect(exportFileName('x.ofx', 'csv')).toBe('x.ofx.csv');
      const bad = await dispatch(host.handlers, 'files:saveBegin', { suggestedName: '../x.ofx', kind: 'ofx' });
      expect(bad.ok ? 'ok' : bad.error.code).toBe('invalid-argument');
      const unknown = await dispatch(host.handlers, 'files:saveBegin', { suggestedName: 'x.qif', kind: 'qif' });
      expect(unknown.ok ? 'ok' : unknown.error.code).toBe('invalid-argument');
    } finally {
      await host.dispose();
    }
  });

  it('with no dialog (the Chromium host): the checked name with its extension, in the export folder, once main’s prompt confirmed it', async () => {
    const exportDir = join(dir, 'downloads');
    const prompt = new FakePrompt('confirm');
    const host = await createMainCore({
      userDataDir: join(dir, 'host-data'),
      version: 't',
      platform: 't',
      secrets: 'memory',
      emit: () => {},
      exportDir,
      prompt,
    });
    try {
      const r = (await dispatch(host.handlers, 'files:saveBegin', {
        suggestedName: 'transactions',
        kind: 'csv',
      })) as Result<ResultOf<'files:saveBegin'>>;
      if (!r.ok) throw new Error(r.error.message);
      const end = (await dispatch(host.handlers, 'files:saveEnd', { exportId: r.value.exportId })) as Result<
        ResultOf<'files:saveEnd'>
      >;
      expect(end.ok && end.value.path).toBe(join(exportDir, 'transactions.csv'));
      expect(prompt.of('export').map((q) => q.message)).toEqual([`Save “transactions.csv” in ${exportDir}?`]);
      const bad = await dispatch(host.handlers, 'files:saveBegin', { suggestedName: 'a\u001bb.csv', kind: 'csv' });
      expect(bad.ok ? 'ok' : bad.error.code).toBe('invalid-argument');
    } finally {
      await host.dispose();
    }
  });

  it('at most 4 exports are open at once; the 5th is refused before its dialog, and a finished one frees a place', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      dialogAnswer = join(dir, `e${i}.csv`);
      ids.push((await ok('files:saveBegin', { suggestedName: `e${i}.csv`, kind: 'csv' })).exportId as string);
    }
    const fifth = await call('files:saveBegin', { suggestedName: 'e4.csv', kind: 'csv' });
    expect(fifth.ok ? 'ok' : fifth.error.code).toBe('conflict');
    if (!fifth.ok) expect(fifth.error.message).toMatch(/4 exports are already running.*finish.*cancel/);
    expect(suggested).toHaveLength(4);
    await ok('files:saveAbort', { exportId: ids[0] as string });
    dialogAnswer = join(dir, 'e4.csv');
    expect((await ok('files:saveBegin', { suggestedName: 'e4.csv', kind: 'csv' })).exportId).toEqual(
      expect.any(String),
    );
  });

  it('an export that would pass the size cap is stopped and leaves no file', async () => {
    const exports = new FileExports({ maxBytes: 10 });
    const { exportId } = await exports.begin(join(dir, 'big.csv'), 'csv');
    expect(await exports.write(exportId, '12345678')).toBe(8);
    await expect(exports.write(exportId, 'abc')).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringMatching(/stopped.*nothing was saved/),
    });
    expect((await readdir(dir)).filter((f) => f.startsWith('big'))).toEqual([]);
    await expect(exports.write(exportId, 'x')).rejects.toMatchObject({ code: 'not-open' });
    expect(DEFAULT_EXPORT_LIMITS.maxBytes).toBe(512 * 1024 * 1024);
  });

  it('an export left idle (its window went away) gives up its place when the cap is reached', async () => {
    let now = 1_000_000;
    const exports = new FileExports({ maxOpen: 1, idleMs: 60_000 }, () => now);
    const first = await exports.begin(join(dir, 'one.csv'), 'csv');
    await expect(exports.begin(join(dir, 'two.csv'), 'csv')).rejects.toMatchObject({ code: 'too-many' });
    now += 60_000;
    const second = await exports.begin(join(dir, 'two.csv'), 'csv');
    await expect(exports.write(first.exportId, 'x')).rejects.toMatchObject({ code: 'not-open' });
    await exports.end(second.exportId);
    expect((await readdir(dir)).filter((f) => f !== 'data')).toEqual(['two.csv']);
  });
});

describe('the Demo sample history', () => {
  it('resets to a larger history on new ports, and the Demo keeps working', async () => {
    const before = await ok('service:call', {
      profileId: 'demo',
      requestId: 'a',
      endpoint: 'getTransactionAggregation',
      query: {},
    });
    expect(before).toMatchObject({ count: expect.any(Number) });
    const oldUrl = (await core.demo.running())?.apiUrl;
    expect(await ok('demo:reset', { transactions: 3000 })).toEqual({ transactions: 3000, seed: 42 });
    expect((await core.demo.running())?.apiUrl).not.toBe(oldUrl);
    const after = (await ok('service:call', {
      profileId: 'demo',
      requestId: 'b',
      endpoint: 'getTransactionAggregation',
      query: {},
    })) as { count: number };
    expect(after.count).toBeGreaterThanOrEqual(3000);
    const r = await call('demo:reset', { transactions: 12345 } as never);
    expect(r.ok ? 'ok' : r.error.code).toBe('invalid-argument');
  });

  it("runs on main's clock (a test pins it), after a reset too: the Demo, main and the page agree on the day", async () => {
    const start = Date.UTC(2031, 0, 31, 23, 59, 30);
    let now = start;
    const pinned = await startCore({ now: () => now, demo: { transactions: 100 } });
    try {
      expect((await pinned.core.demo.start()).world.clock.now()).toBe(start);
      now += 60_000;
      expect((await pinned.core.demo.start()).world.clock.now()).toBe(start + 60_000);
      await pinned.ok('demo:reset', { transactions: 3000 });
      const reset = await pinned.core.demo.running();
      expect(reset?.world.clock.startedAt).toBe(start + 60_000);
      expect(reset?.world.clock.now()).toBe(start + 60_000);
    } finally {
      await pinned.close();
    }
  });
});

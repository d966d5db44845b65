import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SendJournal } from '../../src/main/money/send-journal';

// A new journal file is durable only once its directory entry is: the directory is fsynced too
// before the first send may leave (a power cut could otherwise lose the whole file, and every key
// in it). Read from the fsyncs the file system was asked for.

const synced = vi.hoisted(() => ({ dirs: [] as string[] }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      if (args[1] === 'r') {
        const sync = handle.sync.bind(handle);
        handle.sync = async () => {
          await sync();
          synced.dirs.push(String(args[0]));
        };
      }
      return handle;
    },
  };
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journal-fsync-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const line = (key: string) => ({
  key,
  rowId: 'r',
  kind: 'payment' as const,
  hash: 'a'.repeat(64),
  service: 'https://s',
  origin: 'solo' as const,
  at: 1,
});

describe.skipIf(process.platform === 'win32')('the journal’s directory', () => {
  it('is fsynced, with the folder made for it, before the first send is let go', async () => {
    const journal = await SendJournal.open(join(dir, 'send-journal', 'j.jsonl'));
    await journal.sending(line('k1'));
    expect(synced.dirs).toEqual(expect.arrayContaining([join(dir, 'send-journal'), dir]));
    // Once the file's entry is durable, a send costs the file's own fsync only.
    const before = synced.dirs.length;
    await journal.sending(line('k2'));
    expect(synced.dirs).toHaveLength(before);
    await journal.close();
  });
});

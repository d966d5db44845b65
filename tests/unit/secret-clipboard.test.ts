import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { concealedMarkers } from '../../src/main/clipboard/concealed-formats';
import { MemoryClipboard, SecretClipboard, type SystemClipboard } from '../../src/main/clipboard/secret-clipboard';
import { startCore, type CoreHarness } from '../support/core-helpers';

// docs/features/card-numbers.md: copy goes through main, which clears the clipboard after 30 s if it still holds the
// value, and on quit (Bitwarden's clipboard.main.ts does the same).

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SecretClipboard', () => {
  it('clears a copied secret after 30 s, not a moment before', async () => {
    const cb = new MemoryClipboard();
    const guard = new SecretClipboard(cb);
    expect(await guard.copySecret('4111111111111111')).toEqual({ clearsAfterMs: 30_000 });
    expect(cb.readText()).toBe('4111111111111111');
    await vi.advanceTimersByTimeAsync(29_999);
    expect(cb.readText()).toBe('4111111111111111');
    await vi.advanceTimersByTimeAsync(1);
    expect(cb.readText()).toBe('');
    expect(guard.holdsSecret).toBe(false);
  });

  it('leaves what the person copied since', async () => {
    const cb = new MemoryClipboard();
    const guard = new SecretClipboard(cb);
    await guard.copySecret('123');
    cb.writeText('a note copied from another app');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(cb.readText()).toBe('a note copied from another app');
  });

  it('times each secret from its own copy: a newer copy restarts the clock, a plain copy cancels it', async () => {
    const cb = new MemoryClipboard();
    const guard = new SecretClipboard(cb);
    await guard.copySecret('4111111111111111');
    await vi.advanceTimersByTimeAsync(20_000);
    await guard.copySecret('123');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(cb.readText()).toBe('123');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cb.readText()).toBe('');

    await guard.copySecret('456');
    await guard.copy('ACC-0001');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(cb.readText()).toBe('ACC-0001');
  });

  it('keeps the earlier secret timed when a later write fails', async () => {
    const cb = new MemoryClipboard();
    const guard = new SecretClipboard(cb);
    await guard.copySecret('4111111111111111');
    const write = cb.writeText.bind(cb);
    const writeSecret = cb.writeSecret.bind(cb);
    cb.writeText = cb.writeSecret = () => {
      throw new Error('clipboard busy');
    };
    await expect(guard.copy('ACC-0001')).rejects.toThrow('clipboard busy');
    await expect(guard.copySecret('123')).rejects.toThrow('clipboard busy');
    cb.writeText = write;
    cb.writeSecret = writeSecret;
    expect(guard.holdsSecret).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(cb.readText()).toBe('');
  });

  it('clears on quit only if the clipboard still holds the secret', async () => {
    const cb = new MemoryClipboard();
    const guard = new SecretClipboard(cb);
    await guard.copySecret('4111111111111111');
    await guard.clearOnQuit();
    expect(cb.readText()).toBe('');

    await guard.copySecret('4111111111111111');
    cb.writeText('mine');
    await guard.clearOnQuit();
    expect(cb.readText()).toBe('mine');
  });

  it('works with an asynchronous clipboard (Electron 45 answers with promises) and honours an injected delay and timers', async () => {
    let text = '';
    const asyncClipboard: SystemClipboard = {
      readText: async () => text,
      writeText: async (t) => {
        text = t;
      },
      writeSecret: async (t) => {
        text = t;
      },
      clear: async () => {
        text = '';
      },
    };
    const fired: (() => void)[] = [];
    const guard = new SecretClipboard(asyncClipboard, {
      clearAfterMs: 5,
      timers: { set: (run) => fired.push(run), clear: () => undefined },
    });
    expect(await guard.copySecret('987')).toEqual({ clearsAfterMs: 5 });
    expect(text).toBe('987');
    fired[0]?.();
    await vi.waitFor(() => expect(text).toBe(''));
  });
});

describe('a copied secret is marked concealed (issue 23, finding 6)', () => {
  it('names the formats each OS reads: macOS ConcealedType; Windows no monitor, no history, no cloud (DWORD 0); KDE’s hint', () => {
    const bytes = (p: string) => concealedMarkers(p).map((m) => `${m.format}=${Buffer.from(m.data).toString('hex')}`);
    expect(bytes('darwin')).toEqual(['org.nspasteboard.ConcealedType=00000000']);
    expect(bytes('win32')).toEqual([
      'ExcludeClipboardContentFromMonitorProcessing=00000000',
      'CanIncludeInClipboardHistory=00000000',
      'CanUploadToCloudClipboard=00000000',
    ]);
    expect(bytes('linux')).toEqual([`x-kde-passwordManagerHint=${Buffer.from('secret').toString('hex')}`]);
  });

  it('writes a secret with its platform’s markers in the same write, and a plain copy with none', async () => {
    for (const [platform, formats] of [
      ['darwin', ['org.nspasteboard.ConcealedType']],
      [
        'win32',
        ['ExcludeClipboardContentFromMonitorProcessing', 'CanIncludeInClipboardHistory', 'CanUploadToCloudClipboard'],
      ],
    ] as const) {
      const cb = new MemoryClipboard();
      const guard = new SecretClipboard(cb, { platform });
      await guard.copySecret('4111111111111111');
      await guard.copy('ACC-0001');
      expect(cb.writes).toEqual(['4111111111111111', 'ACC-0001']);
      expect(cb.formats).toEqual([formats, []]);
    }
  });
});

describe('through the core', () => {
  let h: CoreHarness;
  afterEach(async () => {
    await h?.close();
  });

  it('clipboard:copySecret writes, clears after the delay, and dispose (quit) clears what is left', async () => {
    const cb = new MemoryClipboard();
    h = await startCore({ clipboard: cb, platform: 'win32' });
    expect(await h.ok('clipboard:copySecret', { text: '4111111111111111' })).toEqual({ clearsAfterMs: 30_000 });
    expect(cb.readText()).toBe('4111111111111111');
    expect(cb.formats.at(-1)).toEqual([
      'ExcludeClipboardContentFromMonitorProcessing',
      'CanIncludeInClipboardHistory',
      'CanUploadToCloudClipboard',
    ]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(cb.readText()).toBe('');

    expect(await h.ok('clipboard:copy', { text: 'ACC-0001' })).toEqual({});
    expect(h.core.releaseClipboard()).toBeUndefined();
    await h.ok('clipboard:copySecret', { text: '321' });
    const releasing = h.core.releaseClipboard();
    expect(releasing).toBeInstanceOf(Promise);
    await releasing;
    expect(cb.readText()).toBe('');

    await h.ok('clipboard:copySecret', { text: '654' });
    await h.core.dispose();
    expect(cb.readText()).toBe('');
  });

  it('refuses an empty text and one that is too long, and says so without quoting it', async () => {
    h = await startCore();
    expect(await h.invoke('clipboard:copySecret', { text: '' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    const long = '9'.repeat(500);
    const r = await h.invoke('clipboard:copySecret', { text: long });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(JSON.stringify(r)).not.toContain(long);
  });

  it('answers a clipboard failure in words, without quoting what was copied', async () => {
    const broken: SystemClipboard = {
      readText: () => '',
      writeText: (t) => {
        throw new Error(`cannot write ${t}`);
      },
      writeSecret: (t) => {
        throw new Error(`cannot write ${t}`);
      },
      clear: () => undefined,
    };
    h = await startCore({ clipboard: broken });
    const r = await h.invoke('clipboard:copySecret', { text: '4111111111111111' });
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(r)).not.toContain('4111111111111111');
  });
});

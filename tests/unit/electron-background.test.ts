import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../support/turns';

// The Electron wiring of BackgroundSending with `electron` mocked (no binary here): which
// window event is held, what the dialog is given, what the tray and the hidden window get; and
// the app:outboxUnsent channel that feeds it, through the real core.

const calls: string[] = [];
const appEvents = new EventEmitter();
let dialogAnswer = 0;
let trayMenu: { label: string; enabled: boolean }[] = [];

vi.mock('electron', () => ({
  app: {
    isPackaged: false,
    getAppPath: () => '/app',
    on: (name: string, fn: (...a: unknown[]) => void) => appEvents.on(name, fn),
    quit: () => calls.push('app.quit'),
    dock: undefined,
  },
  dialog: {
    showMessageBox: async (_win: unknown, options: { message: string; buttons: string[] }) => {
      calls.push(`dialog: ${options.message} [${options.buttons.join(' | ')}]`);
      return { response: dialogAnswer };
    },
  },
  nativeImage: { createFromPath: (path: string) => ({ path }) },
  Menu: { buildFromTemplate: (items: { label: string; enabled: boolean }[]) => ((trayMenu = items), { items }) },
  Notification: class {
    static isSupported = () => true;
    constructor(private readonly o: { title: string }) {}
    show() {
      calls.push(`notification: ${this.o.title}`);
    }
  },
  Tray: class {
    constructor(image: { path: string }) {
      calls.push(`tray: ${image.path}`);
    }
    setToolTip(text: string) {
      calls.push(`tooltip: ${text}`);
    }
    setContextMenu() {}
    destroy() {
      calls.push('tray destroyed');
    }
  },
}));

const { electronBackgroundSending, guardLastWindowClose, guardQuit } =
  await import('../../src/main/background/electron-background');

function fakeWindow() {
  const win = Object.assign(new EventEmitter(), {
    hide: () => calls.push('win.hide'),
    show: () => calls.push('win.show'),
    focus: () => undefined,
    isMinimized: () => false,
    restore: () => undefined,
    webContents: { setBackgroundThrottling: (on: boolean) => calls.push(`throttling: ${on}`) },
  });
  return win;
}

const closeEvent = () => {
  const e = { prevented: false, preventDefault: () => (e.prevented = true) };
  return e;
};

beforeEach(() => {
  calls.length = 0;
  appEvents.removeAllListeners();
});

describe('closing the last window with approved items unsent (Electron wiring)', () => {
  it('holds the close, asks on the window, and "keep sending" hides it unthrottled behind a tray icon', async () => {
    const win = fakeWindow();
    const background = electronBackgroundSending(() => win as unknown as Electron.BrowserWindow);
    guardLastWindowClose(win as unknown as Electron.BrowserWindow, background, () => 1);
    background.setUnsent(2);
    dialogAnswer = 0;
    const e = closeEvent();
    win.emit('close', e);
    expect(e.prevented).toBe(true);
    await settle();
    expect(calls).toEqual([
      'dialog: 2 approved items are still waiting to be sent. [Keep sending in the background | Quit now | Cancel]',
      'throttling: false',
      'win.hide',
      // The tray's own icon from the source tree: an .ico on Windows, a PNG (with its @2x siblings) elsewhere.
      `tray: ${join('/app', 'resources', 'tray', process.platform === 'win32' ? 'tray.ico' : 'tray.png')}`,
      'tooltip: Treasury Desktop: 2 waiting to send',
    ]);
    expect(trayMenu.map((i) => i.label)).toEqual([
      '2 waiting to send',
      'Open Treasury Desktop',
      'Quit (unsent items stay queued)',
    ]);
    background.setUnsent(0);
    expect(calls.slice(-3)).toEqual(['notification: Treasury Desktop: everything sent', 'tray destroyed', 'app.quit']);
  });

  it('"everything sent" is a sent notification: none when the person switched those off', async () => {
    const win = fakeWindow();
    const background = electronBackgroundSending(
      () => win as unknown as Electron.BrowserWindow,
      undefined,
      () => false,
    );
    guardLastWindowClose(win as unknown as Electron.BrowserWindow, background, () => 1);
    background.setUnsent(1);
    dialogAnswer = 0;
    win.emit('close', closeEvent());
    await settle();
    background.setUnsent(0);
    expect(calls.slice(-2)).toEqual(['tray destroyed', 'app.quit']);
    expect(calls.filter((c) => c.startsWith('notification'))).toEqual([]);
  });

  it('lets the close through when nothing waits, or when another window stays open', () => {
    const win = fakeWindow();
    const background = electronBackgroundSending(() => win as unknown as Electron.BrowserWindow);
    let count = 2;
    guardLastWindowClose(win as unknown as Electron.BrowserWindow, background, () => count);
    background.setUnsent(5);
    const e1 = closeEvent();
    win.emit('close', e1);
    expect(e1.prevented).toBe(false);
    count = 1;
    background.setUnsent(0);
    const e2 = closeEvent();
    win.emit('close', e2);
    expect(e2.prevented).toBe(false);
    expect(calls).toEqual([]);
  });

  it('a quit (menu, Dock, Cmd+Q) is asked the same; "Quit now" then quits for good', async () => {
    const win = fakeWindow();
    const background = electronBackgroundSending(() => win as unknown as Electron.BrowserWindow);
    guardQuit(background);
    background.setUnsent(1);
    dialogAnswer = 1;
    const e = closeEvent();
    appEvents.emit('before-quit', e);
    expect(e.prevented).toBe(true);
    await settle();
    expect(calls).toEqual([
      'dialog: 1 approved item is still waiting to be sent. [Keep sending in the background | Quit now | Cancel]',
      'app.quit',
    ]);
    const again = closeEvent();
    appEvents.emit('before-quit', again);
    expect(again.prevented).toBe(false);
  });
});

describe('app:outboxUnsent (the renderer tells main)', () => {
  it('reaches the reporter main was given; a count that is not a whole number >= 0 is refused before it', async () => {
    const { createMainCore } = await import('../../src/main/core');
    const { dispatch } = await import('../../src/main/ipc/dispatch');
    const dir = await mkdtemp(join(tmpdir(), 'treasury-unsent-'));
    const reported: number[] = [];
    const core = await createMainCore({
      userDataDir: dir,
      version: 't',
      platform: 't',
      secrets: 'memory',
      emit: () => undefined,
      reportUnsent: (n) => reported.push(n),
    });
    try {
      expect(await dispatch(core.handlers, 'app:outboxUnsent', { unsent: 3 })).toEqual({
        ok: true,
        value: { recorded: true },
      });
      for (const bad of [{ unsent: -1 }, { unsent: 1.5 }, { unsent: '3' }, {}, { unsent: 1, extra: true }]) {
        expect((await dispatch(core.handlers, 'app:outboxUnsent', bad)).ok).toBe(false);
      }
      expect(reported).toEqual([3]);
    } finally {
      await core.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

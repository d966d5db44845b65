import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WindowStateStore } from '../../src/main/window/window-state-file';
import type { DisplayInfo, WindowPlacement } from '../../src/main/window/window-state';

// The window-state wiring with `electron` mocked (no binary here): what the BrowserWindow is
// created with, when it is maximized and shown, and which of its events save its placement.
// tests/electron/window-state.spec.ts drives the same through a real Electron where one exists.

const DISPLAY = {
  id: 7,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
};
const created: Record<string, unknown>[] = [];
const calls: string[] = [];

class FakeWindow extends EventEmitter {
  normal = { x: 10, y: 20, width: 900, height: 700 };
  maximized = false;
  minimized = false;
  webContents = { session: { webRequest: { onHeadersReceived: () => undefined } } };
  constructor(options: Record<string, unknown>) {
    super();
    created.push(options);
  }
  maximize() {
    calls.push('maximize');
  }
  show() {
    calls.push('show');
  }
  loadURL(url: string) {
    calls.push(`load ${url}`);
    return Promise.resolve();
  }
  getNormalBounds() {
    return this.normal;
  }
  isMaximized() {
    return this.maximized;
  }
  isFullScreen() {
    return false;
  }
  isMinimized() {
    return this.minimized;
  }
  isDestroyed() {
    return false;
  }
}

vi.mock('electron', () => ({
  app: { isPackaged: false, getAppPath: () => '/app' },
  BrowserWindow: FakeWindow,
  screen: { getPrimaryDisplay: () => DISPLAY, getAllDisplays: () => [DISPLAY] },
}));

const { createMainWindow } = await import('../../src/main/window/main-window');
const { keepWindowState } = await import('../../src/main/window/electron-window-state');

beforeEach(() => {
  created.length = 0;
  calls.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

const placement = (flags: Partial<WindowPlacement> = {}): WindowPlacement => ({
  bounds: { x: 30, y: 40, width: 1000, height: 650 },
  maximized: false,
  fullScreen: false,
  ...flags,
});

describe('the main window opens where the window state says', () => {
  it('at the saved bounds, with the minimum size, and full screen when it was', () => {
    createMainWindow('app://treasury/index.html', { devServer: false, placement: placement({ fullScreen: true }) });
    expect(created[0]).toMatchObject({
      x: 30,
      y: 40,
      width: 1000,
      height: 650,
      minWidth: 800,
      minHeight: 560,
      fullscreen: true,
      show: false,
    });
    // The window's own icon on Linux only; elsewhere it comes from the executable or the bundle.
    if (process.platform === 'linux')
      expect(created[0]?.['icon']).toBe(join('/app', 'resources', 'icons', '512x512.png'));
    else expect(created[0]).not.toHaveProperty('icon');
  });

  it('maximized over its normal bounds before it is shown, when it was maximized', () => {
    const win = createMainWindow('app://treasury/index.html', {
      devServer: false,
      placement: placement({ maximized: true }),
    });
    (win as unknown as FakeWindow).emit('ready-to-show');
    expect(calls).toEqual(['load app://treasury/index.html', 'maximize', 'show']);
  });

  it('shown as it is otherwise', () => {
    const win = createMainWindow('app://treasury/index.html', { devServer: false, placement: placement() });
    (win as unknown as FakeWindow).emit('ready-to-show');
    expect(calls).toEqual(['load app://treasury/index.html', 'show']);
  });
});

describe('the placement is saved as the person changes it', () => {
  function watched() {
    const saves: { displays: DisplayInfo[]; placement: WindowPlacement }[] = [];
    const store: WindowStateStore = {
      placement: () => placement(),
      save: async (displays, p) => {
        saves.push({ displays: [...displays], placement: p });
      },
      flush: () => undefined,
    };
    const win = new FakeWindow({});
    keepWindowState(win as unknown as Electron.BrowserWindow, store);
    return { win, saves };
  }

  it('once a burst of moves and resizes settles, with the displays it is on', () => {
    vi.useFakeTimers();
    const { win, saves } = watched();
    for (const event of ['move', 'resize', 'move', 'resize']) win.emit(event);
    expect(saves).toHaveLength(0);
    vi.runAllTimers();
    expect(saves).toEqual([
      {
        displays: [{ ...DISPLAY, primary: true }],
        placement: { bounds: { x: 10, y: 20, width: 900, height: 700 }, maximized: false, fullScreen: false },
      },
    ]);
  });

  it('maximized with its normal bounds, and at once when the window closes', () => {
    const { win, saves } = watched();
    win.maximized = true;
    win.emit('close', { preventDefault: () => undefined });
    expect(saves.map((s) => s.placement)).toEqual([
      { bounds: { x: 10, y: 20, width: 900, height: 700 }, maximized: true, fullScreen: false },
    ]);
  });

  it('not while minimized: the placement before it stands', () => {
    const { win, saves } = watched();
    win.minimized = true;
    win.emit('close', { preventDefault: () => undefined });
    expect(saves).toHaveLength(0);
  });
});

import { screen, type BrowserWindow } from 'electron';
import type { WindowStateStore } from './window-state-file';
import type { DisplayInfo, WindowPlacement } from './window-state';

/** Electron's displays as the window-state core reads them. */
export function currentDisplays(): DisplayInfo[] {
  const primary = screen.getPrimaryDisplay().id;
  return screen
    .getAllDisplays()
    .map((d) => ({ id: d.id, bounds: d.bounds, workArea: d.workArea, primary: d.id === primary }));
}

/** Moves and resizes come in bursts while the person drags: the last one of a burst is saved. */
const SETTLE_MS = 500;

/**
 * Saves the window's placement as the person changes it, and once more when it closes (a close
 * the background sending holds back included: the place is the same either way). A minimized
 * window keeps the placement it had before.
 */
export function keepWindowState(win: BrowserWindow, store: WindowStateStore): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (win.isDestroyed() || win.isMinimized()) return;
    const placement: WindowPlacement = {
      bounds: win.getNormalBounds(),
      maximized: win.isMaximized(),
      fullScreen: win.isFullScreen(),
    };
    void store.save(currentDisplays(), placement).catch(() => undefined);
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SETTLE_MS);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('maximize', later);
  win.on('unmaximize', later);
  win.on('enter-full-screen', later);
  win.on('leave-full-screen', later);
  win.on('close', save);
}

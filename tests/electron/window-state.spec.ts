import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type ElectronApplication } from '@playwright/test';
import { freshUserData, launch } from './launch';

// The main window opens where the person left it, in the real Electron: the same bounds after
// a quit and a start, maximized when it was, and on a display it can be seen on when the one it
// was on is gone. Expected places come from the display Electron reports here.

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const mainWindow = (app: ElectronApplication) =>
  app.evaluate(({ BrowserWindow }) => {
    const w = BrowserWindow.getAllWindows()[0];
    return w ? { bounds: w.getNormalBounds(), maximized: w.isMaximized(), visible: w.isVisible() } : null;
  });

const workAreas = (app: ElectronApplication) =>
  app.evaluate(({ screen }) => screen.getAllDisplays().map((d) => d.workArea));

/** The window's normal bounds once it is on screen. */
async function shownBounds(app: ElectronApplication): Promise<Rect> {
  await expect.poll(async () => (await mainWindow(app))?.visible).toBe(true);
  return (await mainWindow(app))?.bounds as Rect;
}

test('after a quit and a start, the window has the size and place it had', async () => {
  const userData = freshUserData('window-state');
  const first = await launch(userData);
  const [area] = (await workAreas(first.app)) as [Rect];
  const wanted = {
    x: area.x + 50,
    y: area.y + 40,
    width: Math.min(960, area.width - 100),
    height: Math.min(640, area.height - 80),
  };
  await first.app.evaluate(({ BrowserWindow }, bounds) => BrowserWindow.getAllWindows()[0]?.setBounds(bounds), wanted);
  await expect.poll(async () => (await mainWindow(first.app))?.bounds.width).toBe(wanted.width);
  const before = await shownBounds(first.app);
  await first.app.close();

  const second = await launch(userData);
  try {
    expect(await shownBounds(second.app)).toEqual(before);
  } finally {
    await second.app.close();
  }
});

test('a window left on a monitor that is no longer there opens inside a display that is, as large as fits', async () => {
  const userData = freshUserData('window-gone');
  const probe = await launch(userData);
  const areas = await workAreas(probe.app);
  await probe.app.close();
  // The last run's file, as the app wrote it with a second monitor to the right of every display
  // there is now; the window was on that monitor.
  const right = Math.max(...areas.map((a) => a.x + a.width));
  const placement = {
    bounds: { x: right + 200, y: 100, width: 1800, height: 1000 },
    maximized: false,
    fullScreen: false,
  };
  writeFileSync(
    join(userData, 'window-state.json'),
    JSON.stringify({ version: 1, layouts: [{ layout: 'a laptop and the monitor it was unplugged from', placement }] }),
  );

  const { app } = await launch(userData);
  try {
    const bounds = await shownBounds(app);
    // On the display nearest to where it was (the rightmost), inside its work area, against its right edge.
    const nearest = areas.reduce((a, b) => (b.x + b.width > a.x + a.width ? b : a));
    expect(bounds.width).toBe(Math.min(1800, nearest.width));
    expect(bounds.height).toBe(Math.min(1000, nearest.height));
    expect(bounds.x + bounds.width).toBe(nearest.x + nearest.width);
    expect(bounds.y).toBeGreaterThanOrEqual(nearest.y);
    expect(bounds.y + bounds.height).toBeLessThanOrEqual(nearest.y + nearest.height);
  } finally {
    await app.close();
  }
});

test('a maximized window opens maximized, and returns to the size it had before', async () => {
  const userData = freshUserData('window-maximized');
  const first = await launch(userData);
  const before = await shownBounds(first.app);
  await first.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.maximize());
  // Maximizing is the window manager's to do; a display server without one (a bare Xvfb) ignores it.
  const honoured = await expect
    .poll(async () => (await mainWindow(first.app))?.maximized, { timeout: 10_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  if (!honoured) await first.app.close();
  test.skip(
    !honoured,
    'No window manager maximizes windows on this display, so there is no maximized window to restore.',
  );
  await first.app.close();

  const second = await launch(userData);
  try {
    await expect.poll(async () => (await mainWindow(second.app))?.maximized).toBe(true);
    expect((await mainWindow(second.app))?.bounds).toEqual(before);
  } finally {
    await second.app.close();
  }
});

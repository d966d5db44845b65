import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  layoutOf,
  MAX_LAYOUTS,
  NO_PLACEMENTS,
  placementFor,
  remember,
  type DisplayInfo,
  type SavedPlacements,
  type WindowPlacement,
} from '../../src/main/window/window-state';
import { openWindowState, readPlacements } from '../../src/main/window/window-state-file';

// Where the main window opens, on displays described here: a laptop (its menu bar takes the top
// 25 px) and a large monitor to its right. Every expected rectangle is worked out by hand in the
// comment beside it.

const SIZE = { width: 1280, height: 800, minWidth: 800, minHeight: 560 };
const LAPTOP: DisplayInfo = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1440, height: 900 },
  workArea: { x: 0, y: 25, width: 1440, height: 875 },
  primary: true,
};
const MONITOR: DisplayInfo = {
  id: 2,
  bounds: { x: 1440, y: 0, width: 2560, height: 1440 },
  workArea: { x: 1440, y: 0, width: 2560, height: 1400 },
  primary: false,
};
const DOCKED = [LAPTOP, MONITOR];
const ALONE = [LAPTOP];

const at = (
  x: number,
  y: number,
  width: number,
  height: number,
  flags: Partial<WindowPlacement> = {},
): WindowPlacement => ({
  bounds: { x, y, width, height },
  maximized: false,
  fullScreen: false,
  ...flags,
});

describe('where the window opens', () => {
  it('the first time: the default size, centred on the primary display, shrunk to fit a small one', () => {
    // x = (1440 - 1280) / 2 = 80; y = 25 + floor((875 - 800) / 2) = 62.
    expect(placementFor(NO_PLACEMENTS, DOCKED, SIZE)).toEqual(at(80, 62, 1280, 800));
    const small: DisplayInfo = {
      id: 9,
      bounds: { x: 0, y: 0, width: 1024, height: 768 },
      workArea: { x: 0, y: 0, width: 1024, height: 700 },
      primary: true,
    };
    expect(placementFor(NO_PLACEMENTS, [small], SIZE)).toEqual(at(0, 0, 1024, 700));
  });

  it('where it was left, in each arrangement of displays: docked and undocked each keep their own', () => {
    let saved = remember(NO_PLACEMENTS, DOCKED, at(1600, 100, 1800, 1000));
    saved = remember(saved, ALONE, at(40, 60, 1200, 780));
    expect(placementFor(saved, DOCKED, SIZE)).toEqual(at(1600, 100, 1800, 1000));
    expect(placementFor(saved, ALONE, SIZE)).toEqual(at(40, 60, 1200, 780));
    // The order displays are listed in does not make another arrangement.
    expect(layoutOf([MONITOR, LAPTOP])).toBe(layoutOf(DOCKED));
  });

  it('after the monitor it was on is unplugged: on the laptop, as large as fits, still maximized', () => {
    const saved = remember(NO_PLACEMENTS, DOCKED, at(2000, 200, 1800, 1100, { maximized: true }));
    // On no display of the laptop alone, so onto the nearest: width min(1800, 1440), height
    // min(1100, 875), x at most 1440 - 1440 = 0, y at most 25 + 875 - 875 = 25.
    expect(placementFor(saved, ALONE, SIZE)).toEqual(at(0, 25, 1440, 875, { maximized: true }));
    // Back at the desk, the docked placement is still there.
    expect(placementFor(saved, DOCKED, SIZE)).toEqual(at(2000, 200, 1800, 1100, { maximized: true }));
  });

  it('full screen is kept, with the size it returns to', () => {
    const saved = remember(NO_PLACEMENTS, ALONE, at(100, 100, 900, 600, { fullScreen: true }));
    expect(placementFor(saved, ALONE, SIZE)).toEqual(at(100, 100, 900, 600, { fullScreen: true }));
  });

  it('across two displays: onto the one showing most of it', () => {
    // 1000..2200 overlaps the laptop by 440 px and the monitor by 760: the monitor; x at least 1440.
    const saved = remember(NO_PLACEMENTS, DOCKED, at(1000, 100, 1200, 700));
    expect(placementFor(saved, DOCKED, SIZE)).toEqual(at(1440, 100, 1200, 700));
  });

  it('in a gap between displays: onto the nearest', () => {
    // The monitor sits above and to the right; the window's centre (1900, 1500) is 460 px right of
    // and 600 px below the laptop's work area (distance² 571,600), 1,420 px below the monitor's
    // (2,016,400): the laptop. x at most 1440 - 800 = 640, y at most 25 + 875 - 600 = 300.
    const above: DisplayInfo = {
      id: 3,
      bounds: { x: 1440, y: -1000, width: 1920, height: 1080 },
      workArea: { x: 1440, y: -1000, width: 1920, height: 1080 },
      primary: false,
    };
    const saved = remember(NO_PLACEMENTS, [LAPTOP, above], at(1500, 1200, 800, 600));
    expect(placementFor(saved, [LAPTOP, above], SIZE)).toEqual(at(640, 300, 800, 600));
  });

  it("never smaller than the window's minimum, unless the display is", () => {
    const saved = remember(NO_PLACEMENTS, ALONE, at(10, 30, 500, 400));
    expect(placementFor(saved, ALONE, SIZE)).toEqual(at(10, 30, 800, 560));
    const narrow: DisplayInfo = {
      id: 4,
      bounds: { x: 0, y: 0, width: 700, height: 500 },
      workArea: { x: 0, y: 0, width: 700, height: 500 },
      primary: true,
    };
    expect(placementFor(saved, [narrow], SIZE)).toEqual(at(0, 0, 700, 500));
  });

  it(`remembers the ${MAX_LAYOUTS} newest arrangements, the one just used first`, () => {
    let saved: SavedPlacements = NO_PLACEMENTS;
    const arrangement = (n: number): DisplayInfo[] => [{ ...LAPTOP, id: 100 + n }];
    for (let n = 0; n < 10; n++) saved = remember(saved, arrangement(n), at(n, 25, 900, 600));
    saved = remember(saved, arrangement(5), at(55, 25, 900, 600));
    expect(saved.layouts.map((l) => l.placement.bounds.x)).toEqual([55, 9, 8, 7, 6, 4, 3, 2]);
  });
});

describe('window-state.json', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });
  const file = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'treasury-window-state-'));
    dirs.push(dir);
    return join(dir, 'window-state.json');
  };

  it('keeps the placement across a restart; saves made together are written in order, the last one last', async () => {
    const path = await file();
    const first = await openWindowState(path);
    expect(first.flush()).toBeUndefined();
    expect(first.placement(ALONE, SIZE)).toEqual(at(80, 62, 1280, 800));
    void first.save(ALONE, at(10, 30, 1000, 700));
    void first.save(ALONE, at(20, 40, 1100, 750, { maximized: true }));
    await first.flush();
    const again = await openWindowState(path);
    expect(again.placement(ALONE, SIZE)).toEqual(at(20, 40, 1100, 750, { maximized: true }));
  });

  it('a damaged or foreign file is no placement: the default size, and the next save writes a good one', async () => {
    const path = await file();
    const layouts = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ layout: `x${i}`, placement: at(0, 0, 900, 600) }));
    for (const bad of [
      'not json',
      JSON.stringify({ version: 2, layouts: [] }),
      JSON.stringify({ version: 1, layouts: [{ layout: layoutOf(ALONE), placement: at(0, 0, -5, 600) }] }),
      JSON.stringify({ version: 1, layouts: [{ layout: layoutOf(ALONE), placement: at(0.5, 0, 900, 600) }] }),
      JSON.stringify({ version: 1, layouts: layouts(MAX_LAYOUTS + 1) }),
    ]) {
      await writeFile(path, bad);
      expect(await readPlacements(path), bad).toEqual(NO_PLACEMENTS);
    }
    const store = await openWindowState(path);
    expect(store.placement(ALONE, SIZE)).toEqual(at(80, 62, 1280, 800));
    await store.save(ALONE, at(5, 30, 900, 600));
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      version: 1,
      layouts: [{ layout: layoutOf(ALONE), placement: at(5, 30, 900, 600) }],
    });
  });
});

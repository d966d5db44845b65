/**
 * Where the main window opens: where the person left it, on the displays there are now.
 *
 * A placement is remembered per arrangement of displays (which displays, where, how large): a
 * laptop alone and the same laptop docked to a monitor each get the window back where it was in
 * that arrangement. An arrangement never seen before (a monitor unplugged, a projector added)
 * starts from the newest placement, moved and shrunk onto the display that shows most of it (or,
 * if it is on none, the nearest), so the window never opens off screen. Maximized and full
 * screen are kept with the size the window returns to when it leaves them.
 *
 * Free of Electron: src/main/window/electron-window-state.ts gives it Electron's screen and
 * window, tests/unit/window-state.test.ts gives it displays of its own.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DisplayInfo {
  id: number;
  bounds: Rect;
  /** The part of the display windows may use (without the task bar, menu bar, dock). */
  workArea: Rect;
  primary: boolean;
}

export interface WindowPlacement {
  /** The normal bounds: the window's size and place when neither maximized nor full screen. */
  bounds: Rect;
  maximized: boolean;
  fullScreen: boolean;
}

export interface SavedPlacements {
  version: 1;
  /** Newest first, one per arrangement of displays. */
  layouts: { layout: string; placement: WindowPlacement }[];
}

export interface WindowSize {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** Arrangements remembered: a few docks, monitors and projectors; older ones are forgotten. */
export const MAX_LAYOUTS = 8;

export const NO_PLACEMENTS: SavedPlacements = { version: 1, layouts: [] };

/** The arrangement's name: each display's id, place and size, in id order. */
export function layoutOf(displays: readonly DisplayInfo[]): string {
  return [...displays]
    .sort((a, b) => a.id - b.id)
    .map(({ id, bounds: b }) => `${id}@${b.x},${b.y},${b.width}x${b.height}`)
    .join('|');
}

/** The saved placements with this one as the newest for the current arrangement. */
export function remember(
  saved: SavedPlacements,
  displays: readonly DisplayInfo[],
  placement: WindowPlacement,
): SavedPlacements {
  const layout = layoutOf(displays);
  const others = saved.layouts.filter((l) => l.layout !== layout);
  return { version: 1, layouts: [{ layout, placement }, ...others].slice(0, MAX_LAYOUTS) };
}

/**
 * Where to open the window now: this arrangement's placement, or the newest of another one,
 * fitted onto a display of this one; with nothing saved, the default size centred on the
 * primary display. With no display at all (never seen, but Electron does not promise one), the
 * saved or default placement as it is.
 */
export function placementFor(
  saved: SavedPlacements,
  displays: readonly DisplayInfo[],
  size: WindowSize,
): WindowPlacement {
  const here = layoutOf(displays);
  const found = saved.layouts.find((l) => l.layout === here) ?? saved.layouts[0];
  if (displays.length === 0) {
    return (
      found?.placement ?? {
        bounds: { x: 0, y: 0, width: size.width, height: size.height },
        maximized: false,
        fullScreen: false,
      }
    );
  }
  if (!found) {
    const primary = displays.find((d) => d.primary) ?? (displays[0] as DisplayInfo);
    return { bounds: centred(primary.workArea, size), maximized: false, fullScreen: false };
  }
  return { ...found.placement, bounds: fitted(found.placement.bounds, displays, size) };
}

function centred(area: Rect, size: WindowSize): Rect {
  const width = Math.min(size.width, area.width);
  const height = Math.min(size.height, area.height);
  return {
    x: area.x + Math.floor((area.width - width) / 2),
    y: area.y + Math.floor((area.height - height) / 2),
    width,
    height,
  };
}

/** The bounds moved (and, if they must, shrunk) to lie wholly inside one display's work area. */
export function fitted(bounds: Rect, displays: readonly DisplayInfo[], size: WindowSize): Rect {
  const area = displayFor(bounds, displays).workArea;
  // Never below the window's minimum, unless the display itself is smaller.
  const width = clamp(bounds.width, Math.min(size.minWidth, area.width), area.width);
  const height = clamp(bounds.height, Math.min(size.minHeight, area.height), area.height);
  return {
    x: clamp(bounds.x, area.x, area.x + area.width - width),
    y: clamp(bounds.y, area.y, area.y + area.height - height),
    width,
    height,
  };
}

/** The display showing most of the bounds; when none shows any, the one nearest to their centre. */
function displayFor(bounds: Rect, displays: readonly DisplayInfo[]): DisplayInfo {
  let best = displays[0] as DisplayInfo;
  let bestArea = -1;
  for (const d of displays) {
    const area = overlap(bounds, d.workArea);
    if (area > bestArea) [best, bestArea] = [d, area];
  }
  if (bestArea > 0) return best;
  const cx = bounds.x + bounds.width / 2;
  const cy = bounds.y + bounds.height / 2;
  let nearest = best;
  let nearestDistance = Infinity;
  for (const d of displays) {
    const a = d.workArea;
    const dx = Math.max(a.x - cx, 0, cx - (a.x + a.width));
    const dy = Math.max(a.y - cy, 0, cy - (a.y + a.height));
    const distance = dx * dx + dy * dy;
    if (distance < nearestDistance) [nearest, nearestDistance] = [d, distance];
  }
  return nearest;
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../profiles/atomic-write';
import {
  MAX_LAYOUTS,
  NO_PLACEMENTS,
  placementFor,
  remember,
  type DisplayInfo,
  type SavedPlacements,
  type WindowPlacement,
  type WindowSize,
} from './window-state';

/**
 * The window's placements in a file of the user folder (window-state.json). Sizes and places
 * only, nothing about the person's data. A missing, unreadable or damaged file is no placement:
 * the window opens at its default size, and the next save writes a good file.
 */
const Coordinate = z.number().int().min(-1_000_000).max(1_000_000);
const Length = z.number().int().min(1).max(1_000_000);
const PlacementsFile = z.object({
  version: z.literal(1),
  layouts: z
    .array(
      z.object({
        layout: z.string().min(1).max(2_000),
        placement: z.object({
          bounds: z.object({ x: Coordinate, y: Coordinate, width: Length, height: Length }),
          maximized: z.boolean(),
          fullScreen: z.boolean(),
        }),
      }),
    )
    .max(MAX_LAYOUTS),
});

export interface WindowStateStore {
  /** Where the window opens on these displays. */
  placement(displays: readonly DisplayInfo[], size: WindowSize): WindowPlacement;
  /** Remembers the window's placement for these displays; writes one after another, the newest last. */
  save(displays: readonly DisplayInfo[], placement: WindowPlacement): Promise<void>;
  /** The write under way, if any (the app waits for it before it quits). */
  flush(): Promise<void> | undefined;
}

export async function readPlacements(path: string): Promise<SavedPlacements> {
  try {
    const parsed = PlacementsFile.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : NO_PLACEMENTS;
  } catch {
    return NO_PLACEMENTS;
  }
}

export async function openWindowState(path: string): Promise<WindowStateStore> {
  let saved = await readPlacements(path);
  let writing: Promise<void> | undefined;
  return {
    placement: (displays, size) => placementFor(saved, displays, size),
    save(displays, placement) {
      saved = remember(saved, displays, placement);
      const text = JSON.stringify(saved);
      const write = (writing ?? Promise.resolve()).then(() => writeFileAtomic(path, text));
      // A failed write (a full disk) costs only the window's place: the next save tries again.
      const settled = write.catch(() => undefined);
      writing = settled;
      void settled.then(() => {
        if (writing === settled) writing = undefined;
      });
      return write;
    },
    flush: () => writing,
  };
}

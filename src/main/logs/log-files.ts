import { readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** How much the log folder may hold: `files` files of about `maxBytes` each, none older than `keepDays`. */
export interface LogBounds {
  maxBytes: number;
  files: number;
  keepDays: number;
}

/** 5 MB a file, 5 files (25 MB at most), a week. */
export const DEFAULT_LOG_BOUNDS: LogBounds = { maxBytes: 5 * 1024 * 1024, files: 5, keepDays: 7 };

export const LOG_FILE = 'treasury.log';
/** `treasury.log`, then `treasury.1.log` (the newest set aside) up to `treasury.<files-1>.log`. */
const NAME = /^treasury(?:\.(\d+))?\.log$/;

const nameOf = (n: number) => (n === 0 ? LOG_FILE : `treasury.${n}.log`);
const indexOf = (name: string): number | null => {
  const m = NAME.exec(name);
  return m ? Number(m[1] ?? 0) : null;
};

export interface LogFileInfo {
  name: string;
  path: string;
  bytes: number;
  modifiedAt: number;
}

/** The log files in `dir`, newest first (the one being written, then treasury.1.log, …). */
export async function listLogFiles(dir: string): Promise<LogFileInfo[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const out: LogFileInfo[] = [];
  for (const name of names) {
    if (indexOf(name) === null) continue;
    try {
      const s = await stat(join(dir, name));
      if (s.isFile()) out.push({ name, path: join(dir, name), bytes: s.size, modifiedAt: s.mtimeMs });
    } catch {
      // Removed between the listing and the stat (a rotation): not there.
    }
  }
  return out.sort((a, b) => (indexOf(a.name) ?? 0) - (indexOf(b.name) ?? 0));
}

/**
 * Sets the current file aside as treasury.1.log, moving the older ones up by one and dropping
 * what goes past the bound. Synchronous: electron-log calls it between two synchronous writes.
 */
export function rotateLogFiles(dir: string, bounds: LogBounds): void {
  const last = Math.max(1, bounds.files - 1);
  rmSync(join(dir, nameOf(last)), { force: true });
  for (let n = last - 1; n >= 0; n--) {
    try {
      renameSync(join(dir, nameOf(n)), join(dir, nameOf(n + 1)));
    } catch {
      // A gap in the series (a file removed by hand): nothing to move.
    }
  }
  pruneLogFiles(dir, bounds, Date.now());
}

/** Removes set-aside files older than the bound, and any numbered past the count (a smaller bound than before). */
export function pruneLogFiles(dir: string, bounds: LogBounds, now: number): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const oldest = now - bounds.keepDays * 24 * 3_600_000;
  for (const name of names) {
    const n = indexOf(name);
    if (n === null || n === 0) continue;
    const path = join(dir, name);
    try {
      if (n >= bounds.files || statSync(path).mtimeMs < oldest) rmSync(path, { force: true });
    } catch {
      // Gone already.
    }
  }
}

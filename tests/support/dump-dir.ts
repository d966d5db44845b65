import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under a directory: path and contents (as latin1, so any byte sequence matches). */
export async function dumpDir(dir: string): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.push({ path, text: (await readFile(path)).toString('latin1') });
  }
  return out;
}

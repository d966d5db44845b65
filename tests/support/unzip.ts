import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Unpacks a zip with Info-ZIP's `unzip` (Debian `unzip`; scripts/ensure-system-packages.sh
 * installs it), a program we did not write, so a bundle is read back as support would read it.
 * `unzip -t` first: a zip whose CRCs or directory are wrong fails here, not later.
 */
export async function unzipped(zipPath: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'treasury-unzip-'));
  try {
    await run('unzip', ['-tq', zipPath]);
    await run('unzip', ['-q', zipPath, '-d', dir]);
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string; stdout?: string };
    if (e.code === 'ENOENT')
      throw new Error('unzip is not installed: run `bash scripts/ensure-system-packages.sh`', { cause: error });
    throw new Error(`unzip refused ${zipPath}: ${e.stdout ?? ''}${e.stderr ?? e.message}`, { cause: error });
  }
  return dir;
}

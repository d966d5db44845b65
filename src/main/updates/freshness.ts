import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../profiles/atomic-write';

export const SEEN_FILE_NAME = 'update-seen.json';

/**
 * The signing time of the newest feed this install has believed, kept in the data folder: a feed
 * signed before it is an old one served again (its signature is still good), and is refused, so
 * an old feed that named a floor cannot send installs back a second time.
 */
export async function newestSeen(dataDir: string): Promise<number | null> {
  try {
    const kept = (JSON.parse(await readFile(join(dataDir, SEEN_FILE_NAME), 'utf8')) as { signedAt?: unknown } | null)
      ?.signedAt;
    return typeof kept === 'number' && Number.isFinite(kept) ? kept : null;
  } catch {
    // None yet (or damaged): no feed is refused as old until one has been believed.
    return null;
  }
}

export async function rememberSeen(dataDir: string, signedAt: number): Promise<void> {
  const before = await newestSeen(dataDir);
  if (before !== null && before >= signedAt) return;
  await writeFileAtomic(join(dataDir, SEEN_FILE_NAME), `${JSON.stringify({ signedAt })}\n`);
}

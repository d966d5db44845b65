import { randomInt } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../profiles/atomic-write';

export const BUCKET_FILE_NAME = 'update-bucket.json';
/** Buckets per install: a hundredth of a percent each, so a 0.5 % rollout still reaches someone. */
export const BUCKETS = 10_000;

/**
 * This install's place in a staged rollout, drawn once at random and kept in the data folder,
 * so the same install stays in (or out of) a rollout from one check to the next. A missing or
 * damaged file draws a new one: the place is not a secret and not worth refusing updates over.
 */
export async function installBucket(dataDir: string): Promise<number> {
  const path = join(dataDir, BUCKET_FILE_NAME);
  try {
    const kept: unknown = JSON.parse(await readFile(path, 'utf8'));
    const bucket = (kept as { bucket?: unknown } | null)?.bucket;
    if (Number.isInteger(bucket) && (bucket as number) >= 0 && (bucket as number) < BUCKETS) return bucket as number;
  } catch {
    // A first run (no file) or a damaged one: drawn again below.
  }
  const bucket = randomInt(BUCKETS);
  await mkdir(dataDir, { recursive: true });
  await writeFileAtomic(path, `${JSON.stringify({ bucket })}\n`);
  return bucket;
}

/** Whether a feed staged to `percentage` (null: not staged) reaches the install in `bucket`. */
export function inRollout(bucket: number, percentage: number | null): boolean {
  if (percentage === null) return true;
  return bucket < (percentage / 100) * BUCKETS;
}

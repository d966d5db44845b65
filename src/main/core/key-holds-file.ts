import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../profiles/atomic-write';
import { KeyHolds, type HoldsSink } from '../service/key-holds';

/**
 * The service's Retry-After per idempotency key, kept in a file of the user folder so that an app
 * restarted inside a long wait (a crash, a quick quit and start) still does not send those keys
 * early. Idempotency keys and times only: nothing secret. A missing or unreadable file is an empty
 * set (the next hold writes a good one).
 */
const HoldsFile = z.object({
  version: z.literal(1),
  holds: z.record(z.string().min(1).max(255), z.number().int().nonnegative()),
});

class FileSink implements HoldsSink {
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  /** Writes one after another, so the file always ends with the newest set. */
  save(holds: ReadonlyMap<string, number>): Promise<void> {
    const text = JSON.stringify({ version: 1, holds: Object.fromEntries(holds) });
    const write = this.writing.then(() => writeFileAtomic(this.path, text));
    this.writing = write.catch(() => undefined);
    return write;
  }
}

async function readHolds(path: string, now: number): Promise<[string, number][]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return [];
  }
  try {
    const parsed = HoldsFile.safeParse(JSON.parse(text));
    return parsed.success ? Object.entries(parsed.data.holds).filter(([, until]) => until > now) : [];
  } catch {
    return [];
  }
}

/** The holds of the last run still in force, written back to `path` as they change. */
export async function openKeyHolds(path: string, now: number = Date.now()): Promise<KeyHolds> {
  return new KeyHolds(new FileSink(path), await readHolds(path, now));
}

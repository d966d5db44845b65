import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { RevealAuditEntry } from '../../shared/ipc';
import { scrubCardNumbers } from '../service/scrub';

export interface RevealAuditOptions {
  /** The JSONL file (one entry a line) under the user-data folder. */
  path: string;
  /**
   * Entries kept: past this the oldest go, so the file stays small on a machine used for years.
   * The file may hold up to twice this many lines before it is cut back (one rewrite per `max`
   * appends, not one per reveal).
   */
  max?: number;
}

export const REVEAL_AUDIT_MAX = 1_000;
/** What `list` answers at most: the screen shows the latest few. */
export const REVEAL_AUDIT_LIST_MAX = 50;

const KEYS: (keyof RevealAuditEntry)[] = ['at', 'user', 'profileId', 'profileName', 'cardId', 'last4', 'pan', 'cvv', 'outcome', 'reason'];

/** A line is taken only if it has the fields of an entry; a torn or hand-edited line is skipped. */
function parseLine(line: string): RevealAuditEntry | undefined {
  try {
    const v = JSON.parse(line) as Partial<RevealAuditEntry>;
    const strings = [v.at, v.user, v.profileId, v.profileName, v.cardId, v.last4].every((s) => typeof s === 'string');
    const flags = typeof v.pan === 'boolean' && typeof v.cvv === 'boolean';
    if (!strings || !flags || (v.outcome !== 'revealed' && v.outcome !== 'failed')) return undefined;
    return v as RevealAuditEntry;
  } catch {
    return undefined;
  }
}

/**
 * The local audit of card reveals: an append-only JSONL file, one line per reveal asked for
 * (who, when, which card, what was shown, how it went), never the number or code. Appends are
 * serialized so two reveals at once never interleave their bytes.
 */
export class RevealAudit {
  private readonly max: number;
  private chain: Promise<unknown> = Promise.resolve();
  private lines: number | undefined;

  constructor(private readonly options: RevealAuditOptions) {
    this.max = Math.max(1, options.max ?? REVEAL_AUDIT_MAX);
  }

  /**
   * Appends one entry. Only the known fields are written, and the reason is scrubbed again, so a
   * caller that put more in the object (or a number in a message) cannot get it into the file.
   */
  append(entry: RevealAuditEntry): Promise<void> {
    const clean: Record<string, unknown> = {};
    for (const k of KEYS) if (entry[k] !== undefined) clean[k] = k === 'reason' ? scrubCardNumbers(String(entry[k])) : entry[k];
    const line = `${JSON.stringify(clean)}\n`;
    const run = this.chain.then(async () => {
      await mkdir(dirname(this.options.path), { recursive: true });
      this.lines ??= (await this.readAll()).length;
      await appendFile(this.options.path, line, { encoding: 'utf8', mode: 0o600 });
      this.lines++;
      if (this.lines > 2 * this.max) await this.trim();
    });
    // A failed append must not block the next one; its caller still sees the failure.
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** The newest entries of a profile (and card), newest first. */
  async list(filter: { profileId: string; cardId?: string }, limit = REVEAL_AUDIT_LIST_MAX): Promise<RevealAuditEntry[]> {
    await this.chain;
    const all = await this.readAll();
    const mine = all.filter((e) => e.profileId === filter.profileId && (filter.cardId === undefined || e.cardId === filter.cardId));
    return mine.slice(-limit).reverse();
  }

  private async readAll(): Promise<RevealAuditEntry[]> {
    let text: string;
    try {
      text = await readFile(this.options.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map(parseLine)
      .filter((e): e is RevealAuditEntry => e !== undefined);
  }

  /** Keeps the newest `max` entries: written beside the file, then renamed over it (never half a file). */
  private async trim(): Promise<void> {
    const keep = (await this.readAll()).slice(-this.max);
    const tmp = `${this.options.path}.tmp`;
    await writeFile(tmp, keep.map((e) => `${JSON.stringify(e)}\n`).join(''), { encoding: 'utf8', mode: 0o600 });
    await rename(tmp, this.options.path);
    this.lines = keep.length;
  }
}

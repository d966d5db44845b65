import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

/**
 * Every row this desktop signed a draft of for a team workspace (its id and idempotency key),
 * kept in main's data folder after the workspace is left too: main never sends such a row as a
 * solo row, so a row drafted for a team is never approved and sent by this desktop alone, whatever
 * the page's outbox says about it. Ids and keys only.
 */
const Line = z.strictObject({ rowId: z.string().min(1).max(100), key: z.string().min(1).max(255), workspaceId: z.string().max(100), service: z.string().max(2048), at: z.number().int() });
type Line = z.infer<typeof Line>;

export class TeamDrafts {
  private readonly rows = new Map<string, Line>();
  private readonly keys = new Map<string, Line>();
  private loaded: Promise<void> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  /** The draft this row id or key was signed as, if this desktop signed one. */
  async signedAs(rowId: string, key: string): Promise<Line | undefined> {
    await this.load();
    return this.rows.get(rowId) ?? this.keys.get(key);
  }

  /** Written before the signed draft leaves main: a row that exists as a team draft is known here first. */
  async add(lines: readonly Omit<Line, never>[]): Promise<void> {
    await this.load();
    const fresh = lines.filter((l) => !this.rows.has(l.rowId));
    if (fresh.length === 0) return;
    for (const l of fresh) this.remember(l);
    const write = this.writing.then(async () => {
      await mkdir(dirname(this.path), { recursive: true });
      await appendFile(this.path, fresh.map((l) => `${JSON.stringify(l)}\n`).join(''), { mode: 0o600 });
    });
    this.writing = write.catch(() => undefined);
    await write;
  }

  private remember(l: Line): void {
    this.rows.set(l.rowId, l);
    this.keys.set(l.key, l);
  }

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      let text = '';
      try {
        text = await readFile(this.path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      for (const raw of text.split('\n')) {
        if (!raw) continue;
        try {
          const parsed = Line.safeParse(JSON.parse(raw));
          if (parsed.success) this.remember(parsed.data);
        } catch {
          // A torn last line (the app stopped mid-write): the draft it named was never handed out.
        }
      }
    })();
    return this.loaded;
  }
}

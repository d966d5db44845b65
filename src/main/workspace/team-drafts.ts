import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { WorkspaceError } from './workspace-error';

/**
 * Every row this desktop signed a draft of for a team workspace (its id and idempotency key),
 * kept in main's data folder after the workspace is left too: main never sends such a row as a
 * solo row, so a row drafted for a team is never approved and sent by this desktop alone, whatever
 * the page's outbox says about it. Ids and keys only.
 *
 * It also says which services this desktop drafted for a team, a second record beside
 * workspaces.json: such a service is never solo while the workspace it was drafted for has not
 * been left here (a `left` line, written once the person confirmed leaving in main's prompt), so
 * a workspaces.json that went missing turns no team's service solo.
 */
const Line = z.strictObject({
  rowId: z.string().min(1).max(100),
  key: z.string().min(1).max(255),
  workspaceId: z.string().max(100),
  service: z.string().max(2048),
  at: z.number().int(),
});
type Line = z.infer<typeof Line>;
const Left = z.strictObject({ left: z.string().min(1).max(100), at: z.number().int() });
type Left = z.infer<typeof Left>;

export class TeamDrafts {
  private readonly rows = new Map<string, Line>();
  private readonly keys = new Map<string, Line>();
  /** The services drafted for each workspace since this desktop last left it. */
  private readonly services = new Map<string, Set<string>>();
  private loaded: Promise<void> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  /** The draft this row id or key was signed as, if this desktop signed one. */
  async signedAs(rowId: string, key: string): Promise<Line | undefined> {
    await this.load();
    return this.rows.get(rowId) ?? this.keys.get(key);
  }

  /** Whether this desktop drafted rows of `service` for a workspace it has not left since. */
  async drafted(service: string): Promise<boolean> {
    await this.load();
    return [...this.services.values()].some((s) => s.has(service));
  }

  /**
   * Written before the signed draft leaves main: a row that exists as a team draft is known here
   * first. A line this file's reader would skip (a service address too long) is refused, not
   * written: the row would be forgotten at the next start.
   */
  async add(lines: readonly Omit<Line, never>[]): Promise<void> {
    await this.load();
    for (const l of lines) {
      const checked = Line.safeParse(l);
      if (!checked.success)
        throw new WorkspaceError(
          'refused',
          `Nothing was signed: this desktop could not keep a record of the draft (${checked.error.issues[0]?.message ?? 'invalid'}), and never signs what it would forget.`,
        );
    }
    const fresh = lines.filter((l) => !this.rows.has(l.rowId));
    if (fresh.length === 0) return;
    for (const l of fresh) this.remember(l);
    await this.append(fresh);
  }

  /** The person left the workspace (confirmed in main's prompt): the services drafted there may be solo again. */
  async left(workspaceId: string, at: number): Promise<void> {
    await this.load();
    const line: Left = { left: workspaceId, at };
    await this.append([line]);
    this.services.delete(workspaceId);
  }

  private append(lines: readonly (Line | Left)[]): Promise<void> {
    const write = this.writing.then(async () => {
      await mkdir(dirname(this.path), { recursive: true });
      await appendFile(this.path, lines.map((l) => `${JSON.stringify(l)}\n`).join(''), { mode: 0o600 });
    });
    this.writing = write.catch(() => undefined);
    return write;
  }

  private remember(l: Line): void {
    this.rows.set(l.rowId, l);
    this.keys.set(l.key, l);
    let s = this.services.get(l.workspaceId);
    if (!s) this.services.set(l.workspaceId, (s = new Set()));
    s.add(l.service);
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
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          // A torn last line (the app stopped mid-write): the draft it named was never handed out.
          continue;
        }
        const draft = Line.safeParse(json);
        if (draft.success) {
          this.remember(draft.data);
          continue;
        }
        const left = Left.safeParse(json);
        if (left.success) this.services.delete(left.data.left);
      }
    })();
    return this.loaded;
  }
}

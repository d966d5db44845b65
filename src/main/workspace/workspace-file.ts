import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../profiles/atomic-write';
import { WorkspaceError } from './workspace-error';

export const WORKSPACES_FILE_NAME = 'workspaces.json';

const Head = z.strictObject({ seq: z.number().int().min(0), hash: z.string() }).nullable();
const SignedRow = z.strictObject({ seq: z.number().int().min(0), text: z.string(), signature: z.string() });

/**
 * What this desktop keeps about a workspace, beside its keychain entries (the database password
 * and the signing key): where it is, the admin key it pinned, the last directory it verified
 * (signed entries, checked again on every load: a copy to work from offline, not an authority),
 * the newest directory and audit entries it has seen (a workspace cut back behind them was
 * rolled back), and the services it covers here. Nothing secret.
 */
export const StoredWorkspace = z.strictObject({
  id: z.string().uuid(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  database: z.string(),
  user: z.string(),
  caCert: z.string().optional(),
  pinnedKey: z.string(),
  publicKey: z.string(),
  directory: z.array(SignedRow),
  heads: z.strictObject({ directory: Head, audit: Head }),
  /**
   * The services this workspace has covered on this desktop (a verified policy named them, or
   * this desktop signed a draft for them): they stay covered, so a policy that goes missing from
   * a directory read never turns them back to solo (coverage.ts).
   */
  services: z.array(z.string().max(2048)).max(1000).default([]),
});
export type StoredWorkspace = z.infer<typeof StoredWorkspace>;

const File = z.strictObject({ version: z.literal(1), workspaces: z.array(StoredWorkspace) });

/** What the file held when it was read: the workspaces, or that it could not be read. */
export interface WorkspacesRead {
  workspaces: StoredWorkspace[];
  /**
   * The file is there but cannot be read: which services a team covers is unknown, and main
   * refuses every solo send (Workspaces.coverage) until a good file replaces it.
   */
  damaged: boolean;
}

/**
 * Why `services` cannot be kept as a workspace's covered services (the reader would refuse the
 * whole file, and every service would turn solo at the next start), or null.
 */
export function servicesProblem(services: readonly string[]): string | null {
  const parsed = StoredWorkspace.shape.services.safeParse(services);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'not a list of service addresses');
}

/**
 * workspaces.json in the app's data folder. Absent for everyone who never added a workspace
 * (solo stays as it was: nothing is read, nothing connects). A damaged file is left where it is
 * and reported, so it fails closed at every start until the person joins again (the next write
 * sets it aside first) or puts a good copy back: moving it away at once made the next start read
 * "no file", which is solo for every service. Writes are atomic, one at a time, and never write
 * what this reader would refuse.
 */
export class WorkspaceFile {
  private writing: Promise<void> = Promise.resolve();
  /** The file read as damaged and not yet replaced. */
  private damaged = false;

  constructor(private readonly dir: string) {}

  /** The file was read as damaged and no good one has replaced it yet. */
  get unreadable(): boolean {
    return this.damaged;
  }

  private get path(): string {
    return join(this.dir, WORKSPACES_FILE_NAME);
  }

  async read(): Promise<WorkspacesRead> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { workspaces: [], damaged: false };
      throw error;
    }
    let parsed: z.ZodSafeParseResult<z.infer<typeof File>> | null;
    try {
      parsed = File.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    this.damaged = !parsed?.success;
    return parsed?.success ? { workspaces: parsed.data.workspaces, damaged: false } : { workspaces: [], damaged: true };
  }

  /** Replaces the file with `workspaces`, after any write already under way; a damaged file is kept aside first. */
  write(workspaces: readonly StoredWorkspace[]): Promise<void> {
    const next = this.writing.then(async () => {
      const file = { version: 1 as const, workspaces };
      const checked = File.safeParse(file);
      if (!checked.success)
        throw new WorkspaceError(
          'refused',
          `This desktop’s team workspace settings were not saved: they would not read back (${checked.error.issues[0]?.message ?? 'invalid'}). Nothing changed on disk.`,
        );
      await mkdir(this.dir, { recursive: true });
      if (this.damaged) {
        await rename(this.path, `${this.path}.damaged-${Date.now()}`).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
      await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`);
      this.damaged = false;
    });
    this.writing = next.catch(() => undefined);
    return next;
  }
}

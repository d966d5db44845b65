import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../profiles/atomic-write';

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

/**
 * workspaces.json in the app's data folder. Absent for everyone who never added a workspace
 * (solo stays as it was: nothing is read, nothing connects). A damaged file is set aside, not
 * overwritten, and the app starts with no workspace. Writes are atomic and one at a time.
 */
export class WorkspaceFile {
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly dir: string) {}

  private get path(): string {
    return join(this.dir, WORKSPACES_FILE_NAME);
  }

  async read(): Promise<StoredWorkspace[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    let parsed: z.ZodSafeParseResult<z.infer<typeof File>> | null;
    try {
      parsed = File.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (parsed?.success) return parsed.data.workspaces;
    await rename(this.path, `${this.path}.damaged-${Date.now()}`).catch(() => undefined);
    return [];
  }

  /** Replaces the file with `workspaces`, after any write already under way. */
  write(workspaces: readonly StoredWorkspace[]): Promise<void> {
    const next = this.writing.then(async () => {
      await mkdir(this.dir, { recursive: true });
      await writeFileAtomic(this.path, `${JSON.stringify({ version: 1, workspaces }, null, 2)}\n`);
    });
    this.writing = next.catch(() => undefined);
    return next;
  }
}

import { access, mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-write';
import { DEMO_PROFILE_ID, liveProfileSchema } from './profile';

export const PROFILES_FILE_NAME = 'profiles.json';
export const PROFILES_FILE_VERSION = 1;

/**
 * profiles.json: non-secret settings only. The Demo profile is not in it (it is built in), and
 * no key is (the profile schema is strict). Ids must be unique; names are not re-checked here
 * (a hand-edited duplicate name is harmless, create/update enforce uniqueness).
 */
export const profilesFileSchema = z
  .strictObject({
    version: z.literal(PROFILES_FILE_VERSION),
    activeProfileId: z.string().min(1).nullable(),
    profiles: z.array(liveProfileSchema),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.profiles.forEach((p, i) => {
      if (seen.has(p.id))
        ctx.addIssue({ code: 'custom', path: ['profiles', i, 'id'], message: `duplicate profile id ${p.id}` });
      seen.add(p.id);
    });
  });

export type ProfilesFile = z.output<typeof profilesFileSchema>;

/** The settings file was unusable: it was renamed to `setAsidePath` and the app started empty. */
export interface RecoveredFile {
  /** For a person: what was wrong, and that the old file was kept. */
  reason: string;
  setAsidePath: string;
}

export const EMPTY_PROFILES: ProfilesFile = Object.freeze({ version: 1, activeProfileId: null, profiles: [] });

export function profilesFilePath(dir: string): string {
  return join(dir, PROFILES_FILE_NAME);
}

/**
 * Reads profiles.json. A missing file is a first run. A file that is not JSON, not the expected
 * shape, or from a newer version is never crashed on and never overwritten: it is renamed aside
 * (kept for support or manual recovery) and the store starts empty, reporting what happened.
 * A file that cannot be read at all (permissions) is an error: renaming it would fail too.
 */
export async function readProfilesFile(
  dir: string,
  now: () => Date,
): Promise<{ file: ProfilesFile; recovered: RecoveredFile | null }> {
  await mkdir(dir, { recursive: true });
  const path = profilesFilePath(dir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isErrno(error) && error.code === 'ENOENT') return { file: EMPTY_PROFILES, recovered: null };
    throw new Error(
      `The connection profiles file ${path} could not be read (${errnoText(error)}). Check that you can read and write ${dir}, then restart the app.`,
      { cause: error },
    );
  }

  const problem = checkContent(text);
  if (problem.ok) return { file: repair(problem.file), recovered: null };

  const setAsidePath = await setAside(dir, path, now());
  return {
    file: EMPTY_PROFILES,
    recovered: {
      reason: `The saved connection profiles could not be used (${problem.why}), so the app started with none. The old file was kept as ${setAsidePath}. API keys saved in the system keychain are not affected.`,
      setAsidePath,
    },
  };
}

export async function writeProfilesFile(dir: string, file: ProfilesFile): Promise<void> {
  await writeFileAtomic(profilesFilePath(dir), `${JSON.stringify(file, null, 2)}\n`);
}

function checkContent(text: string): { ok: true; file: ProfilesFile } | { ok: false; why: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, why: text.trim() === '' ? 'the file is empty' : 'the file is not valid JSON' };
  }
  if (isNewerVersion(json)) {
    return { ok: false, why: 'the file was written by a newer version of Treasury Desktop' };
  }
  const parsed = profilesFileSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length ? ` at ${first.path.map(String).join('.')}` : '';
    return { ok: false, why: `the file is not in the expected format${where}: ${first?.message ?? 'invalid'}` };
  }
  return { ok: true, file: parsed.data };
}

/** An active id that points at nothing (hand edit) is reset rather than discarding every profile. */
function repair(file: ProfilesFile): ProfilesFile {
  const active = file.activeProfileId;
  if (active === null || active === DEMO_PROFILE_ID || file.profiles.some((p) => p.id === active)) return file;
  return { ...file, activeProfileId: null };
}

function isNewerVersion(json: unknown): boolean {
  return (
    typeof json === 'object' &&
    json !== null &&
    'version' in json &&
    typeof json.version === 'number' &&
    json.version > PROFILES_FILE_VERSION
  );
}

/** Renames the file to profiles.corrupt-<timestamp>.json (a free name, never overwriting one). */
async function setAside(dir: string, path: string, at: Date): Promise<string> {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  for (let n = 0; ; n++) {
    const candidate = join(dir, `profiles.corrupt-${stamp}${n ? `-${n}` : ''}.json`);
    if (await exists(candidate)) continue;
    try {
      await rename(path, candidate);
      return candidate;
    } catch (error) {
      throw new Error(
        `The connection profiles file ${path} is damaged and could not be set aside (${errnoText(error)}). Move or delete it, then restart the app.`,
        { cause: error },
      );
    }
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

function isErrno(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

/** Node's fs messages already start with the code ("EACCES: permission denied, open ..."). */
export function errnoText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

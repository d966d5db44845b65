import { randomUUID } from 'node:crypto';
import {
  DEMO_PROFILE,
  DEMO_PROFILE_ID,
  parseProfileInput,
  profileInputSchema,
  profilePatchSchema,
  ProfileValidationError,
  type LiveProfile,
  type Profile,
  type ProfileInput,
  type ProfilePatch,
} from './profile';
import {
  errnoText,
  profilesFilePath,
  readProfilesFile,
  writeProfilesFile,
  type ProfilesFile,
  type RecoveredFile,
} from './profiles-file';

export type { RecoveredFile };

/** Removes a profile's API key; SessionAwareSecrets fits (`deleteKey`). */
export interface ProfileKeyRemover {
  deleteKey(profileId: string): Promise<boolean>;
}

export interface ProfileStoreOptions {
  /**
   * When given, delete() removes the profile's key first, then the profile: a failure to remove
   * the key leaves the profile in place (the person can retry) instead of an orphan key in the
   * keychain that nothing lists any more. Without it, deleting the key is the caller's job.
   */
  keys?: ProfileKeyRemover;
  now?: () => Date;
  newId?: () => string;
}

export interface ProfilesSnapshot {
  activeProfileId: string | null;
  /** The built-in Demo profile first, then the stored ones in creation order. */
  profiles: Profile[];
}

export type ProfileStoreErrorCode = 'not-found' | 'built-in' | 'write-failed' | 'key-delete-failed';

export class ProfileStoreError extends Error {
  override readonly name = 'ProfileStoreError';
  constructor(
    readonly code: ProfileStoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Connection profiles (non-secret settings) in `<dir>/profiles.json`, `dir` being Electron's
 * userData folder in the app and a temp folder in tests.
 *
 * - The Demo profile is built in: always first in list(), selectable, never stored, never
 *   editable or deletable, with no URLs (the sandbox chooses them when it starts).
 * - Every change goes through one promise chain, reads the state left by the previous change,
 *   and is written atomically before it becomes visible: concurrent updates all land, and a
 *   failed write or a validation error changes nothing, in memory or on disk.
 * - One store per folder per process (the app is single-instance); it does not watch the file.
 */
export class ProfileStore {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly dir: string,
    private state: ProfilesFile,
    private readonly options: ProfileStoreOptions,
  ) {}

  /**
   * Loads the store. `recovered` is set when profiles.json was damaged and set aside: show it to
   * the person (their profiles are gone from the app, the old file is kept at `setAsidePath`).
   */
  static async open(
    dir: string,
    options: ProfileStoreOptions = {},
  ): Promise<{ store: ProfileStore; recovered: RecoveredFile | null }> {
    const { file, recovered } = await readProfilesFile(dir, options.now ?? (() => new Date()));
    return { store: new ProfileStore(dir, file, options), recovered };
  }

  list(): Profile[] {
    return [{ ...DEMO_PROFILE }, ...this.state.profiles.map((p) => ({ ...p }))];
  }

  get(id: string): Profile | null {
    if (id === DEMO_PROFILE_ID) return { ...DEMO_PROFILE };
    const found = this.state.profiles.find((p) => p.id === id);
    return found ? { ...found } : null;
  }

  activeProfileId(): string | null {
    return this.state.activeProfileId;
  }

  snapshot(): ProfilesSnapshot {
    return { activeProfileId: this.state.activeProfileId, profiles: this.list() };
  }

  /** Creates a live profile. Throws ProfileValidationError (with `fields`) on bad input. */
  create(input: ProfileInput): Promise<LiveProfile> {
    return this.change((state) => {
      const fields = parseProfileInput(profileInputSchema, input);
      assertNameFree(state, fields.name, null);
      const profile: LiveProfile = {
        id: (this.options.newId ?? randomUUID)(),
        name: fields.name,
        kind: 'live',
        baseUrl: fields.baseUrl,
        vaultUrl: fields.vaultUrl,
        createdAt: (this.options.now?.() ?? new Date()).toISOString(),
      };
      return { next: { ...state, profiles: [...state.profiles, profile] }, result: { ...profile } };
    });
  }

  /** Changes name and/or URLs of a live profile; the other fields are fixed. */
  update(id: string, patch: ProfilePatch): Promise<LiveProfile> {
    return this.change((state) => {
      const current = findLive(state, id);
      const fields = parseProfileInput(profilePatchSchema, patch);
      if (fields.name !== undefined) assertNameFree(state, fields.name, id);
      const updated: LiveProfile = {
        ...current,
        ...(fields.name !== undefined && { name: fields.name }),
        ...(fields.baseUrl !== undefined && { baseUrl: fields.baseUrl }),
        ...(fields.vaultUrl !== undefined && { vaultUrl: fields.vaultUrl }),
      };
      return {
        next: { ...state, profiles: state.profiles.map((p) => (p.id === id ? updated : p)) },
        result: { ...updated },
      };
    });
  }

  /** Deletes a live profile (and its key, when the store was given `keys`). */
  delete(id: string): Promise<void> {
    return this.change(async (state) => {
      const current = findLive(state, id);
      if (this.options.keys) {
        try {
          await this.options.keys.deleteKey(id);
        } catch (error) {
          throw new ProfileStoreError(
            'key-delete-failed',
            `The profile "${current.name}" was not deleted because its API key could not be removed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      return {
        next: {
          ...state,
          activeProfileId: state.activeProfileId === id ? null : state.activeProfileId,
          profiles: state.profiles.filter((p) => p.id !== id),
        },
        result: undefined,
      };
    });
  }

  /** Makes `id` (a stored profile or 'demo') the active one, or none with null. */
  select(id: string | null): Promise<ProfilesSnapshot> {
    return this.change((state) => {
      if (id !== null && id !== DEMO_PROFILE_ID && !state.profiles.some((p) => p.id === id)) {
        throw notFound(id);
      }
      return { next: { ...state, activeProfileId: id }, result: null };
    }).then(() => this.snapshot());
  }

  /**
   * Runs `compute` after every earlier change, writes its result, then makes it current.
   * Nothing is visible (or on disk) if `compute` throws or the write fails.
   */
  private change<T>(
    compute: (state: ProfilesFile) => { next: ProfilesFile; result: T } | Promise<{ next: ProfilesFile; result: T }>,
  ): Promise<T> {
    const run = this.queue.then(async () => {
      const { next, result } = await compute(this.state);
      try {
        await writeProfilesFile(this.dir, next);
      } catch (error) {
        throw new ProfileStoreError(
          'write-failed',
          `The connection profiles could not be saved to ${profilesFilePath(this.dir)} (${errnoText(error)}). Nothing was changed; check that the disk is not full and that the folder is writable, then try again.`,
        );
      }
      this.state = next;
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function findLive(state: ProfilesFile, id: string): LiveProfile {
  if (id === DEMO_PROFILE_ID) {
    throw new ProfileStoreError('built-in', 'The Demo profile is built in: it cannot be edited or deleted.');
  }
  const found = state.profiles.find((p) => p.id === id);
  if (!found) throw notFound(id);
  return found;
}

function notFound(id: string): ProfileStoreError {
  return new ProfileStoreError(
    'not-found',
    `There is no connection profile with id ${id}; it may have been deleted. Reload the list and try again.`,
  );
}

/** Names are unique ignoring case (and Unicode normalization), the built-in "Demo" included. */
function assertNameFree(state: ProfilesFile, name: string, exceptId: string | null): void {
  const key = foldName(name);
  if (key === foldName(DEMO_PROFILE.name)) {
    throw new ProfileValidationError([
      { path: 'name', message: `"${DEMO_PROFILE.name}" is the name of the built-in Demo profile; choose another name` },
    ]);
  }
  const clash = state.profiles.find((p) => p.id !== exceptId && foldName(p.name) === key);
  if (clash) {
    throw new ProfileValidationError([
      { path: 'name', message: `another profile is already called "${clash.name}"; choose another name` },
    ]);
  }
}

function foldName(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

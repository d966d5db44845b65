import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_APP_SETTINGS,
  NOTIFICATION_EVENTS,
  ThemeSchema,
  type AppSettings,
  type AppSettingsChange,
  type NotificationEvent,
} from '../../shared/ipc';
import { writeFileAtomic } from '../profiles/atomic-write';

export const APP_SETTINGS_FILE_NAME = 'settings.json';

/**
 * settings.json holds preferences only (theme, notifications): nothing secret, nothing a
 * profile needs. Unknown or missing members take their defaults, so an older or newer file
 * still gives what it can rather than nothing.
 */
const fileSchema = z.object({
  theme: ThemeSchema.catch(DEFAULT_APP_SETTINGS.theme),
  notifications: z
    .object(
      Object.fromEntries(
        NOTIFICATION_EVENTS.map((e) => [e, z.boolean().catch(DEFAULT_APP_SETTINGS.notifications[e])]),
      ) as Record<NotificationEvent, z.ZodCatch<z.ZodBoolean>>,
    )
    .catch({ ...DEFAULT_APP_SETTINGS.notifications }),
});

const copy = (s: AppSettings): AppSettings => ({ theme: s.theme, notifications: { ...s.notifications } });

/**
 * The app's settings for this computer's user, in `<userData>/settings.json` (written atomically).
 * A file that cannot be read or parsed gives the defaults: these are preferences, and the next
 * change writes a good file over it.
 */
export class AppSettingsStore {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private current: AppSettings,
  ) {}

  static async open(dir: string): Promise<AppSettingsStore> {
    const path = join(dir, APP_SETTINGS_FILE_NAME);
    let current = copy(DEFAULT_APP_SETTINGS);
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      if (parsed.success) current = parsed.data;
    } catch {
      // Missing (a first run) or unreadable: the defaults, as documented above.
    }
    return new AppSettingsStore(path, current);
  }

  get(): AppSettings {
    return copy(this.current);
  }

  /** Whether a notification reporting these events may be shown: every one of them switched on. */
  allows(events: readonly NotificationEvent[]): boolean {
    return events.length > 0 && events.every((e) => this.current.notifications[e]);
  }

  /** Applies the change after every earlier one; nothing changes when the file cannot be written. */
  change(change: AppSettingsChange): Promise<AppSettings> {
    const run = this.queue.then(async () => {
      const next: AppSettings = {
        theme: change.theme ?? this.current.theme,
        notifications: { ...this.current.notifications, ...withoutUndefined(change.notifications ?? {}) },
      };
      try {
        await writeFileAtomic(this.path, `${JSON.stringify(next, null, 2)}\n`);
      } catch (error) {
        throw new Error(
          `The settings could not be saved to ${this.path} (${error instanceof Error ? error.message : String(error)}). Nothing was changed; check that the disk is not full and the folder is writable.`,
          { cause: error },
        );
      }
      this.current = next;
      return copy(next);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

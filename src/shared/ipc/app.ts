import { z } from 'zod';
import { channel, NoArg } from './define';
import { NotificationEventSchema } from './settings';

export interface AppInfo {
  version: string;
  platform: string;
}

/** Who is at this machine, as the OS says: recorded with every approval in the outbox. */
export interface AppIdentity {
  user: string;
  machine: string;
}

export const appChannels = {
  'app:info': channel<AppInfo>()(NoArg),
  'app:identity': channel<AppIdentity>()(NoArg),
  /**
   * An OS notification about the outbox, naming the events it reports: main shows it only when
   * the person has every one of them switched on (Settings), and answers whether it was shown.
   */
  'app:notify': channel<{ shown: boolean }>()(
    z
      .object({
        title: z.string().min(1).max(120),
        body: z.string().max(500),
        events: z.array(NotificationEventSchema).min(1).max(4),
      })
      .strict(),
  ),
  /**
   * How many approved transfers and payments are not sent yet, over every profile: closing the
   * last window with some left asks whether to keep sending in the background.
   */
  'app:outboxUnsent': channel<{ recorded: true }>()(
    z.object({ unsent: z.number().int().min(0).max(10_000_000) }).strict(),
  ),
} as const;

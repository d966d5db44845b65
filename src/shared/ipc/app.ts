import { z } from 'zod';
import { channel, NoArg } from './define';

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
  /** An OS notification (queued items sent or failed); answers whether one was shown. */
  'app:notify': channel<{ shown: boolean }>()(z.object({ title: z.string().min(1).max(120), body: z.string().max(500) }).strict()),
  /**
   * How many approved transfers and payments are not sent yet, over every profile: closing the
   * last window with some left asks whether to keep sending in the background.
   */
  'app:outboxUnsent': channel<{ recorded: true }>()(z.object({ unsent: z.number().int().min(0).max(10_000_000) }).strict()),
} as const;

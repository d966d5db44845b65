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
} as const;

import { channel, NoArg } from './define';

export interface AppInfo {
  version: string;
  platform: string;
}

export const appChannels = {
  'app:info': channel<AppInfo>()(NoArg),
} as const;

import { z } from 'zod';
import { channel, event } from './define';
import { ProfileId } from './schemas';

export type ConnectivityState = 'online' | 'offline' | 'degraded' | 'unknown';

/** The connection of one profile (each profile has its own service, so its own state). */
export interface ConnectivityStatus {
  state: ConnectivityState;
  profileId: string | null;
  /** ISO time of the last change of state. */
  since: string;
  /** Plain-language reason of the last failure, when not online. */
  reason?: string;
}

/** Without a profile id: the profile on screen. */
const Which = z.strictObject({ profileId: ProfileId }).optional();

export const connectivityChannels = {
  'connectivity:get': channel<ConnectivityStatus>()(Which),
  'connectivity:check': channel<ConnectivityStatus>()(Which),
} as const;

export const connectivityEvents = {
  'connectivity:changed': event<ConnectivityStatus>(),
} as const;

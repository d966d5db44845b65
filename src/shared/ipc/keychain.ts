import { channel, NoArg } from './define';

export interface KeychainStatus {
  available: boolean;
  reason?: string;
}

export const keychainChannels = {
  'keychain:status': channel<KeychainStatus>()(NoArg),
} as const;

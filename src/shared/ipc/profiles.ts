import { z } from 'zod';
import { channel, event, NoArg } from './define';
import { ApiKey, ProfileId, ProfileName, ServiceUrl } from './schemas';

export type ProfileKind = 'live' | 'demo';
export type KeyStorage = 'keychain' | 'session' | 'none';

/** What the renderer may know of a profile: never the key, only whether there is one. */
export interface ProfileView {
  id: string;
  name: string;
  kind: ProfileKind;
  /** For Demo: the sandbox's URLs once it runs (empty before). */
  baseUrl: string;
  vaultUrl: string;
  hasKey: boolean;
  keyStorage: KeyStorage;
}

export interface ProfilesState {
  profiles: ProfileView[];
  activeProfileId: string | null;
  /** Set when the settings file was unreadable and was set aside. */
  recovered?: { reason: string; setAsidePath: string };
}

export interface ConnectionCheck {
  ok: boolean;
  /** What happened, for a person: "Connected", "The API key was refused (401)", ... */
  message: string;
  status?: number;
}

export interface ConnectionTestResult {
  api: ConnectionCheck;
  vault: ConnectionCheck;
}

/** What `profiles:update` did besides saving: a changed address drops the key it was given for. */
export interface ProfileUpdateResult {
  profile: ProfileView;
  /** True when an address changed and the old key was removed (a new one was not given). */
  keyCleared: boolean;
}

export const profilesChannels = {
  'profiles:list': channel<ProfilesState>()(NoArg),
  'profiles:create': channel<ProfileView>()(
    z.strictObject({
      name: ProfileName,
      baseUrl: ServiceUrl,
      vaultUrl: ServiceUrl,
      apiKey: ApiKey,
      sessionOnly: z.boolean().optional(),
    }),
  ),
  /**
   * A key is only ever sent to the addresses it was entered for: changing an address removes
   * the stored key unless a new one comes with the change.
   */
  'profiles:update': channel<ProfileUpdateResult>()(
    z.strictObject({
      id: ProfileId,
      name: ProfileName.optional(),
      baseUrl: ServiceUrl.optional(),
      vaultUrl: ServiceUrl.optional(),
      apiKey: ApiKey.optional(),
      sessionOnly: z.boolean().optional(),
    }),
  ),
  'profiles:delete': channel<ProfilesState>()(z.strictObject({ id: ProfileId })),
  'profiles:select': channel<ProfilesState>()(z.strictObject({ id: ProfileId })),
  'profiles:setKey': channel<ProfileView>()(
    z.strictObject({ id: ProfileId, apiKey: ApiKey, sessionOnly: z.boolean().optional() }),
  ),
  'profiles:testConnection': channel<ConnectionTestResult>()(
    z.union([
      z.strictObject({ baseUrl: ServiceUrl, vaultUrl: ServiceUrl, apiKey: ApiKey }),
      z.strictObject({ id: ProfileId }),
    ]),
  ),
} as const;

export const profilesEvents = {
  'profiles:changed': event<ProfilesState>(),
} as const;

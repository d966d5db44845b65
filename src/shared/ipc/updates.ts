import { channel, event, NoArg } from './define';

/**
 * Where an update stands, as the person sees it in Settings → Help. `refused` names why a feed's
 * update was not offered (a wrong signature, a wrong hash, an older version), `waiting` what a
 * restart waits for (a row being sent, a sync page in flight).
 */
export type UpdateStatus =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'available'; version: string; notes: string; wayBack: boolean }
  | { kind: 'downloaded'; version: string; notes: string; wayBack: boolean }
  | { kind: 'waiting'; version: string; notes: string; wayBack: boolean; waitingFor: string[] }
  | { kind: 'restarting'; version: string }
  | { kind: 'refused'; version: string | null; reason: string }
  | { kind: 'error'; message: string };

export interface UpdateState {
  /** The version running now. */
  version: string;
  /**
   * 'app' where main can install an update (Electron); 'installer' where it cannot (the app in a
   * plain Chromium window): updates then come from the installer, and nothing is checked.
   */
  mode: 'app' | 'installer';
  /** The feed checked (the company's, or the public build's); null in 'installer' mode. */
  feed: string | null;
  /** When the feed was last read (main's clock), null before the first check. */
  lastChecked: number | null;
  status: UpdateStatus;
}

export const updatesChannels = {
  'updates:state': channel<UpdateState>()(NoArg),
  /** Reads the feed now (it is also read at start and daily); answers with the state after. */
  'updates:check': channel<UpdateState>()(NoArg),
  /**
   * "Restart to update": installs the downloaded update and restarts, once nothing is being sent
   * or synced; until then the state is `waiting` and says for what.
   */
  'updates:restart': channel<UpdateState>()(NoArg),
} as const;

export const updatesEvents = {
  'updates:changed': event<UpdateState>(),
} as const;

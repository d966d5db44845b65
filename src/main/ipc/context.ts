import type { EventName, Events, Theme } from '../../shared/ipc';
import type { RevealAudit } from '../audit/reveal-audit';
import type { CardLabels } from '../cards/card-labels';
import type { CardReveals } from '../cards/card-reveals';
import type { SecretClipboard } from '../clipboard/secret-clipboard';
import type { DemoService } from '../demo/demo-sandbox';
import type { FileExports } from '../files/file-exports';
import type { SaveDialog } from '../files/save-dialog';
import type { InFlightCalls } from './in-flight';
import type { KeySends } from '../profiles/key-sends';
import type { MoneyGate } from '../money/money-gate';
import type { Payers } from '../money/payers';
import type { ProfileStore, RecoveredFile } from '../profiles/profile-store';
import type { PromptGate } from '../prompt/trusted-prompt';
import type { SessionAwareSecrets } from '../secrets/secret-vault';
import type { Workspaces } from '../workspace/workspaces';
import type { TeamSending } from '../workspace/sending/team-sending';
import type { AppSettingsStore } from '../settings/app-settings';
import type { ProfileServices } from '../profiles/profile-services';
import type { Updates } from '../updates/updates';
import type { AppLog } from '../logs/app-log';
import type { PageLines } from '../logs/page-lines';
import type { SyncFigures } from '../logs/sync-figures';

/** What every feature's handlers work with: small on purpose, and free of Electron. */
export interface CoreContext {
  version: string;
  platform: string;
  /** The OS user and machine name (approvals record them). */
  identity: () => { user: string; machine: string };
  /** Shows an OS notification; false where there is none (tests, the Chromium host). */
  notify: (title: string, body: string) => boolean;
  /** Theme and notifications, for this computer's user (settings.json). */
  settings: AppSettingsStore;
  /** Gives every window the theme's colour scheme (Electron's nativeTheme, the host's page emulation). */
  applyTheme: (theme: Theme) => Promise<void>;
  /** The renderer's count of approved items not sent yet (main/background decides what closing does). */
  reportUnsent: (count: number) => void;
  store: ProfileStore;
  secrets: SessionAwareSecrets;
  demo: DemoService;
  services: ProfileServices;
  inFlight: InFlightCalls;
  /** Set when profiles.json was damaged and set aside at start-up. */
  recovered: RecoveredFile | null;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  now: () => number;
  saveDialog: SaveDialog;
  exports: FileExports;
  /** The local audit of card reveals (who, when, which card; never the number): per profile, sealed, checked on read. */
  audit: RevealAudit;
  /** Questions to the person that the page cannot answer (a native dialog, the host's own window). */
  prompt: PromptGate;
  /** `cards:reveal`: limited per profile and window, confirmed in `prompt`, audited. */
  reveals: CardReveals;
  /** The names of cards main has read from the service (the reveal question names the card from here). */
  cardLabels: CardLabels;
  /** Typed keys and addresses go out only after `prompt` confirmed them, within a limit. */
  keySends: KeySends;
  /** Copies through main; secrets are cleared after a while and on quit. */
  clipboard: SecretClipboard;
  /** The team workspaces this desktop belongs to (none for a person who never added one). */
  workspaces: Workspaces;
  /** The one way a request that moves money leaves (src/main/money): solo rows and the team sender's. */
  money: MoneyGate;
  /** Which account each profile's key pays from (signed into team drafts, checked before a team send). */
  payers: Payers;
  /** main's sender of the team workspaces' approved rows (the page only sees and pauses it). */
  teamSending: TeamSending;
  /** The app's updates: the feed read at start and daily, installed when the person restarts. */
  updates: Updates;
  /** The app's log (logs/ in the data folder): every line redacted before it is written. */
  log: AppLog;
  /** The pages' lines into the log, within their allowance. */
  pageLines: PageLines;
  /** The last sync call of each profile, for the support bundle and diagnostics. */
  syncFigures: SyncFigures;
  /** Opens a folder in the system's file manager; false where there is none (the Chromium host, tests). */
  openFolder: (path: string) => Promise<boolean>;
  /** The browser's version where the app runs in Chromium without Electron (Electron's own is in process.versions). */
  chromiumVersion?: string;
}

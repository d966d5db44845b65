import type { EventName, Events } from '../../shared/ipc';
import type { RevealAudit } from '../audit/reveal-audit';
import type { SecretClipboard } from '../clipboard/secret-clipboard';
import type { DemoService } from '../demo/demo-sandbox';
import type { FileExports } from '../files/file-exports';
import type { SaveDialog } from '../files/save-dialog';
import type { InFlightCalls } from '../ipc/in-flight';
import type { ProfileStore, RecoveredFile } from '../profiles/profile-store';
import type { SessionAwareSecrets } from '../secrets/secret-vault';
import type { ProfileServices } from './profile-services';

/** What every feature's handlers work with: small on purpose, and free of Electron. */
export interface CoreContext {
  version: string;
  platform: string;
  /** The OS user and machine name (approvals record them). */
  identity: () => { user: string; machine: string };
  /** Shows an OS notification; false where there is none (tests, the Chromium host). */
  notify: (title: string, body: string) => boolean;
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
  /** The local audit of card reveals (who, when, which card; never the number). */
  audit: RevealAudit;
  /** Copies through main; secrets are cleared after a while and on quit. */
  clipboard: SecretClipboard;
}

import { join } from 'node:path';
import type { EventName, Events, Handlers } from '../../shared/ipc';
import { RevealAudit } from '../audit/reveal-audit';
import { MemoryClipboard, SecretClipboard, type SystemClipboard, type Timers } from '../clipboard/secret-clipboard';
import { DemoService, type DemoOptions } from '../demo/demo-sandbox';
import { mapErrors } from '../ipc/errors';
import { FileExports } from '../files/file-exports';
import { saveInFolder, type SaveDialog } from '../files/save-dialog';
import { appHandlers } from '../ipc/handlers/app';
import { cardsHandlers } from '../ipc/handlers/cards';
import { clipboardHandlers } from '../ipc/handlers/clipboard';
import { demoHandlers } from '../ipc/handlers/demo';
import { filesHandlers } from '../ipc/handlers/files';
import { connectivityHandlers } from '../ipc/handlers/connectivity';
import { keychainHandlers } from '../ipc/handlers/keychain';
import { profilesHandlers } from '../ipc/handlers/profiles';
import { serviceHandlers } from '../ipc/handlers/service';
import { syncHandlers } from '../ipc/handlers/sync';
import { InFlightCalls } from '../ipc/in-flight';
import { DEMO_PROFILE_ID } from '../profiles/profile';
import { ProfileStore } from '../profiles/profile-store';
import { MemorySecretStore } from '../secrets/memory-secret-store';
import { SecretStoreError, type SecretStore } from '../secrets/secret-store';
import { SessionAwareSecrets } from '../secrets/secret-vault';
import type { CoreContext } from './context';
import { osIdentity } from './os-identity';
import { ProfileServices } from './profile-services';

export interface MainCoreOptions {
  userDataDir: string;
  version: string;
  platform: string;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  /**
   * 'keychain' (the OS keychain through keytar) in the app; in tests 'memory' stands in for a
   * working keychain, 'unavailable' for a machine without one, and a SecretStore for a keychain
   * that behaves in a given way (a slow one).
   */
  secrets?: 'keychain' | 'memory' | 'unavailable' | SecretStore;
  demo?: DemoOptions;
  /** The OS user and machine; from `node:os` unless a test pins them. */
  identity?: () => { user: string; machine: string };
  /** Electron's Notification in the app; absent elsewhere (nothing is shown). */
  notify?: (title: string, body: string) => boolean;
  /** Told how many approved items are unsent (the app's BackgroundSending); ignored elsewhere. */
  reportUnsent?: (count: number) => void;
  /** Electron's net.isOnline, when there is one. */
  isOsOnline?: () => boolean;
  now?: () => number;
  /**
   * Where to save an export. Electron's dialog in the app; without one (the Chromium host, tests)
   * files go to `exportDir` under the suggested name.
   */
  saveDialog?: SaveDialog;
  exportDir?: string;
  /**
   * The system clipboard: Electron's in the app. Without one (tests, the Chromium host) an
   * in-memory clipboard, which `MainCore.clipboard` exposes so a test can read it.
   */
  clipboard?: SystemClipboard;
  /** How long a copied secret stays on the clipboard (30 s unless a test host shortens it). */
  clipboardClearMs?: number;
  /** The clipboard's clear timer (tests inject fake ones). */
  clipboardTimers?: Timers;
}

export interface MainCore {
  handlers: Handlers;
  /** The Demo profile's sandbox (tests inject faults through it). */
  demo: DemoService;
  /** The clipboard main writes to (the in-memory one unless the app gave Electron's). */
  clipboard: SystemClipboard;
  /**
   * Clears a copied secret still on the clipboard; undefined when there is none. The app's quit
   * waits for it (Electron's clipboard answers asynchronously) before it lets the process end.
   */
  releaseClipboard(): Promise<void> | undefined;
  dispose(): Promise<void>;
}

const MISSING_KEYCHAIN_REASON = 'No system keychain is available (no Secret Service on D-Bus). You can keep the key for this session only.';

/** A keychain that is not there, for tests of machines without one. */
const missingKeychain: SecretStore = {
  kind: 'keychain',
  get: () => Promise.reject(new SecretStoreError('keychain-unavailable', MISSING_KEYCHAIN_REASON)),
  set: () => Promise.reject(new SecretStoreError('keychain-unavailable', MISSING_KEYCHAIN_REASON)),
  delete: () => Promise.reject(new SecretStoreError('keychain-unavailable', MISSING_KEYCHAIN_REASON)),
};

async function openSecrets(kind: MainCoreOptions['secrets']): Promise<SessionAwareSecrets> {
  if (kind === 'memory') return new SessionAwareSecrets({ keychain: new MemorySecretStore(), keychainStatus: { available: true } });
  if (typeof kind === 'object') return new SessionAwareSecrets({ keychain: kind, keychainStatus: { available: true } });
  if (kind === 'unavailable') {
    return new SessionAwareSecrets({ keychain: missingKeychain, keychainStatus: { available: false, reason: MISSING_KEYCHAIN_REASON } });
  }
  return SessionAwareSecrets.open();
}

/**
 * Everything main does for the renderer, with no Electron in it: profiles and their keys, the
 * Demo sandbox, one ServiceClient and connectivity monitor per profile. The handlers are written
 * per feature (src/main/ipc/handlers) over one small context and merged here; index.ts registers
 * them on ipcMain, tests call them directly.
 */
export async function createMainCore(opts: MainCoreOptions): Promise<MainCore> {
  const secrets = await openSecrets(opts.secrets);
  const opened = await ProfileStore.open(opts.userDataDir, { keys: secrets });
  const store = opened.store;
  const demo = new DemoService(opts.demo);
  const services = new ProfileServices({
    store,
    secrets,
    demo,
    emit: (status) => opts.emit('connectivity:changed', status),
    ...(opts.isOsOnline ? { isOsOnline: opts.isOsOnline } : {}),
  });
  const inFlight = new InFlightCalls();
  const exports = new FileExports({}, opts.now ?? Date.now);
  const systemClipboard = opts.clipboard ?? new MemoryClipboard();
  const clipboard = new SecretClipboard(systemClipboard, {
    ...(opts.clipboardClearMs !== undefined ? { clearAfterMs: opts.clipboardClearMs } : {}),
    ...(opts.clipboardTimers ? { timers: opts.clipboardTimers } : {}),
  });
  const ctx: CoreContext = {
    version: opts.version,
    platform: opts.platform,
    identity: opts.identity ?? osIdentity,
    notify: opts.notify ?? (() => false),
    reportUnsent: opts.reportUnsent ?? (() => undefined),
    store,
    secrets,
    demo,
    services,
    inFlight,
    recovered: opened.recovered,
    emit: opts.emit,
    now: opts.now ?? Date.now,
    saveDialog: opts.saveDialog ?? saveInFolder(opts.exportDir ?? join(opts.userDataDir, 'exports')),
    exports,
    audit: new RevealAudit({ path: join(opts.userDataDir, 'audit', 'card-reveals.jsonl') }),
    clipboard,
  };

  // The profile on screen at the last run starts being watched at once (and Demo's sandbox starts).
  const initial = store.activeProfileId();
  if (initial) await services.monitor(initial).then((m) => void m.check(), () => undefined);

  const handlers = mapErrors({
    ...appHandlers(ctx),
    ...keychainHandlers(ctx),
    ...profilesHandlers(ctx),
    ...connectivityHandlers(ctx),
    ...serviceHandlers(ctx),
    ...filesHandlers(ctx),
    ...demoHandlers(ctx),
    ...cardsHandlers(ctx),
    ...clipboardHandlers(ctx),
    ...syncHandlers(ctx),
  } satisfies Handlers);

  return {
    handlers,
    demo,
    clipboard: systemClipboard,
    releaseClipboard: () => (clipboard.holdsSecret ? clipboard.clearOnQuit() : undefined),
    dispose: async () => {
      // First: a quit must not leave a card number on the clipboard.
      await clipboard.clearOnQuit();
      inFlight.cancelAll();
      await exports.abortAll();
      await services.dispose();
      await demo.stop();
    },
  };
}

export { DEMO_PROFILE_ID };

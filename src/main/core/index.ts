import { join } from 'node:path';
import type { EventName, Events, Handlers, NotificationEvent, Theme } from '../../shared/ipc';
import { AuditSeal } from '../audit/audit-seal';
import { RevealAudit } from '../audit/reveal-audit';
import { CardLabels } from '../cards/card-labels';
import { CardReveals } from '../cards/card-reveals';
import { MemoryClipboard, SecretClipboard, type SystemClipboard, type Timers } from '../clipboard/secret-clipboard';
import { DemoService, type DemoOptions } from '../demo/demo-sandbox';
import { mapErrors, toHandlerError } from '../ipc/errors';
import { confirmedSaveInFolder, EXPORT_BYTE_RULES, EXPORT_COUNT_RULES } from '../files/confirmed-save';
import { FileExports } from '../files/file-exports';
import type { SaveDialog } from '../files/save-dialog';
import { appHandlers } from '../ipc/handlers/app';
import { cardsHandlers } from '../ipc/handlers/cards';
import { clipboardHandlers } from '../ipc/handlers/clipboard';
import { demoHandlers } from '../ipc/handlers/demo';
import { demoTeamHandlers } from '../ipc/handlers/demo-team';
import { DemoTeam } from '../demo-team/demo-team';
import { filesHandlers } from '../ipc/handlers/files';
import { connectivityHandlers } from '../ipc/handlers/connectivity';
import { keychainHandlers } from '../ipc/handlers/keychain';
import { outboxHandlers } from '../ipc/handlers/outbox';
import { MoneyGate } from '../money/money-gate';
import { Payers } from '../money/payers';
import { profilesHandlers } from '../ipc/handlers/profiles';
import { serviceHandlers } from '../ipc/handlers/service';
import { settingsHandlers } from '../ipc/handlers/settings';
import { syncHandlers } from '../ipc/handlers/sync';
import { workspaceHandlers } from '../ipc/handlers/workspace';
import { InFlightCalls } from '../ipc/in-flight';
import { WindowLimit } from '../limits/window-limit';
import { KeySends } from '../profiles/key-sends';
import { PromptGate, type TrustedPrompt } from '../prompt/trusted-prompt';
import { DEMO_PROFILE_ID } from '../profiles/profile';
import { ProfileStore } from '../profiles/profile-store';
import { MemorySecretStore } from '../secrets/memory-secret-store';
import { SecretStoreError, type SecretStore } from '../secrets/secret-store';
import { SessionAwareSecrets } from '../secrets/secret-vault';
import { Workspaces } from '../workspace/workspaces';
import { TeamSending } from '../workspace/sending/team-sending';
import { AppSettingsStore } from '../settings/app-settings';
import type { CoreContext } from '../ipc/context';
import { openKeyHolds } from './key-holds-file';
import { osIdentity } from './os-identity';
import { ProfileServices } from '../profiles/profile-services';
import { updatesHandlers } from '../ipc/handlers/updates';
import { BusyRegistry } from '../updates/busy-registry';
import { pageWorkOf } from '../updates/page-work';
import { Updates, type UpdatesOptions } from '../updates/updates';
import { supportHandlers } from '../ipc/handlers/support';
import { coreLogging } from '../logs/core-logging';
import { failureLogger } from '../logs/logged-failures';
import { errorFields, type AppLog } from '../logs/app-log';
import type { LogBounds } from '../logs/log-files';

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
  /**
   * Gives the windows the colour scheme of the person's theme: Electron's nativeTheme in the app,
   * the page's media emulation in the Chromium host. Called once with the saved theme before
   * createMainCore returns (so before any window loads: no flash of the other theme), then on
   * every change. Absent in unit tests.
   */
  applyTheme?: (theme: Theme) => void | Promise<void>;
  /** Told how many approved items are unsent (the app's BackgroundSending); ignored elsewhere. */
  reportUnsent?: (count: number) => void;
  /** Electron's net.isOnline, when there is one. */
  isOsOnline?: () => boolean;
  /** Main's clock, and the Demo's unless `demo.now` says otherwise (tests pin it); the machine's when omitted. */
  now?: () => number;
  /**
   * How main asks the person something the page cannot answer: a native dialog in the app, the
   * Chromium host's own window, a fake in unit tests. Without one every question is answered no
   * (nothing is revealed, no typed key is sent, no export is written).
   */
  prompt?: TrustedPrompt;
  /** How long a question waits for its answer (2 minutes unless a test shortens it). */
  promptTimeoutMs?: number;
  /**
   * Where to save an export. Electron's dialog in the app (itself the person's confirmation);
   * without one (the Chromium host, tests) files go to `exportDir` under the suggested name once
   * `prompt` confirmed that file, within a quota of exports and bytes per window.
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
  /** The first retry after a team workspace stopped answering (1 s, doubling; tests shorten it). */
  workspaceBackoffMs?: number;
  /** How often main's team sender looks for ready rows when nothing told it to (30 s; tests shorten it). */
  teamLookAgainMs?: number;
  /**
   * Updates: the app passes electron-updater's install step (`installer`); without one (the
   * Chromium host, tests) updates come from the installer and no feed is read. Tests also give the
   * feed's public key, fetch and the daily check's scheduler.
   */
  updates?: Partial<Pick<UpdatesOptions, 'installer' | 'publicKey' | 'fetch' | 'scheduler'>> & {
    /** The Web Locks the app's windows hold (page-work.ts): a restart to update waits for their syncs and sends. */
    pageLocks?: () => Promise<unknown[]>;
  };
  /** The log folder's bound (5 files of 5 MB, a week, unless a test makes it small to see it rotate). */
  logBounds?: LogBounds;
  /** Opens a folder in the system's file manager (Electron's shell); absent, "Open the log folder" says where it is. */
  openFolder?: (path: string) => Promise<boolean>;
  /** The browser's version, where the app runs in Chromium without Electron. */
  chromiumVersion?: string;
}

export interface MainCore {
  handlers: Handlers;
  /** Whether the person wants OS notifications of these events (main's own ones ask too). */
  notificationsAllow(events: readonly NotificationEvent[]): boolean;
  /** The Demo profile's sandbox (tests inject faults through it). */
  demo: DemoService;
  /** The team workspaces (tests reach main's claims and sender through it, as main's own code does). */
  workspaces: Workspaces;
  /** main's team sender (tests wait for it to be idle, and pause it to drive claims themselves). */
  teamSending: TeamSending;
  /** What a restart to update waits for (tests hold it to see the restart wait). */
  busy: BusyRegistry;
  updates: Updates;
  /** The Demo's simulated team (tests read its state and wait for it). */
  demoTeam: DemoTeam;
  /** The clipboard main writes to (the in-memory one unless the app gave Electron's). */
  clipboard: SystemClipboard;
  /** The app's log: main's window and crash events are written here too. */
  log: AppLog;
  /**
   * Clears a copied secret still on the clipboard; undefined when there is none. The app's quit
   * waits for it (Electron's clipboard answers asynchronously) before it lets the process end.
   */
  releaseClipboard(): Promise<void> | undefined;
  /** Stops the Demo's team and its database server (the app's quit waits for it, bounded); undefined when none runs. */
  releaseDemoTeam(): Promise<void> | undefined;
  dispose(): Promise<void>;
}

const MISSING_KEYCHAIN_REASON =
  'No system keychain is available (no Secret Service on D-Bus). You can keep the key for this session only.';

/** A keychain that is not there, for tests of machines without one. */
const missingKeychain: SecretStore = {
  kind: 'keychain',
  get: () => Promise.reject(new SecretStoreError('keychain-unavailable', MISSING_KEYCHAIN_REASON)),
  set: () => Promise.reject(new SecretStoreError('keychain-unavailable', MISSING_KEYCHAIN_REASON)),
  delete: () => Promise.reject(new SecretStoreError('keychain-unavailable', MISSING_KEYCHAIN_REASON)),
};

async function openSecrets(kind: MainCoreOptions['secrets']): Promise<SessionAwareSecrets> {
  if (kind === 'memory')
    return new SessionAwareSecrets({ keychain: new MemorySecretStore(), keychainStatus: { available: true } });
  if (typeof kind === 'object') return new SessionAwareSecrets({ keychain: kind, keychainStatus: { available: true } });
  if (kind === 'unavailable') {
    return new SessionAwareSecrets({
      keychain: missingKeychain,
      keychainStatus: { available: false, reason: MISSING_KEYCHAIN_REASON },
    });
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
  // main's own team sender hears what the windows hear (a row changed, a workspace came back, the profiles changed).
  const heard: { teamSending?: TeamSending; payers?: Payers } = {};
  const toWindows = opts.emit;
  const logging = coreLogging(opts.userDataDir, opts.now ?? Date.now, opts.logBounds);
  const { log } = logging;
  log.info('app.start', {
    version: opts.version,
    platform: opts.platform,
    electron: process.versions['electron'] ?? null,
  });
  const emit: MainCoreOptions['emit'] = (event, payload) => {
    toWindows(event, payload);
    logging.heard(event, payload);
    // A profile's key or address may have changed: the account it pays from is read again.
    if (event === 'profiles:changed') heard.payers?.forget();
    heard.teamSending?.heard(event, payload);
  };
  opts = { ...opts, emit };
  const secrets = await openSecrets(opts.secrets);
  const opened = await ProfileStore.open(opts.userDataDir, { keys: secrets });
  const store = opened.store;
  const demo = new DemoService(opts.now ? { now: opts.now, ...opts.demo } : opts.demo);
  // On the clients' clock (the system's), not a test's pinned `now`.
  const holds = await openKeyHolds(join(opts.userDataDir, 'key-holds.json'));
  const services = new ProfileServices({
    store,
    secrets,
    demo,
    emit: (status) => opts.emit('connectivity:changed', status),
    ...(opts.isOsOnline ? { isOsOnline: opts.isOsOnline } : {}),
    holds,
  });
  const inFlight = new InFlightCalls();
  const now = opts.now ?? Date.now;
  const prompt = new PromptGate(
    opts.prompt ?? null,
    opts.promptTimeoutMs !== undefined ? { timeoutMs: opts.promptTimeoutMs } : {},
  );
  // A native save dialog is the person's own choice of file; without one, main's prompt and a quota stand in for it.
  const exports = new FileExports({}, now, opts.saveDialog ? undefined : new WindowLimit(EXPORT_BYTE_RULES, now));
  const saveDialog =
    opts.saveDialog ??
    confirmedSaveInFolder(
      opts.exportDir ?? join(opts.userDataDir, 'exports'),
      prompt,
      new WindowLimit(EXPORT_COUNT_RULES, now),
      now,
    );
  const systemClipboard = opts.clipboard ?? new MemoryClipboard();
  const clipboard = new SecretClipboard(systemClipboard, {
    platform: opts.platform,
    ...(opts.clipboardClearMs !== undefined ? { clearAfterMs: opts.clipboardClearMs } : {}),
    ...(opts.clipboardTimers ? { timers: opts.clipboardTimers } : {}),
  });
  const identity = opts.identity ?? osIdentity;
  const audit = new RevealAudit({
    dir: join(opts.userDataDir, 'audit'),
    seal: new AuditSeal(() => secrets.persistentStore()),
    now,
  });
  const cardLabels = new CardLabels();
  const settings = await AppSettingsStore.open(opts.userDataDir);
  const applyTheme = async (theme: Theme) => {
    await opts.applyTheme?.(theme);
  };
  await applyTheme(settings.get().theme);
  const workspaces = new Workspaces({
    userDataDir: opts.userDataDir,
    secrets,
    prompt,
    emit: opts.emit,
    now,
    ...(opts.workspaceBackoffMs !== undefined ? { initialBackoffMs: opts.workspaceBackoffMs } : {}),
  });
  const payers = new Payers(services);
  heard.payers = payers;
  const busy = new BusyRegistry();
  const { pageLocks, ...updateOptions } = opts.updates ?? {};
  if (pageLocks) busy.addProbe(async () => pageWorkOf(await pageLocks()));
  const updates = new Updates({
    version: opts.version,
    platform: opts.platform,
    dataDir: opts.userDataDir,
    ...updateOptions,
    installer: opts.updates?.installer ?? null,
    busy,
    emit: (state) => opts.emit('updates:changed', state),
    now,
  });
  const money = new MoneyGate({
    busy,
    store,
    services,
    dir: join(opts.userDataDir, 'send-journal'),
    now,
    soloRefusal: (service, row) => workspaces.soloRefusal(service, row),
    onAttempt: (a) => log.write(a.answer === 'ok' ? 'info' : 'warn', 'main', 'send.attempt', a.fields, a.profileId),
  });
  const teamSending = new TeamSending({
    workspaces,
    store,
    secrets,
    services,
    money,
    payers,
    holds,
    emit: opts.emit,
    now,
    ...(opts.teamLookAgainMs !== undefined ? { lookAgainMs: opts.teamLookAgainMs } : {}),
  });
  heard.teamSending = teamSending;
  const team = opts.demo?.team;
  const demoTeam = new DemoTeam({
    offered: team !== undefined && team !== false,
    options: typeof team === 'object' ? team : {},
    userDataDir: opts.userDataDir,
    now,
    workspaces,
    payers,
    demo,
    emitStatus: (status) => opts.emit('demo:team-changed', status),
    // Read everything again: the windows' inbox, and main's team sender.
    emitChanged: (workspaceId) => opts.emit('workspace:changed', { workspaceId, table: 'resync' }),
  });
  demo.onStarted(() => void demoTeam.ensure().catch(() => undefined));
  const ctx: CoreContext = {
    version: opts.version,
    platform: opts.platform,
    identity,
    notify: opts.notify ?? (() => false),
    settings,
    applyTheme,
    reportUnsent: opts.reportUnsent ?? (() => undefined),
    store,
    secrets,
    demo,
    services,
    inFlight,
    recovered: opened.recovered,
    emit: opts.emit,
    now,
    saveDialog,
    exports,
    audit,
    clipboard,
    prompt,
    cardLabels,
    reveals: new CardReveals({ store, services, audit, prompt, labels: cardLabels, identity, now, toHandlerError }),
    keySends: new KeySends({ prompt, now }),
    money,
    payers,
    teamSending,
    workspaces,
    updates,
    log,
    pageLines: logging.pageLines,
    syncFigures: logging.syncFigures,
    openFolder: opts.openFolder ?? (async () => false),
    ...(opts.chromiumVersion ? { chromiumVersion: opts.chromiumVersion } : {}),
  };
  // Workspaces this desktop joined connect now (their changes arrive as events); with none, nothing starts.
  void ctx.workspaces.load().catch((error: unknown) => log.error('workspace.load-failed', errorFields(error)));
  teamSending.start();
  updates.start();

  // The profile on screen at the last run starts being watched at once (and Demo's sandbox starts).
  const initial = store.activeProfileId();
  if (initial)
    await services.monitor(initial).then(
      (m) => void m.check(),
      () => undefined,
    );

  // Every failure the page is answered with is logged (after mapping, so with the sentence the person sees).
  const handlers = mapErrors(failureLogger(log), {
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
    ...workspaceHandlers(ctx),
    ...settingsHandlers(ctx),
    ...outboxHandlers(ctx),
    ...updatesHandlers(ctx),
    ...supportHandlers(ctx),
    ...demoTeamHandlers(demoTeam),
  } satisfies Handlers);
  // A sync page in flight holds a restart to update (the renderer writes it with its cursor in one transaction).
  const pages = handlers['sync:transactionPages'];
  handlers['sync:transactionPages'] = (arg) => busy.during('a sync page being read', () => pages(arg));

  return {
    handlers,
    notificationsAllow: (events) => settings.allows(events),
    demo,
    workspaces,
    teamSending,
    busy,
    updates,
    demoTeam,
    clipboard: systemClipboard,
    log,
    releaseClipboard: () => (clipboard.holdsSecret ? clipboard.clearOnQuit() : undefined),
    releaseDemoTeam: () => (demoTeam.isRunning ? demoTeam.stop() : undefined),
    dispose: async () => {
      // First: a quit must not leave a card number on the clipboard.
      await clipboard.clearOnQuit();
      updates.dispose();
      log.info('app.quit');
      inFlight.cancelAll();
      // A team send under way records its outcome before the workspace's connections close.
      await teamSending.dispose();
      await exports.abortAll();
      await services.dispose();
      await ctx.workspaces.dispose();
      await demoTeam.stop();
      await money.dispose();
      await demo.stop();
    },
  };
}

export { DEMO_PROFILE_ID };

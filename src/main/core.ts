import type { ConnectivityStatus, EventName, Events, Handlers, ProfilesState, ProfileView } from '../shared/ipc';
import { testConnection } from './connection-test';
import { ConnectivityMonitor } from './connectivity/monitor';
import { DemoService, type DemoOptions } from './demo/demo-sandbox';
import { HandlerError } from './ipc/dispatch';
import { mapErrors } from './ipc/errors';
import { DEMO_PROFILE_ID, type Profile } from './profiles/profile';
import type { RecoveredFile } from './profiles/profiles-file';
import { ProfileStore } from './profiles/profile-store';
import { MemorySecretStore } from './secrets/memory-secret-store';
import { SecretStoreError, type SecretStore } from './secrets/secret-store';
import { SessionAwareSecrets } from './secrets/secret-vault';
import { createServiceClient, type ServiceClient } from './service';

export interface MainCoreOptions {
  userDataDir: string;
  version: string;
  platform: string;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  /**
   * 'keychain' (the OS keychain through keytar) in the app; in tests 'memory' stands in for a
   * working keychain and 'unavailable' for a machine without one.
   */
  secrets?: 'keychain' | 'memory' | 'unavailable';
  demo?: DemoOptions;
  /** Electron's net.isOnline, when there is one. */
  isOsOnline?: () => boolean;
}

export interface MainCore {
  handlers: Handlers;
  /** The Demo profile's sandbox (tests inject faults through it). */
  demo: DemoService;
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

interface Active {
  profileId: string;
  client: ServiceClient;
}

/**
 * Everything main does for the renderer, with no Electron in it: profiles and their keys, the
 * Demo sandbox, the ServiceClient of the active profile and the connectivity monitor. index.ts
 * registers `handlers` on ipcMain; tests call them directly.
 */
export async function createMainCore(opts: MainCoreOptions): Promise<MainCore> {
  const secrets =
    opts.secrets === 'memory'
      ? new SessionAwareSecrets({ keychain: new MemorySecretStore(), keychainStatus: { available: true } })
      : opts.secrets === 'unavailable'
        ? new SessionAwareSecrets({ keychain: missingKeychain, keychainStatus: { available: false, reason: MISSING_KEYCHAIN_REASON } })
        : await SessionAwareSecrets.open();
  const opened = await ProfileStore.open(opts.userDataDir, { keys: secrets });
  const store = opened.store;
  const recovered: RecoveredFile | null = opened.recovered;
  const demo = new DemoService(opts.demo);
  let active: Active | undefined;

  const monitor = new ConnectivityMonitor({
    probe: async () => {
      if (!active) return { ok: false, kind: 'invalid-request' };
      const r = await active.client.probe();
      return r.ok ? { ok: true } : { ok: false, kind: r.error.kind, ...(r.error.status !== undefined ? { status: r.error.status } : {}) };
    },
    emit: (status: ConnectivityStatus) => opts.emit('connectivity:changed', status),
    ...(opts.isOsOnline ? { isOsOnline: opts.isOsOnline } : {}),
  });

  async function view(p: Profile): Promise<ProfileView> {
    if (p.kind === 'demo') {
      const s = await demo.running();
      return { id: p.id, name: p.name, kind: 'demo', baseUrl: s?.apiUrl ?? '', vaultUrl: s?.vaultUrl ?? '', hasKey: true, keyStorage: 'session' };
    }
    const key = await secrets.hasKey(p.id);
    return { id: p.id, name: p.name, kind: 'live', baseUrl: p.baseUrl, vaultUrl: p.vaultUrl, hasKey: key.hasKey, keyStorage: key.storage };
  }

  async function state(): Promise<ProfilesState> {
    const snapshot = store.snapshot();
    return {
      profiles: await Promise.all(snapshot.profiles.map(view)),
      activeProfileId: snapshot.activeProfileId,
      ...(recovered ? { recovered: { reason: recovered.reason, setAsidePath: recovered.setAsidePath } } : {}),
    };
  }

  async function announce(): Promise<ProfilesState> {
    const s = await state();
    opts.emit('profiles:changed', s);
    return s;
  }

  /** Points the client and the monitor at a profile (starting the sandbox for Demo). */
  async function activate(profileId: string | null): Promise<void> {
    active = undefined;
    monitor.setProfile(profileId);
    if (profileId === null) return;
    const profile = store.get(profileId);
    if (!profile) return;
    let client: ServiceClient;
    if (profile.kind === 'demo') {
      const s = await demo.start();
      client = createServiceClient({ baseUrl: s.apiUrl, vaultUrl: s.vaultUrl, getApiKey: () => s.apiKey, onOutcome: (o) => monitor.report(o) });
    } else {
      // The key is read from the keychain at each call, so it lives in main's memory only briefly.
      client = createServiceClient({
        baseUrl: profile.baseUrl,
        vaultUrl: profile.vaultUrl,
        getApiKey: async () => {
          const key = await secrets.getKey(profile.id);
          if (!key) throw new HandlerError('no-key', 'This profile has no API key. Add one in Settings.');
          return key;
        },
        onOutcome: (o) => monitor.report(o),
      });
    }
    active = { profileId, client };
    void monitor.check();
  }

  const initial = store.activeProfileId();
  if (initial) await activate(initial).catch(() => undefined);

  const handlers = mapErrors({
    'app:info': async () => ({ version: opts.version, platform: opts.platform }),

    // Probe again only when it was not working: the person may have unlocked it since.
    'keychain:status': async () => (secrets.keychainStatus().available ? secrets.keychainStatus() : secrets.recheckKeychain()),

    'profiles:list': async () => state(),

    'profiles:create': async (arg) => {
      const profile = await store.create({ name: arg.name, baseUrl: arg.baseUrl, vaultUrl: arg.vaultUrl });
      try {
        await secrets.setKey(profile.id, arg.apiKey, { sessionOnly: arg.sessionOnly ?? !secrets.keychainStatus().available });
      } catch (error) {
        // A profile without the key it was created with would only confuse: undo it.
        await store.delete(profile.id).catch(() => undefined);
        throw error;
      }
      await announce();
      return view(profile);
    },

    'profiles:update': async ({ id, ...patch }) => {
      const profile = await store.update(id, patch);
      if (active?.profileId === id) await activate(id);
      await announce();
      return view(profile);
    },

    'profiles:delete': async ({ id }) => {
      await store.delete(id);
      if (active?.profileId === id) await activate(null);
      return announce();
    },

    'profiles:select': async ({ id }) => {
      await store.select(id);
      await activate(id);
      return announce();
    },

    'profiles:setKey': async ({ id, apiKey, sessionOnly }) => {
      const profile = store.get(id);
      if (!profile) throw new HandlerError('not-found', 'That profile no longer exists.');
      if (profile.kind === 'demo') throw new HandlerError('conflict', 'The Demo profile makes its own key.');
      await secrets.setKey(id, apiKey, { sessionOnly: sessionOnly ?? !secrets.keychainStatus().available });
      if (active?.profileId === id) await activate(id);
      await announce();
      return view(profile);
    },

    'profiles:testConnection': async (arg) => {
      if ('id' in arg) {
        const profile = store.get(arg.id);
        if (!profile) throw new HandlerError('not-found', 'That profile no longer exists.');
        if (profile.kind === 'demo') {
          const s = await demo.start();
          return testConnection(s.apiUrl, s.vaultUrl, s.apiKey);
        }
        const key = await secrets.getKey(profile.id);
        if (!key) throw new HandlerError('no-key', 'This profile has no API key. Add one in Settings.');
        return testConnection(profile.baseUrl, profile.vaultUrl, key);
      }
      return testConnection(arg.baseUrl, arg.vaultUrl, arg.apiKey);
    },

    'connectivity:get': async () => monitor.status(),
    'connectivity:check': async () => monitor.check(),

    'service:call': async (arg) => {
      if (!active) throw new HandlerError('no-active-profile', 'Choose a profile first (Settings or the profile switcher).');
      const args: Record<string, unknown> = {};
      if (arg.params) args['params'] = arg.params;
      if (arg.query) args['query'] = arg.query;
      if (arg.body !== undefined) args['body'] = arg.body;
      if (arg.idempotencyKey) args['idempotencyKey'] = arg.idempotencyKey;
      // The endpoint is chosen at run time, so its argument type cannot be named statically
      // (hence `never`); the client validates params, query and body against that endpoint's
      // own schemas before anything is sent.
      return active.client.call(arg.endpoint, args as never);
    },
  } satisfies Handlers);

  return {
    handlers,
    demo,
    dispose: async () => {
      monitor.dispose();
      await demo.stop();
    },
  };
}

export { DEMO_PROFILE_ID };

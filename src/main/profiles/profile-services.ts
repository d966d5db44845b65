import type { ConnectivityStatus } from '../../shared/ipc';
import { ConnectivityMonitor } from '../connectivity/monitor';
import type { DemoService } from '../demo/demo-sandbox';
import { HandlerError } from '../errors/handler-error';
import type { Profile } from './profile';
import type { ProfileStore } from './profile-store';
import type { KeyAddress } from '../secrets/bound-key';
import type { SessionAwareSecrets } from '../secrets/secret-vault';
import { createServiceClient, type ServiceClient } from '../service';
import type { KeyHolds } from '../service/key-holds';

export interface ProfileServicesDeps {
  store: ProfileStore;
  secrets: SessionAwareSecrets;
  demo: DemoService;
  emit: (status: ConnectivityStatus) => void;
  isOsOnline?: () => boolean;
  /**
   * The service's Retry-After per idempotency key, shared by every client made here: a client
   * made anew after a profile edit or a key change must still refuse a key told to wait.
   */
  holds: KeyHolds;
}

interface Entry {
  client: ServiceClient;
  monitor: ConnectivityMonitor;
}

/** A live profile's addresses, which its key is saved with; null for Demo or a deleted profile. */
export function liveAddress(profile: Profile | null): KeyAddress | null {
  return profile?.kind === 'live' ? { baseUrl: profile.baseUrl, vaultUrl: profile.vaultUrl } : null;
}

export const PROFILE_GONE_MESSAGE = 'That profile no longer exists (it was deleted). Nothing was sent.';

/**
 * One ServiceClient and one connectivity monitor per profile, made on first use. A call names its
 * profile and gets that profile's client, so work in flight (a sync page, an outbox send) finishes
 * against the profile it belongs to even if the person switches profiles meanwhile, and profiles
 * that are not on screen keep working in the background.
 */
export class ProfileServices {
  private readonly entries = new Map<string, Promise<Entry>>();

  constructor(private readonly deps: ProfileServicesDeps) {}

  /** The profile's client; `profile-mismatch` when the profile is gone. */
  async client(profileId: string): Promise<ServiceClient> {
    return (await this.entry(profileId)).client;
  }

  /** The profile's monitor (made with its client). */
  async monitor(profileId: string): Promise<ConnectivityMonitor> {
    return (await this.entry(profileId)).monitor;
  }

  /** The monitor if the profile has been used, without making one. */
  async existingMonitor(profileId: string): Promise<ConnectivityMonitor | undefined> {
    const e = this.entries.get(profileId);
    return e ? (await e.catch(() => undefined))?.monitor : undefined;
  }

  /**
   * Forgets a profile's client after its address or key changed, or it was deleted. Calls already
   * running keep the client they started with; the next call makes a new one.
   */
  async reset(profileId: string): Promise<void> {
    const e = this.entries.get(profileId);
    this.entries.delete(profileId);
    (await e?.catch(() => undefined))?.monitor.dispose();
  }

  async dispose(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    for (const e of all) (await e.catch(() => undefined))?.monitor.dispose();
  }

  private entry(profileId: string): Promise<Entry> {
    let e = this.entries.get(profileId);
    if (!e) {
      e = this.make(profileId);
      this.entries.set(profileId, e);
      // A failed start (the Demo sandbox could not listen) is not cached: the next call retries.
      e.catch(() => {
        if (this.entries.get(profileId) === e) this.entries.delete(profileId);
      });
    }
    return e;
  }

  private async make(profileId: string): Promise<Entry> {
    const profile = this.deps.store.get(profileId);
    if (!profile) throw new HandlerError('profile-mismatch', PROFILE_GONE_MESSAGE);
    let client: ServiceClient | undefined;
    const monitor = new ConnectivityMonitor({
      profileId,
      probe: async () => {
        if (!client) return { ok: false, kind: 'invalid-request' };
        const r = await client.probe();
        return r.ok
          ? { ok: true }
          : { ok: false, kind: r.error.kind, ...(r.error.status !== undefined ? { status: r.error.status } : {}) };
      },
      emit: this.deps.emit,
      ...(this.deps.isOsOnline ? { isOsOnline: this.deps.isOsOnline } : {}),
    });
    const onOutcome = (o: Parameters<ConnectivityMonitor['report']>[0]) => monitor.report(o);
    if (profile.kind === 'demo') {
      const s = await this.deps.demo.start();
      client = createServiceClient({
        baseUrl: s.apiUrl,
        vaultUrl: s.vaultUrl,
        getApiKey: () => s.apiKey,
        onOutcome,
        holds: this.deps.holds,
        allowLocalWebhookHosts: true,
      });
    } else {
      const { secrets, store } = this.deps;
      const own = { baseUrl: profile.baseUrl, vaultUrl: profile.vaultUrl };
      // The key is read from the keychain at each call, so it lives in main's memory only briefly,
      // and only a key saved for this client's own addresses is used: a client made just before
      // an address change must never pick up the key entered for the new address.
      client = createServiceClient({
        ...own,
        getApiKey: () => secrets.getKey(profile.id, () => liveAddress(store.get(profile.id))),
        onOutcome,
        holds: this.deps.holds,
      });
    }
    return { client, monitor };
  }
}

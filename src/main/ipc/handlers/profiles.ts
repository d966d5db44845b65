import type { HandlersOf, profilesChannels } from '../../../shared/ipc';
import { testConnection } from '../../connection-test';
import type { CoreContext } from '../context';
import { announceProfiles, profilesState, profileView } from '../profile-views';
import { liveAddress } from '../../profiles/profile-services';
import type { LiveProfile, Profile } from '../../profiles/profile';
import type { KeyAddress } from '../../secrets/bound-key';
import { HandlerError } from '../../errors/handler-error';

const NO_KEY_MESSAGE = 'This profile has no API key. Add one in Settings.';
const GONE_MESSAGE = 'That profile no longer exists.';

function addressChanged(
  before: Profile,
  patch: { baseUrl?: string | undefined; vaultUrl?: string | undefined },
): boolean {
  if (before.kind !== 'live') return false;
  return (
    (patch.baseUrl !== undefined && patch.baseUrl !== before.baseUrl) ||
    (patch.vaultUrl !== undefined && patch.vaultUrl !== before.vaultUrl)
  );
}

const addressOf = (p: LiveProfile): KeyAddress => ({ baseUrl: p.baseUrl, vaultUrl: p.vaultUrl });

export function profilesHandlers(ctx: CoreContext): HandlersOf<typeof profilesChannels> {
  const { store, secrets, services } = ctx;
  const sessionOnlyDefault = (sessionOnly: boolean | undefined) => sessionOnly ?? !secrets.keychainStatus().available;

  /** Starts watching the profile on screen (and the Demo sandbox, for Demo) without waiting. */
  const warmUp = (id: string) => {
    void services
      .monitor(id)
      .then((m) => m.check())
      .catch(() => undefined);
  };

  return {
    'profiles:list': async () => profilesState(ctx),

    'profiles:create': async (arg) => {
      // The key is sent to these addresses from now on (every sync): only once the person confirmed them in main's prompt.
      await ctx.keySends.approve(
        { purpose: 'save', profileName: arg.name, baseUrl: arg.baseUrl, vaultUrl: arg.vaultUrl, key: arg.apiKey },
        { sends: false },
      );
      const profile = await store.create({ name: arg.name, baseUrl: arg.baseUrl, vaultUrl: arg.vaultUrl });
      try {
        await secrets.setKey(
          profile.id,
          { ...addressOf(profile), key: arg.apiKey },
          { sessionOnly: sessionOnlyDefault(arg.sessionOnly) },
        );
      } catch (error) {
        // A profile without the key it was created with would only confuse: undo it.
        await store.delete(profile.id).catch(() => undefined);
        throw error;
      }
      await announceProfiles(ctx);
      return profileView(ctx, profile);
    },

    'profiles:update': async ({ id, apiKey, sessionOnly, ...patch }) => {
      const before = store.get(id);
      if (!before) throw new HandlerError('not-found', GONE_MESSAGE);
      const moved = addressChanged(before, patch);
      if (before.kind === 'live' && (moved || apiKey !== undefined)) {
        // New addresses are where the app connects from now on (a typed key with them): confirmed in main's prompt first.
        await ctx.keySends.approve(
          {
            purpose: moved ? (apiKey !== undefined ? 'save' : 'change-address') : 'replace-key',
            profileName: patch.name ?? before.name,
            baseUrl: patch.baseUrl ?? before.baseUrl,
            vaultUrl: patch.vaultUrl ?? before.vaultUrl,
            ...(apiKey !== undefined ? { key: apiKey } : {}),
          },
          { sends: false },
        );
      }
      // A key goes only to the addresses it was entered for. It is removed before the address
      // changes, so no call can ever pair the old key with the new address; should saving fail,
      // it is put back as it was.
      const previous =
        moved && before.kind === 'live'
          ? {
              bound: await secrets.getKey(id, () => liveAddress(before)),
              storage: (await secrets.hasKey(id, addressOf(before))).storage,
            }
          : null;
      if (moved) {
        await secrets.deleteKey(id);
        await services.reset(id);
        ctx.cardLabels.forget(id);
      }
      let profile: Profile;
      try {
        profile = await store.update(id, patch);
      } catch (error) {
        if (previous?.bound)
          await secrets
            .setKey(id, previous.bound, { sessionOnly: previous.storage === 'session' })
            .catch(() => undefined);
        throw error;
      }
      if (apiKey !== undefined)
        await secrets.setKey(
          id,
          { ...addressOf(profile), key: apiKey },
          { sessionOnly: sessionOnlyDefault(sessionOnly) },
        );
      await services.reset(id);
      if (store.activeProfileId() === id) warmUp(id);
      await announceProfiles(ctx);
      return { profile: await profileView(ctx, profile), keyCleared: moved && apiKey === undefined };
    },

    'profiles:delete': async ({ id }) => {
      await store.delete(id);
      await services.reset(id);
      ctx.cardLabels.forget(id);
      return announceProfiles(ctx);
    },

    'profiles:select': async ({ id }) => {
      await store.select(id);
      warmUp(id);
      return announceProfiles(ctx);
    },

    'profiles:setKey': async ({ id, apiKey, sessionOnly }) => {
      const profile = store.get(id);
      if (!profile) throw new HandlerError('not-found', GONE_MESSAGE);
      if (profile.kind === 'demo') throw new HandlerError('conflict', 'The Demo profile makes its own key.');
      await ctx.keySends.approve(
        {
          purpose: 'replace-key',
          profileName: profile.name,
          baseUrl: profile.baseUrl,
          vaultUrl: profile.vaultUrl,
          key: apiKey,
        },
        { sends: false },
      );
      await secrets.setKey(
        id,
        { ...addressOf(profile), key: apiKey },
        { sessionOnly: sessionOnlyDefault(sessionOnly) },
      );
      await services.reset(id);
      if (store.activeProfileId() === id) warmUp(id);
      await announceProfiles(ctx);
      return profileView(ctx, profile);
    },

    'profiles:testConnection': async (arg) => {
      if (!('id' in arg)) {
        // A key and addresses from the page: a compromised page could put anything in the "key"
        // and point it at its own host. Nothing goes out until the person confirmed those hosts.
        await ctx.keySends.approve(
          { purpose: 'test', baseUrl: arg.baseUrl, vaultUrl: arg.vaultUrl, key: arg.apiKey },
          { sends: true },
        );
        return testConnection(arg.baseUrl, arg.vaultUrl, arg.apiKey);
      }
      // A saved profile is tested with its own key at its own addresses: nothing typed, nothing asked.
      const profile = store.get(arg.id);
      if (!profile) throw new HandlerError('not-found', GONE_MESSAGE);
      if (profile.kind === 'demo') {
        const s = await ctx.demo.start();
        return testConnection(s.apiUrl, s.vaultUrl, s.apiKey);
      }
      const key = await secrets.keyFor(profile.id, addressOf(profile), () => liveAddress(store.get(profile.id)));
      if (!key) throw new HandlerError('no-key', NO_KEY_MESSAGE);
      return testConnection(profile.baseUrl, profile.vaultUrl, key);
    },
  };
}

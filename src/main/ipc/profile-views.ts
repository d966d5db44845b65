import type { ProfilesState, ProfileView } from '../../shared/ipc';
import type { Profile } from '../profiles/profile';
import type { CoreContext } from './context';

/** A profile as the renderer may see it: where it points and whether it has a key, never the key. */
export async function profileView(ctx: CoreContext, p: Profile): Promise<ProfileView> {
  if (p.kind === 'demo') {
    const s = await ctx.demo.running();
    return {
      id: p.id,
      name: p.name,
      kind: 'demo',
      baseUrl: s?.apiUrl ?? '',
      vaultUrl: s?.vaultUrl ?? '',
      hasKey: true,
      keyStorage: 'session',
    };
  }
  const key = await ctx.secrets.hasKey(p.id, { baseUrl: p.baseUrl, vaultUrl: p.vaultUrl });
  return {
    id: p.id,
    name: p.name,
    kind: 'live',
    baseUrl: p.baseUrl,
    vaultUrl: p.vaultUrl,
    hasKey: key.hasKey,
    keyStorage: key.storage,
  };
}

export async function profilesState(ctx: CoreContext): Promise<ProfilesState> {
  const snapshot = ctx.store.snapshot();
  return {
    profiles: await Promise.all(snapshot.profiles.map((p) => profileView(ctx, p))),
    activeProfileId: snapshot.activeProfileId,
    ...(ctx.recovered ? { recovered: { reason: ctx.recovered.reason, setAsidePath: ctx.recovered.setAsidePath } } : {}),
  };
}

/** Tells every window the profiles changed, and returns the new state. */
export async function announceProfiles(ctx: CoreContext): Promise<ProfilesState> {
  const s = await profilesState(ctx);
  ctx.emit('profiles:changed', s);
  return s;
}
